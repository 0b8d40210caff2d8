import { z } from 'zod';

/** Settings → Security → Signed-in devices: the account's sessions, one per signed-in browser. */
export const SESSION_MESSAGES = {
  signedOut: 'Device signed out.',
  othersSignedOut: 'All other devices signed out.',
} as const;

/** One signed-in device as its owner sees it: never the session's token. */
export const ZDevice = z.object({
  id: z.string(),
  /** Browser and its major version from the User-Agent ("Chrome 120"), null when unknown. */
  browser: z.string().nullable(),
  /** Operating system from the User-Agent ("Windows 10", "macOS"), null when unknown. */
  os: z.string().nullable(),
  ipAddress: z.string().nullable(),
  signedInAt: z.string(),
  /** The last request seen from it (to within 5 minutes), or its sign-in. */
  lastSeenAt: z.string(),
  /** The session of the request that asked ("This device"). */
  current: z.boolean(),
});
export type TDevice = z.infer<typeof ZDevice>;

export const ZDeviceList = z.object({ items: z.array(ZDevice) });
export type TDeviceList = z.infer<typeof ZDeviceList>;

export const ZSignedOut = z.object({ signedOut: z.number().int(), message: z.string() });
export type TSignedOut = z.infer<typeof ZSignedOut>;
