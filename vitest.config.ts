import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // One more worker than this machine's two cores: the browser and process tests spend much of
    // their time waiting on Chromium and on the servers they start, and a third worker fills it
    // (the whole suite on PGlite: 7 min 27 s with two, 6 min 35 s with three, every test passing).
    maxWorkers: 3,
    projects: [
      {
        // The Admin UI's pure logic (address parsing, drafts, budget tables): no database, no
        // server, no browser, so `npx vitest run --project ui` checks a change there in seconds.
        test: { name: 'ui', include: ['web/src/**/*.test.ts'] },
      },
      {
        test: {
          name: 'server',
          include: ['src/**/*.test.ts', 'web/e2e/**/*.test.ts'],
          // Builds dist/ and web/dist when stale, and migrates the one template database that
          // every test file clones (src/test/global-setup.ts).
          globalSetup: ['src/test/global-setup.ts'],
          pool: 'forks',
          // Each worker process imports the app's modules once and runs its test files one after
          // another in that module graph: importing them again for every file took half of the
          // suite's time. Files stay independent because each opens its own database and app
          // (src/test/harness.ts); module-level state is per database handle or idempotent.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // expect.poll waits for what a page or a process does in its own time: 1 s (the
          // default) was too short on a loaded 2-core machine (an import committed through the
          // Admin UI).
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
