export { ConfigError, loadConfig, parseEnv, testConfig } from './load.ts';
export type { Config, Secrets } from './schema.ts';
export { cliEnv, type ClientConfig } from './client.ts';
