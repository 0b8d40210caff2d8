import type { TPayoutMethodInput } from '@wavecast/shared';
import { symmetricDecrypt, symmetricEncrypt } from 'better-auth/crypto';

/** What a payout method shows: never the details themselves. */
export function maskMethod(m: TPayoutMethodInput): string {
  if (m.kind === 'paypal') {
    const [local, domain] = m.email.split('@');
    return `PayPal ${local.slice(0, 1)}***@${domain}`;
  }
  if (m.kind === 'stripe') return `Stripe account ••••${m.accountId.slice(-4)}`;
  const digits = m.accountNumber.replace(/\s/g, '');
  return `Bank account ••••${digits.slice(-4)}`;
}

/** A method as stored: its kind and masked form in clear, its details encrypted with the server secret. */
export async function sealMethod(key: string, m: TPayoutMethodInput) {
  return { kind: m.kind, secret: await symmetricEncrypt({ key, data: JSON.stringify(m) }), masked: maskMethod(m) };
}

export async function openMethod(key: string, data: string | null): Promise<TPayoutMethodInput | null> {
  return data ? JSON.parse(await symmetricDecrypt({ key, data })) : null;
}
