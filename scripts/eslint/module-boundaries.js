// The module boundaries of src/, held by two ESLint rules:
// - `ctxhub/module-faces`: a module is entered only through its index.ts. From production code of
//   src/ (modules, cli, app.ts, main.ts, platform, config), an import that resolves to
//   src/modules/<b>/ must name src/modules/<b>/index.ts, unless <b> is the importing file's own
//   module (at any folder depth: integrations/config/, mcp/tools/ ...).
// - `ctxhub/layers`: every part of src/ sits on a layer of LAYERS, and imports only parts on lower
//   layers (type imports too). Parts on one layer never import each other, so the module graph
//   has no cycle and a new module must say where it stands.
// Tests, *.fixtures.ts files and src/test/ are exempted in eslint.config.js.
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

/**
 * The layers of src/, from the ground up. A part is a module (src/modules/<name>), or one of
 * config, platform, composition (app.ts, main.ts, composition.ts, schema.ts: where the modules are
 * tied together) and cli. Why each sits where it does is in docs/ARCHITECTURE.md.
 */
export const LAYERS = [
  ['config'],
  ['platform'],
  ['tenancy'],
  ['access'],
  ['audit'],
  ['api-keys'],
  ['users', 'sessions', 'workspaces', 'memories', 'raw', 'ci-events'],
  ['projects', 'active-work', 'imports', 'outbound'],
  ['resolution', 'integrations', 'codehost', 'context'],
  ['notifications', 'mcp', 'git-events', 'reasoner'],
  ['composition'],
  ['cli'],
];

const rankOf = new Map(LAYERS.flatMap((parts, rank) => parts.map((part) => [part, rank])));
/** The files of the composition layer: the top of src/, where the modules are tied together. */
export const COMPOSITION_FILES = ['app.ts', 'main.ts', 'composition.ts', 'schema.ts'];
const COMPOSITION = new Set(COMPOSITION_FILES);

/** Repository-relative path with forward slashes. */
const relativeToRoot = (file) => path.relative(root, file).split(path.sep).join('/');

/** The module folder name of a repository-relative path under src/modules/, or undefined. */
function moduleOf(relative) {
  const parts = relative.split('/');
  return parts[0] === 'src' && parts[1] === 'modules' && parts.length > 3 ? parts[2] : undefined;
}

/** The part of src/ a repository-relative path belongs to (a LAYERS name), or undefined outside src/. */
function partOf(relative) {
  const parts = relative.split('/');
  if (parts[0] !== 'src' || parts.length < 2) return undefined;
  if (parts.length === 2) return COMPOSITION.has(parts[1]) ? 'composition' : parts[1];
  return parts[1] === 'modules' ? moduleOf(relative) : parts[1];
}

/** Calls `check(node, target)` for every relative import of the file, resolved to the repository. */
function eachRelativeImport(context, check) {
  const resolve = (node, source) => {
    if (typeof source !== 'string' || !source.startsWith('.')) return;
    check(node, relativeToRoot(path.resolve(path.dirname(context.filename), source)), source);
  };
  const fromSource = (node) => {
    if (node.source) resolve(node.source, node.source.value);
  };
  return {
    ImportDeclaration: fromSource,
    ExportNamedDeclaration: fromSource,
    ExportAllDeclaration: fromSource,
    ImportExpression: (node) => {
      if (node.source.type === 'Literal') resolve(node.source, node.source.value);
    },
  };
}

const moduleFaces = {
  meta: {
    type: 'problem',
    docs: { description: "Import another module only through its index.ts (the module's public face)" },
    schema: [],
    messages: {
      deep: "'{{source}}' reaches inside module {{target}}: import it from src/modules/{{target}}/index.ts.",
    },
  },
  create(context) {
    const own = moduleOf(relativeToRoot(context.filename));
    return eachRelativeImport(context, (node, target, source) => {
      const targetModule = moduleOf(target);
      if (targetModule === undefined || targetModule === own) return;
      if (target === `src/modules/${targetModule}/index.ts`) return;
      context.report({ node, messageId: 'deep', data: { source, target: targetModule } });
    });
  },
};

const layers = {
  meta: {
    type: 'problem',
    docs: { description: 'Import only parts of src/ on lower layers (LAYERS in this file)' },
    schema: [],
    messages: {
      unplaced: '{{part}} is on no layer: add it to LAYERS in scripts/eslint/module-boundaries.js.',
      upward:
        '{{from}} (layer {{fromRank}}) may not import {{to}} (layer {{toRank}}): a part imports only ' +
        'parts below it. Move what both need below both, or let the lower one call back through a ' +
        'listener registered in src/composition.ts.',
    },
  },
  create(context) {
    const from = partOf(relativeToRoot(context.filename));
    if (from === undefined) return {};
    const fromRank = rankOf.get(from);
    if (fromRank === undefined) {
      return {
        Program: (node) => context.report({ node, messageId: 'unplaced', data: { part: from } }),
      };
    }
    return eachRelativeImport(context, (node, target) => {
      const to = partOf(target);
      if (to === undefined || to === from) return;
      const toRank = rankOf.get(to);
      if (toRank === undefined) {
        context.report({ node, messageId: 'unplaced', data: { part: to } });
      } else if (toRank >= fromRank) {
        context.report({ node, messageId: 'upward', data: { from, fromRank, to, toRank } });
      }
    });
  },
};

export default { rules: { 'module-faces': moduleFaces, layers } };
