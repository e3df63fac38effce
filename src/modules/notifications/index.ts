/** The public face of the notifications module: what other modules, the CLI and the app may import from it. */
export { forwardAuditEntries, onEntriesForwarded } from './forward-audit-entries.ts';
export { deliverChatJob } from './deliver-chat.ts';
export { notificationRoutes } from './routes.ts';
