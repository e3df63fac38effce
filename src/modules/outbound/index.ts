/** The public face of the outbound module: what other modules, the CLI and the app may import from it. */
export { isOutboundLocale, type OutboundLocale } from './locales.ts';
export { actorLabel, messageVariables } from './message-variables.ts';
export { renderOutboundMessage } from './render-outbound-message.ts';
export { outboundRoutes } from './routes.ts';
