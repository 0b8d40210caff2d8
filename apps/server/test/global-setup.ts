import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client';
import { adminQuery, databaseAt } from './postgres-admin';

/**
 * Migrates one database once; every test app starts from a copy of it: a PGlite dump (initdb is
 * slow), or on PostgreSQL a template database (`CREATE DATABASE … TEMPLATE` instead of 26 migrations).
 */
export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const name = `wavecast_template_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
    await adminQuery(url, `CREATE DATABASE ${name}`);
    const db = await openDatabase({ dataDir: os.tmpdir(), databaseUrl: databaseAt(url, name) });
    await db.close();
    project.provide('postgresTemplate', name);
    return async () => {
      await adminQuery(url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    };
  }
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
    postgresTemplate: string;
  }
}
