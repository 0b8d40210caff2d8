import pg from 'pg';

/** One statement on the server's maintenance connection (CREATE/DROP DATABASE). */
export async function adminQuery(url: string, sql: string): Promise<void> {
  // Copies of one template may not start while another copy is being made from it (55006): wait.
  for (let attempt = 0; ; attempt++) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(sql);
      return;
    } catch (e) {
      if ((e as { code?: string }).code !== '55006' || attempt >= 50) throw e;
    } finally {
      await client.end();
    }
    await new Promise((r) => setTimeout(r, 50 + Math.random() * 100));
  }
}

/** The URL of another database on the same server. */
export function databaseAt(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}
