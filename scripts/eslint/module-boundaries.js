// ESLint rule `ctxhub/module-faces`: a module is entered only through its index.ts.
// From production code of src/modules/<a>/ (and of src/cli, src/app.ts, src/main.ts, src/platform,
// src/config), an import that resolves to src/modules/<b>/ must name src/modules/<b>/index.ts,
// unless <b> is the importing file's own module. The import path is resolved against the importing
// file, so the rule holds at any folder depth (integrations/config/, mcp/tools/ ...). Tests,
// *.fixtures.ts files, src/test/ and the Drizzle schema barrel are exempted in eslint.config.js.
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

/** The module folder name of a repository-relative path under src/modules/, or undefined. */
function moduleOf(relative) {
  const parts = relative.split('/');
  return parts[0] === 'src' && parts[1] === 'modules' && parts.length > 3 ? parts[2] : undefined;
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
    const file = path.relative(root, context.filename).split(path.sep).join('/');
    const own = moduleOf(file);
    function check(node, source) {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = path
        .relative(root, path.resolve(path.dirname(context.filename), source))
        .split(path.sep)
        .join('/');
      const targetModule = moduleOf(target);
      if (targetModule === undefined || targetModule === own) return;
      if (target === `src/modules/${targetModule}/index.ts`) return;
      context.report({ node, messageId: 'deep', data: { source, target: targetModule } });
    }
    const fromSource = (node) => {
      if (node.source) check(node.source, node.source.value);
    };
    return {
      ImportDeclaration: fromSource,
      ExportNamedDeclaration: fromSource,
      ExportAllDeclaration: fromSource,
      ImportExpression: (node) => {
        if (node.source.type === 'Literal') check(node.source, node.source.value);
      },
    };
  },
};

export default { rules: { 'module-faces': moduleFaces } };
