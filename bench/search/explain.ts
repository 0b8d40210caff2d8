// EXPLAIN (ANALYZE, BUFFERS) of the search statement(s) for every bench query, on the database a
// `run.ts --keep` left: where each query's time goes, steadier than wall-clock timings on a busy
// machine. Each statement runs twice first (warm cache), then once under EXPLAIN.
//   BENCH_SEARCH_DB=… npx tsx bench/search/explain.ts [--plans] [query text…]
import { PAGE_SIZES } from '@wavecast/shared';
import pg from 'pg';
import { SEARCH_TRACKS_SQL, searchParams } from '../../apps/server/src/modules/discovery/search-repo';
import { BENCH_PG_URL } from '../postgres';
import { benchQueries } from './queries';

type Plan = { 'Planning Time': number; 'Execution Time': number; Plan: Record<string, number> };

const args = process.argv.slice(2);
const plans = args.includes('--plans');
const texts = args.filter((a) => !a.startsWith('--'));
const client = new pg.Client({
  connectionString: new URL(process.env.BENCH_SEARCH_DB ?? 'wavecast_bench', BENCH_PG_URL).toString(),
});
await client.connect();

async function explain(params: unknown[]): Promise<string> {
  for (let i = 0; i < 2; i++) await client.query(SEARCH_TRACKS_SQL, params);
  const json = await client.query(`EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${SEARCH_TRACKS_SQL}`, params);
  const [p] = (json.rows[0] as { 'QUERY PLAN': Plan[] })['QUERY PLAN'] as [Plan];
  if (plans) {
    const text = await client.query(`EXPLAIN (ANALYZE, BUFFERS) ${SEARCH_TRACKS_SQL}`, params);
    console.log(text.rows.map((r) => r['QUERY PLAN']).join('\n'));
  }
  const buffers = p.Plan['Shared Hit Blocks'] + p.Plan['Shared Read Blocks'];
  return `${p['Planning Time'].toFixed(2)} + ${p['Execution Time'].toFixed(2)} ms, ${buffers} buffers`;
}

const queries = texts.length ? texts.map((q) => ({ kind: 'given', q })) : benchQueries();
let total = { statements: 0 };
for (const { kind, q } of queries) {
  const first = searchParams(q, PAGE_SIZES.searchAudio, null);
  const [row] = (await client.query(SEARCH_TRACKS_SQL, first)).rows as { corrected: string | null }[];
  const parts = [`run 1: ${await explain(first)}`];
  if (row?.corrected) {
    parts.push(`run 2 (${row.corrected}): ${await explain(searchParams(q, PAGE_SIZES.searchAudio, row.corrected))}`);
  }
  total = { statements: total.statements + parts.length };
  console.log(`${kind.padEnd(17)} ${JSON.stringify(q).padEnd(22)} ${parts.join(' | ')}`);
}
console.log(`${total.statements} statements for ${queries.length} queries`);
await client.end();
