import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client';

/** Migrates one PGlite database once; every test file starts from a copy of it (initdb is slow). */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL) return;
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'wavecast-template-'));
  const db = await openDatabase({ dataDir: dir, inMemory: true });
  const file = path.join(dir, 'template.tar.gz');
  await fs.writeFile(file, Buffer.from(await (await db.dump?.())!.arrayBuffer()));
  await db.close();
  project.provide('pgliteTemplate', file);
  return async () => {
    await fs.rm(dir, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}
