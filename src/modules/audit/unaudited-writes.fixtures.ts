/**
 * Finds transactions that write a table and append no audit entry, by reading the sources (the
 * TypeScript parser only: no type checking, no database).
 *
 * A transaction is the work given to `inTransaction(ctx, work)` in a file of src/modules/, or the
 * function given to a wrapper that runs its argument inside one (a function whose own
 * `inTransaction` work calls one of its parameters, e.g. the project membership verbs'
 * `asMaintainer`). What the work does is what its body does, with every function it calls that
 * the sources define (same file, or imported by a relative path, through faces' re-exports):
 * - it **writes** with `<x>.db.insert(`, `.update(` or `.delete(`, `insertJsonRows(`, or a `sql`
 *   template that inserts, updates or deletes;
 * - it **audits** when it reaches `appendAudit` or `appendAudits` (src/modules/audit), directly or
 *   through a function that does (`recordAccessChange`, `storeMemories`, `resetKeysWithAudit` ...).
 * Calls the sources cannot name (a method of an object, a callback held in a variable) are not
 * followed: they neither write nor audit here.
 */
import ts from 'typescript';

export interface UnauditedWrite {
  /** `<file>#<function>`: the function that opens the transaction (or calls the wrapper). */
  site: string;
  line: number;
  /** What it writes, as written (`ctx.db.insert(users)` ...). */
  writes: string[];
}

const AUDIT_FILE = 'src/modules/audit/audit-entries.ts';
const APPENDS = new Set(['appendAudit', 'appendAudits']);
const SQL_WRITE = /\b(insert\s+into|update\s+\S+\s+set|delete\s+from)\b/i;

type Fn = ts.FunctionLikeDeclaration;
interface Effects {
  writes: string[];
  audits: boolean;
}

/** `<x>.db.insert(...)`, `db.update(...)`, `tx.db.delete(...)`: not a hash's update nor a map's delete. */
function isDbWrite(call: ts.CallExpression): boolean {
  const target = call.expression;
  if (!ts.isPropertyAccessExpression(target) || !['insert', 'update', 'delete'].includes(target.name.text))
    return false;
  const on = target.expression;
  return (
    (ts.isPropertyAccessExpression(on) && on.name.text === 'db') || (ts.isIdentifier(on) && on.text === 'db')
  );
}

/** A write as a reader finds it: `ctx.db.delete(uiSessions)`, `sql\`update ${rawSessions} set ...`. */
function shown(n: ts.CallExpression | ts.TaggedTemplateExpression): string {
  const text = ts.isCallExpression(n)
    ? `${n.expression.getText()}(${n.arguments.map((a) => a.getText()).join(', ')})`
    : n.getText();
  const flat = text.replace(/\s+/g, ' ').replace(/ ?\. ?/g, '.');
  return flat.length > 60 ? `${flat.slice(0, 57)}...` : flat;
}

const isFunction = (n: ts.Node | undefined): n is Fn =>
  !!n && (ts.isFunctionDeclaration(n) || ts.isArrowFunction(n) || ts.isFunctionExpression(n));

/** `a/b/c.ts` + `../d.ts` -> `a/d.ts`. */
function resolvePath(from: string, spec: string): string {
  const parts = from.split('/').slice(0, -1);
  for (const p of spec.split('/')) {
    if (p === '..') parts.pop();
    else if (p !== '.') parts.push(p);
  }
  return parts.join('/');
}

/** The sources of src/, text by path from the repository root, analysed together. */
export function unauditedWrites(sources: Map<string, string>): UnauditedWrite[] {
  const files = new Map<string, ts.SourceFile>();
  for (const [path, text] of sources)
    files.set(path, ts.createSourceFile(path, text, ts.ScriptTarget.ES2022, true));
  const fileOf = (n: ts.Node) => n.getSourceFile().fileName;

  /** A file's top-level functions, and where its imported and re-exported names come from. */
  const scopes = new Map<string, { fns: Map<string, Fn>; links: Map<string, [string, string]> }>();
  for (const [path, sf] of files) {
    const fns = new Map<string, Fn>();
    const links = new Map<string, [string, string]>();
    for (const st of sf.statements) {
      if (ts.isFunctionDeclaration(st) && st.name) fns.set(st.name.text, st);
      if (ts.isVariableStatement(st))
        for (const d of st.declarationList.declarations)
          if (ts.isIdentifier(d.name) && isFunction(d.initializer)) fns.set(d.name.text, d.initializer);
      const spec = (ts.isImportDeclaration(st) || ts.isExportDeclaration(st)) && st.moduleSpecifier;
      if (!spec || !ts.isStringLiteral(spec) || !spec.text.startsWith('.')) continue;
      const target = resolvePath(path, spec.text);
      const named = ts.isImportDeclaration(st) ? st.importClause?.namedBindings : st.exportClause;
      if (named && (ts.isNamedImports(named) || ts.isNamedExports(named)))
        for (const el of named.elements) links.set(el.name.text, [target, (el.propertyName ?? el.name).text]);
    }
    scopes.set(path, { fns, links });
  }

  /** The function `name` stands for in `file`, following imports and re-exports. */
  function resolve(file: string, name: string, depth = 0): Fn | undefined {
    const scope = scopes.get(file);
    if (!scope || depth > 10) return undefined;
    const link = scope.links.get(name);
    return scope.fns.get(name) ?? (link ? resolve(link[0], link[1], depth + 1) : undefined);
  }
  const callee = (call: ts.CallExpression) =>
    ts.isIdentifier(call.expression) ? resolve(fileOf(call), call.expression.text) : undefined;

  const memo = new Map<ts.Node, Effects>();
  /** What `body` writes and whether it audits, with the functions it calls (cycles end empty). */
  function effectsOf(body: ts.Node): Effects {
    const known = memo.get(body);
    if (known) return known;
    const effects: Effects = { writes: [], audits: false };
    memo.set(body, effects);
    const visit = (n: ts.Node): void => {
      if (
        ts.isTaggedTemplateExpression(n) &&
        n.tag.getText() === 'sql' &&
        SQL_WRITE.test(n.template.getText())
      )
        effects.writes.push(shown(n));
      if (ts.isCallExpression(n)) {
        if (isDbWrite(n) || n.expression.getText() === 'insertJsonRows') effects.writes.push(shown(n));
        const fn = callee(n);
        if (
          fn &&
          fileOf(fn) === AUDIT_FILE &&
          ts.isFunctionDeclaration(fn) &&
          APPENDS.has(fn.name?.text ?? '')
        )
          effects.audits = true;
        else if (fn?.body) {
          const inner = effectsOf(fn.body);
          effects.writes.push(...inner.writes);
          effects.audits ||= inner.audits;
        }
      }
      ts.forEachChild(n, visit);
    };
    visit(body);
    return effects;
  }

  /** `<file>#<name>` of the named function around `n` (a variable's name for an arrow function). */
  function siteOf(n: ts.Node): string {
    for (let p: ts.Node | undefined = n.parent; p; p = p.parent) {
      if (ts.isFunctionDeclaration(p) && p.name) return `${fileOf(n)}#${p.name.text}`;
      if (isFunction(p) && ts.isVariableDeclaration(p.parent) && ts.isIdentifier(p.parent.name))
        return `${fileOf(n)}#${p.parent.name.text}`;
    }
    return `${fileOf(n)}#(top level)`;
  }

  const found: UnauditedWrite[] = [];
  const check = (work: ts.Node | undefined, at: ts.CallExpression) => {
    const fn = isFunction(work)
      ? work
      : work && ts.isIdentifier(work)
        ? resolve(fileOf(at), work.text)
        : undefined;
    const effects = fn?.body ? effectsOf(fn.body) : { writes: [], audits: false };
    if (effects.writes.length > 0 && !effects.audits) {
      const line = at.getSourceFile().getLineAndCharacterOfPosition(at.getStart()).line + 1;
      found.push({ site: siteOf(at), line, writes: effects.writes });
    }
  };
  /** Wrappers: a function whose transaction work calls its parameter at `index`. */
  const wrappers = new Map<Fn, number[]>();
  const calls: ts.CallExpression[] = [];
  for (const [path, sf] of files) {
    if (!path.startsWith('src/modules/')) continue;
    const visit = (n: ts.Node): void => {
      if (ts.isCallExpression(n)) calls.push(n);
      if (ts.isCallExpression(n) && ts.isIdentifier(n.expression) && n.expression.text === 'inTransaction') {
        const [, work] = n.arguments;
        check(work, n);
        const outer = ts.findAncestor(n.parent, isFunction);
        const params = outer?.parameters.map((p) => p.name.getText()) ?? [];
        const called = new Set<number>();
        const find = (m: ts.Node): void => {
          if (ts.isCallExpression(m) && params.includes(m.expression.getText()))
            called.add(params.indexOf(m.expression.getText()));
          ts.forEachChild(m, find);
        };
        if (work) find(work);
        if (outer && called.size > 0) wrappers.set(outer, [...called]);
      }
      ts.forEachChild(n, visit);
    };
    visit(sf);
  }
  for (const call of calls) {
    const fn = callee(call);
    for (const index of (fn && wrappers.get(fn)) ?? []) check(call.arguments[index], call);
  }
  return found;
}
