/** The public face of the api-keys module: what other modules, the CLI and the app may import from it. */
export { authenticateApiKey, keyActor } from './authenticate.ts';
export { apiKeys } from './table.ts';
export { issueOneTimeKey, resetKeysWithAudit } from './one-time-key-links.ts';
export type { IssuedLink } from './one-time-key-links.ts';
export { apiKeyRoutes } from './routes.ts';
export { oneTimeLinkRoutes } from './one-time-routes.ts';
