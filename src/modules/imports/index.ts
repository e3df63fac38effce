/** The public face of the imports module: what other modules, the CLI and the app may import from it. Files that import no other module come first (see module-faces.test.ts). */
export { importRoutes } from './routes.ts';
export { scheduleImportSweep } from './schedule-import-sweep.ts';
