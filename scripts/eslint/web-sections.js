// ESLint rules of the Admin UI's layers (web/src/), wired in eslint.config.js:
// - `ctxhub-web/sections`: a section (web/src/sections/<name>/) imports no other section's files:
//   what two sections share lives in web/src/ui/ or web/src/api/. Those two import no section and
//   not the shell, so a section can be moved or removed without touching anything but the routes.
// - `ctxhub-web/api-calls`: only web/src/api/ calls the API (`request` of client.ts, request.ts,
//   upload.ts). Pages reach it through the query factories (web/src/api/queries/), which name each
//   answer's type once; a type import is fine anywhere.
// Import paths are resolved against the importing file, so the rules hold at any folder depth.
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
const WEB = 'web/src/';
const CALLERS = ['web/src/api/request.ts', 'web/src/api/upload.ts'];

/** The repository-relative path of a file, with forward slashes. */
const relative = (file) => path.relative(root, file).split(path.sep).join('/');

/** Where a web/src/ path belongs: `api`, `ui`, `shell`, `section:<name>`, `sections` (their folder's own files) or `app`. */
function layerOf(file) {
  if (!file.startsWith(WEB)) return undefined;
  const parts = file.slice(WEB.length).split('/');
  if (parts[0] === 'sections') return parts.length > 2 ? `section:${parts[1]}` : 'sections';
  if (parts[0] === 'api' || parts[0] === 'ui' || parts[0] === 'shell') return parts[0];
  return 'app';
}

const typeOnly = (node) =>
  node.importKind === 'type' ||
  node.exportKind === 'type' ||
  (node.specifiers?.length > 0 && node.specifiers.every((s) => s.importKind === 'type'));

/** Calls `check(node, target)` for every relative import or re-export of a file, target resolved. */
function eachImport(context, check) {
  const visit = (node) => {
    const source = node.source?.value;
    if (typeof source !== 'string' || !source.startsWith('.')) return;
    check(node, relative(path.resolve(path.dirname(context.filename), source)));
  };
  return { ImportDeclaration: visit, ExportNamedDeclaration: visit, ExportAllDeclaration: visit };
}

const sections = {
  meta: {
    type: 'problem',
    docs: { description: "A section imports no other section's files; ui/ and api/ import no section" },
    schema: [],
    messages: {
      crossing:
        "'{{source}}' is a file of section {{target}}: move what both sections use to web/src/ui/ or web/src/api/.",
      upward:
        "'{{source}}' is web/src/{{target}}: web/src/{{layer}}/ serves the sections and the shell, and imports from neither.",
    },
  },
  create(context) {
    const own = layerOf(relative(context.filename));
    if (own === undefined) return {};
    return eachImport(context, (node, target) => {
      const layer = layerOf(target);
      if (layer === undefined || layer === own) return;
      const source = node.source.value;
      const sectionTarget = layer.startsWith('section:');
      if ((own.startsWith('section:') || own === 'sections') && sectionTarget)
        context.report({ node, messageId: 'crossing', data: { source, target: layer.slice(8) } });
      if ((own === 'api' || own === 'ui') && (sectionTarget || layer === 'sections' || layer === 'shell'))
        context.report({
          node,
          messageId: 'upward',
          data: { source, target: target.slice(WEB.length), layer: own },
        });
    });
  },
};

const apiCalls = {
  meta: {
    type: 'problem',
    docs: { description: 'Only web/src/api/ calls the API; pages use the query factories' },
    schema: [],
    messages: {
      call: "'{{source}}' calls the API: use the query factory of the resource (web/src/api/queries/), which names the answer's type.",
    },
  },
  create(context) {
    if (layerOf(relative(context.filename)) === 'api') return {};
    return eachImport(context, (node, target) => {
      if (typeOnly(node)) return;
      const namesRequest =
        target === 'web/src/api/client.ts' &&
        node.specifiers?.some((s) => s.imported?.name === 'request' && s.importKind !== 'type');
      if (CALLERS.includes(target) || namesRequest)
        context.report({ node, messageId: 'call', data: { source: node.source.value } });
    });
  },
};

export default { rules: { sections, 'api-calls': apiCalls } };
