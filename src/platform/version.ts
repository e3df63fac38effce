import { createRequire } from 'node:module';

/** ctxhub's version, from package.json. */
export const { version } = createRequire(import.meta.url)('../../package.json') as { version: string };
