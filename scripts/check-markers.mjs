// Fails when a tracked file still holds a merge's conflict markers (biome reads only code; a README
// once kept them through two merges).
import { execFileSync } from 'node:child_process';

let found = '';
try {
  found = execFileSync('git', ['grep', '-n', '-I', '-E', '^(<<<<<<<|>>>>>>>) '], { encoding: 'utf8' });
} catch (err) {
  if (err.status !== 1) throw err; // 1: no match
}
if (found) {
  console.error(`check-markers: conflict markers left by a merge:\n${found}`);
  process.exit(1);
}
console.log('check-markers: no conflict markers');
