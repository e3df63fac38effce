// The client commands import config/client.ts itself: they never load the server's schema.
export { ConfigError } from './config-error.ts';
export { loadConfig, parseEnv, testConfig } from './load.ts';
export type { CodehostConfig, Config, IntegrationEnv, Provider } from './schema.ts';
export { accountEmail, CHAT_FORMATS, PROVIDERS, REASONER_LLM_PROVIDERS, serviceUrl } from './schema.ts';
