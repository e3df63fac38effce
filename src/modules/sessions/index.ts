/** The public face of the sessions module (Admin UI sign-in): what other modules, the CLI and the app may import from it. */
export { findSession } from './session-lookup.ts';
export { sessionRoutes } from './routes.ts';
export { scheduleSessionSweep } from './schedule-session-sweep.ts';
