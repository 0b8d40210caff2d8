// `npm start`: builds the web app and the server when needed, then runs the compiled server
// (apps/server/dist/main.js) on the embedded defaults. `npm run dev` and the tests run the source.
import { spawn } from 'node:child_process';
import { buildServerIfStale, SERVER_MAIN } from './build-server.mjs';
import { buildWebIfStale } from './build-web.mjs';

buildWebIfStale();
await buildServerIfStale();
const child = spawn(process.execPath, ['--enable-source-maps', SERVER_MAIN], { stdio: 'inherit', env: process.env });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
