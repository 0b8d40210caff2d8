import { createHash } from 'node:crypto';
import { checksSchema, registerSchemaCheck, schemaCheckFor } from '@better-auth/core/db/internal';
import type { BetterAuthOptions, DBAdapter, DBTransactionAdapter, Where } from 'better-auth';

/**
 * The column a session cookie is looked up by holds hex SHA-256 of the token, never the token: a
 * leaked database (or backup) signs nobody in. A fast hash suffices for 32 random characters (no
 * guessing to slow down), and it is what migration 0024 computed for the rows it converted.
 */
export const hashSessionToken = (token: string): string => createHash('sha256').update(token).digest('hex');

type AdapterFactory = (options: BetterAuthOptions) => DBAdapter<BetterAuthOptions>;
type Row = Record<string, unknown> | null;

/**
 * better-auth keeps session tokens as they are and has no option to hash them (only verification
 * identifiers), so its adapter is wrapped: on the session model every token it writes or looks up
 * by is hashed on the way in, and a row coming back carries the plain token again when the caller
 * gave it (create, find or update by token: the cookie is signed from it). Rows listed by user keep
 * the hash: they are only listed, and a hash looks nothing up (we revoke sessions by id).
 */
export function withHashedSessionTokens(factory: AdapterFactory): AdapterFactory {
  return (options) => {
    const adapter = factory(options);
    const hashed = { ...adapter, ...hashing(adapter), transaction: hashingTransaction(adapter) };
    // better-auth validates the schema through a check registered on the adapter object itself.
    const check = schemaCheckFor(adapter);
    if (check) registerSchemaCheck(hashed, check, { runtimeEnabled: checksSchema(options) });
    return hashed;
  };
}

const SESSION = 'session';

function hashingTransaction(adapter: DBAdapter<BetterAuthOptions>): DBAdapter<BetterAuthOptions>['transaction'] {
  return (callback) => adapter.transaction((trx) => callback({ ...trx, ...hashing(trx) }));
}

/** The session-model methods with tokens hashed in and restored out; other models pass through. */
function hashing(a: DBTransactionAdapter<BetterAuthOptions>): Omit<DBTransactionAdapter<BetterAuthOptions>, 'id'> {
  return {
    ...a,
    create: async (args) => {
      if (args.model !== SESSION) return a.create(args);
      const plain = new Plain();
      const data = plain.data(args.data as Record<string, unknown>);
      return plain.restore((await a.create({ ...args, data } as typeof args)) as Row) as never;
    },
    findOne: async (args) => {
      if (args.model !== SESSION) return a.findOne(args);
      const plain = new Plain();
      return plain.restore(await a.findOne({ ...args, where: plain.where(args.where) })) as never;
    },
    findMany: async (args) => {
      if (args.model !== SESSION) return a.findMany(args);
      const plain = new Plain();
      const rows = await a.findMany({ ...args, where: args.where && plain.where(args.where) });
      return rows.map((row) => plain.restore(row as Row)) as never;
    },
    update: async (args) => {
      if (args.model !== SESSION) return a.update(args);
      const plain = new Plain();
      const where = plain.where(args.where);
      return plain.restore(await a.update({ ...args, where, update: plain.data(args.update) })) as never;
    },
    updateMany: (args) =>
      args.model !== SESSION
        ? a.updateMany(args)
        : a.updateMany({ ...args, where: new Plain().where(args.where), update: new Plain().data(args.update) }),
    count: (args) =>
      args.model !== SESSION ? a.count(args) : a.count({ ...args, where: args.where && new Plain().where(args.where) }),
    delete: (args) =>
      args.model !== SESSION ? a.delete(args) : a.delete({ ...args, where: new Plain().where(args.where) }),
    deleteMany: (args) =>
      args.model !== SESSION ? a.deleteMany(args) : a.deleteMany({ ...args, where: new Plain().where(args.where) }),
    consumeOne: async (args) => {
      if (args.model !== SESSION) return a.consumeOne(args);
      const plain = new Plain();
      return plain.restore(await a.consumeOne({ ...args, where: plain.where(args.where) })) as never;
    },
    incrementOne: async (args) => {
      if (args.model !== SESSION) return a.incrementOne(args);
      const plain = new Plain();
      const set = args.set && plain.data(args.set);
      return plain.restore(await a.incrementOne({ ...args, where: plain.where(args.where), set })) as never;
    },
  };
}

/** The plain tokens one call hashed, by hash, to put back into the rows it returns. */
class Plain {
  private readonly byHash = new Map<string, string>();

  private hash(token: unknown): unknown {
    if (typeof token !== 'string') return token;
    const hash = hashSessionToken(token);
    this.byHash.set(hash, token);
    return hash;
  }

  data<T extends Record<string, unknown>>(data: T): T {
    return 'token' in data ? { ...data, token: this.hash(data.token) } : data;
  }

  where(where: Where[]): Where[] {
    return where.map((w) =>
      w.field !== 'token'
        ? w
        : { ...w, value: Array.isArray(w.value) ? w.value.map((v) => this.hash(v)) : this.hash(w.value) },
    ) as Where[];
  }

  restore(row: Row): Row {
    const plain = row && typeof row.token === 'string' ? this.byHash.get(row.token) : undefined;
    return plain === undefined || !row ? row : { ...row, token: plain };
  }
}
