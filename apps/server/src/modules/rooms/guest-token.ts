import { createHash } from 'node:crypto';

/** A guest's token as kept (hashed: the table never holds one that could be replayed). */
export const hashGuestToken = (token: string) => createHash('sha256').update(token).digest('hex');
