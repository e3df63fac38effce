import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'web/e2e/**/*.test.ts', 'web/src/**/*.test.ts'],
    globalSetup: ['src/test/global-setup.ts'],
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // expect.poll waits for what a page or a process does in its own time: 1 s (the default) was
    // too short on a loaded 2-core machine (an import committed through the Admin UI).
    expect: { poll: { timeout: 10_000 } },
  },
});
