/** The public face of the outbound module: what other modules, the CLI and the app may import from it. Files that import no other module come first (see module-faces.test.ts). */
export { renderTemplate, templateProblem } from './liquid-template.ts';
