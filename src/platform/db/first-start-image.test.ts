import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { newPglite, wrapPglite } from './client.ts';
import { imageFingerprint, imageIsCurrent, seedFromImage, writeImage } from './first-start-image.ts';
import { MIGRATIONS_FOLDER } from './migrate.ts';
import { queryRows } from './query-rows.ts';

/**
 * The first-start image, in a folder of this test's own: made once (from the run's migrated
 * template), then copied into new data directories only, and only while it matches the installed
 * PGlite and the migrations. On PostgreSQL runs the template is made by initdb here.
 */
let scratch: string;
let imageDir: string;
let made = 0;

/** What the build runs: a migrated database in `dir` (here a copy of the run's template). */
async function make(dir: string): Promise<void> {
  made += 1;
  const template = inject('pgliteTemplateDir');
  if (template) {
    cpSync(template, dir, { recursive: true });
    return;
  }
  const database = await wrapPglite(newPglite(dir));
  await database.migrate();
  await database.close();
}

const journalEntries = () =>
  (
    JSON.parse(readFileSync(join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as {
      entries: unknown[];
    }
  ).entries.length;

beforeAll(() => {
  scratch = mkdtempSync(join(tmpdir(), 'ctxhub-image-'));
  imageDir = join(scratch, 'image');
});

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('the first-start image', () => {
  it('is made once: a current image is not made again', async () => {
    expect(imageIsCurrent(imageDir)).toBe(false);
    expect(await writeImage(make, imageDir)).toBe(true);
    expect(imageIsCurrent(imageDir)).toBe(true);
    expect(JSON.parse(readFileSync(join(imageDir, 'image.json'), 'utf8'))).toEqual({
      fingerprint: imageFingerprint(),
    });
    expect(await writeImage(make, imageDir)).toBe(false);
    expect(made).toBe(1);
    // Nothing is left beside it.
    expect(readdirSync(scratch)).toEqual(['image']);
  }, 120_000);

  it('seeds a new data directory with a migrated database that has no users', async () => {
    const dir = join(scratch, 'new', 'pglite');
    expect(seedFromImage(dir, imageDir)).toBe(true);
    expect(existsSync(join(dir, 'PG_VERSION'))).toBe(true);
    expect(readdirSync(join(scratch, 'new'))).toEqual(['pglite']); // no copy left beside it
    const database = await wrapPglite(newPglite(dir));
    try {
      const count = async (query: SQL) => (await queryRows<{ n: number }>(database.db, query))[0]!.n;
      expect(await count(sql`select count(*)::int as n from drizzle.__drizzle_migrations`)).toBe(
        journalEntries(),
      );
      expect(await count(sql`select count(*)::int as n from users`)).toBe(0);
    } finally {
      await database.close();
    }
  }, 120_000);

  it('seeds an empty directory too, and never one that holds anything', () => {
    const empty = join(scratch, 'empty');
    mkdirSync(empty);
    expect(seedFromImage(empty, imageDir)).toBe(true);
    expect(existsSync(join(empty, 'PG_VERSION'))).toBe(true);

    const used = join(scratch, 'used');
    mkdirSync(used);
    writeFileSync(join(used, 'something'), 'kept');
    expect(seedFromImage(used, imageDir)).toBe(false);
    expect(readdirSync(used)).toEqual(['something']);
  });

  it('is not used once PGlite or the migrations changed (another fingerprint), nor when missing', () => {
    writeFileSync(join(imageDir, 'image.json'), JSON.stringify({ fingerprint: 'made-by-another-version' }));
    expect(imageIsCurrent(imageDir)).toBe(false);
    const dir = join(scratch, 'stale', 'pglite');
    expect(seedFromImage(dir, imageDir)).toBe(false);
    expect(existsSync(dir)).toBe(false);

    expect(seedFromImage(dir, join(scratch, 'no-image'))).toBe(false);
    expect(existsSync(dir)).toBe(false);
  });
});
