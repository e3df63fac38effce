import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { PGLITE_EXTENSIONS } from '../platform/db/client.ts';
import { seedFromImage } from '../platform/db/first-start-image.ts';
import { migratePgliteClient, migratePostgres } from '../platform/db/migrate.ts';
import { adminUrl, withDatabase } from './pg-urls.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplateDir: string;
    pgTemplateDatabase: string;
  }
}

const BUILD_SCRIPTS = ['build.js', 'build-web.js'].map((name) =>
  fileURLToPath(new URL(`../../scripts/${name}`, import.meta.url)),
);

/**
 * Tests that start `ctxhub` as a process run the compiled dist/ and serve the built Admin UI, as
 * users do: both are rebuilt first when a source changed since the last build.
 *
 * Migrates one template database for the whole run; every test file then clones it (a directory
 * copy for PGlite, CREATE DATABASE ... TEMPLATE for PostgreSQL) instead of running initdb. On
 * PGlite the template is a copy of the first-start image when a current one exists.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  for (const script of BUILD_SCRIPTS) {
    execFileSync(process.execPath, [script, '--if-stale'], { stdio: 'inherit', timeout: 120_000 });
  }
  const url = process.env.DATABASE_URL;
  if (url) {
    const template = `ctxhub_tpl_${process.pid}`;
    const admin = new pg.Client({ connectionString: adminUrl(url) });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${template}`);
    await admin.query(`CREATE DATABASE ${template}`);
    await migratePostgres(withDatabase(url, template));
    project.provide('pgTemplateDatabase', template);
    project.provide('pgliteTemplateDir', '');
    return async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`).catch(() => undefined);
      await admin.end();
    };
  }
  const dir = mkdtempSync(join(tmpdir(), 'ctxhub-tpl-'));
  // The first-start image (made by the build) is that template already; without one, initdb.
  if (!seedFromImage(dir)) {
    const client = new PGlite(dir, { extensions: PGLITE_EXTENSIONS });
    await client.waitReady;
    await migratePgliteClient(client);
    await client.close();
  }
  project.provide('pgliteTemplateDir', dir);
  project.provide('pgTemplateDatabase', '');
  return async () => rmSync(dir, { recursive: true, force: true });
}
