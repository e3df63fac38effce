export { ConfigError } from './config-error.ts';
export { loadConfig, parseEnv, testConfig } from './load.ts';
export type { Config, IntegrationEnv, Provider, Secrets } from './schema.ts';
export { accountEmail, CHAT_FORMATS, PROVIDERS, REASONER_LLM_PROVIDERS, serviceUrl } from './schema.ts';
export { clientEnv, type ClientConfig } from './client.ts';
