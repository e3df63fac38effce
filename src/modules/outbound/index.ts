/** The public face of the outbound module: what other modules, the CLI and the app may import from it. Files that import no other module come first (see module-faces.test.ts). */
export { isOutboundLocale, type OutboundLocale } from './locales.ts';
export { actorLabel, messageVariables } from './message-variables.ts';
export { renderOutboundMessage } from './render-outbound-message.ts';
export { outboundRoutes } from './routes.ts';
