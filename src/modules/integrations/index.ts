/** The public face of the integrations module: what other modules, the CLI and the app may import from it. */
export { MAX_READ_CHARS, MAX_SEARCH_LIMIT } from './provider/source-schemas.ts';
export { SEVERITIES, type Severity } from './config/providers.ts';
export { chatTargets } from './chat/chat-routing.ts';
export { trackerReadAnswer, trackerReadQuery, trackerSearchAnswer } from './tracker/schemas.ts';
export { wikiReadAnswer, wikiReadQuery, wikiSearchAnswer } from './wiki/schemas.ts';
export { integrationRoutes } from './config/routes.ts';
export { trackerRoutes } from './tracker/routes.ts';
export { wikiRoutes } from './wiki/routes.ts';
export { integrationIn, integrationsIn } from './config/configured-integration.ts';
export { chatPayload } from './chat/chat-message.ts';
export { sendChatMessage } from './chat/send-chat-message.ts';
export { isConfigured } from './config/effective-integration.ts';
export { chatRoutes } from './chat/routes.ts';
export { askModel } from './model/ask-model.ts';
export { ModelFailure, type ModelFailureKind } from './model/model-failure.ts';
export { modelRoutes } from './model/routes.ts';
