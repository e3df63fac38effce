#!/usr/bin/env node
// `npm run verify` step: every Markdown link of README.md and docs/ names a file that exists (and a
// heading of it, for a #anchor), and every file path cited in a comment of src/, bench/, eval/ and
// scripts/ names a file that exists: resolved from the repository root, then from src/, then from
// the commenting file's folder; and the table of layers in docs/ARCHITECTURE.md is the one the
// lint rule holds (LAYERS of scripts/eslint/module-boundaries.js). Prints each problem as
// `file:line: what is wrong`; exits 1 if any.
// Plain Node with no dependencies, so it runs before anything is installed or compiled.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { COMPOSITION_FILES, LAYERS } from './eslint/module-boundaries.js';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const SOURCE_DIRS = ['src', 'bench', 'eval', 'scripts'];
const SOURCE_FILE = /\.(ts|js|mjs)$/;
/** Built or generated at run time, never committed: a comment may name what is found there. */
const GENERATED =
  /^(dist|web\/dist|data|coverage|node_modules|\.dist-[^/]*|\.bench-tmp|\.bench-cache|\.ci-out)\//;
/** A path in prose: folders, then a file name with an extension (`platform/http/errors.ts`). */
const PATH_TOKEN =
  /(?<![\w@:/.<*-])(?:\.{1,2}\/)*(?:[\w-][\w.-]*\/)+[\w-][\w.-]*\.[a-z][a-z0-9]{0,5}(?![\w/*<-])/g;
/** A folder in prose: two segments or more, ending with a slash (`platform/http/`). */
const FOLDER_TOKEN = /(?<![\w@:/.<*-])(?:\.{1,2}\/)*(?:[\w-][\w.-]*\/){2,}(?![\w*<-])/g;

const problems = [];
const problem = (file, line, message) => problems.push(`${file}:${line}: ${message}`);

function walk(dir, keep) {
  const out = [];
  if (!existsSync(join(root, dir))) return out;
  for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) out.push(...walk(path, keep));
    else if (keep(entry.name)) out.push(path);
  }
  return out;
}

const isFile = (path) => existsSync(path) && statSync(path).isFile();
const lineAt = (text, index) => text.slice(0, index).split('\n').length;

// ---- Markdown links ----

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens. */
const slug = (heading) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/`/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');

/** Markdown text with fenced blocks and code spans blanked (same length, same lines). */
const withoutCode = (text) =>
  text
    .replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, (block) => block.replace(/[^\n]/g, ' '))
    .replace(/`[^`\n]*`/g, (span) => ' '.repeat(span.length));

const anchorsOf = new Map();
function anchors(file) {
  if (!anchorsOf.has(file)) {
    const seen = new Map();
    const found = new Set();
    const text = readFileSync(file, 'utf8').replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '');
    for (const [, heading] of text.matchAll(/^#{1,6}\s+(.*?)\s*#*\s*$/gm)) {
      const base = slug(heading);
      const n = seen.get(base) ?? 0;
      seen.set(base, n + 1);
      found.add(n === 0 ? base : `${base}-${n}`);
    }
    for (const [, id] of readFileSync(file, 'utf8').matchAll(/<a\s+(?:name|id)="([^"]+)"/g)) found.add(id);
    anchorsOf.set(file, found);
  }
  return anchorsOf.get(file);
}

const markdown = [
  ...(existsSync(join(root, 'README.md')) ? ['README.md'] : []),
  ...walk('docs', (n) => n.endsWith('.md')),
];
for (const file of markdown) {
  const text = withoutCode(readFileSync(join(root, file), 'utf8'));
  for (const match of text.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
    const target = match[1];
    if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // https:, mailto: ...
    const line = lineAt(text, match.index);
    const [pathPart, anchor] = target.split('#', 2);
    const path = pathPart ? resolve(root, dirname(file), decodeURIComponent(pathPart)) : join(root, file);
    if (!existsSync(path)) {
      problem(file, line, `link target ${pathPart} does not exist`);
      continue;
    }
    if (
      anchor &&
      statSync(path).isFile() &&
      path.endsWith('.md') &&
      !anchors(path).has(anchor.toLowerCase())
    ) {
      problem(file, line, `no heading for #${anchor} in ${relative(root, path)}`);
    }
  }
}

// ---- Paths cited in comments ----

/** Punctuators and keywords after which a `/` starts a regular expression, not a division. */
const REGEX_AFTER =
  /(?:^|[(,=:[!&|?{};+\-*%<>~^]|\b(?:return|typeof|case|do|else|in|of|new|delete|void|throw|yield|await))\s*$/;

/** The comments of JavaScript or TypeScript source, each with the line it starts on. */
function commentsOf(text) {
  const comments = [];
  let i = 0;
  let line = 1;
  const braces = []; // for each open `${`, the brace depth at which its template resumes
  let depth = 0;
  const advance = (to) => {
    for (; i < to; i++) if (text[i] === '\n') line++;
  };
  const skipString = (quote) => {
    let j = i + 1;
    while (j < text.length && text[j] !== quote && text[j] !== '\n') j += text[j] === '\\' ? 2 : 1;
    advance(j + 1);
  };
  /** From inside a template literal: to its end, or into a `${` expression. */
  const skipTemplate = () => {
    let j = i;
    while (j < text.length && text[j] !== '`') {
      if (text[j] === '\\') j += 2;
      else if (text[j] === '$' && text[j + 1] === '{') {
        braces.push(depth);
        depth++;
        advance(j + 2);
        return;
      } else j++;
    }
    advance(j + 1);
  };
  while (i < text.length) {
    const c = text[i];
    const next = text[i + 1];
    if (c === '/' && next === '/') {
      const end = text.indexOf('\n', i);
      const stop = end === -1 ? text.length : end;
      comments.push({ line, text: text.slice(i + 2, stop) });
      advance(stop);
    } else if (c === '/' && next === '*') {
      const end = text.indexOf('*/', i + 2);
      const stop = end === -1 ? text.length : end + 2;
      comments.push({ line, text: text.slice(i + 2, stop - 2) });
      advance(stop);
    } else if (c === '"' || c === "'") skipString(c);
    else if (c === '`') {
      advance(i + 1);
      skipTemplate();
    } else if (c === '{') {
      depth++;
      advance(i + 1);
    } else if (c === '}') {
      depth--;
      advance(i + 1);
      if (braces.length && braces[braces.length - 1] === depth) {
        braces.pop();
        skipTemplate();
      }
    } else if (c === '/' && REGEX_AFTER.test(text.slice(Math.max(0, i - 12), i))) {
      let j = i + 1;
      let inClass = false;
      while (j < text.length && text[j] !== '\n' && (inClass || text[j] !== '/')) {
        if (text[j] === '\\') j++;
        else if (text[j] === '[') inClass = true;
        else if (text[j] === ']') inClass = false;
        j++;
      }
      advance(j + 1);
    } else advance(i + 1);
  }
  return comments;
}

/**
 * Whether a path cited in `file` exists: from the repository root, from src/, from the file's folder.
 * A path whose first folder is none of theirs (`apps/web/src/x.ts`, a package's `drizzle-orm/...`)
 * is an example or another project's path, not a claim about this repository.
 */
function cited(file, path) {
  if (GENERATED.test(path)) return true;
  const bases = [root, join(root, 'src'), join(root, dirname(file))];
  const first = /^(?:\.{1,2}\/)*[^/]+/.exec(path)[0];
  if (!path.startsWith('.') && !bases.some((base) => existsSync(resolve(base, first)))) return true;
  const exists = path.endsWith('/') ? (p) => existsSync(p) && statSync(p).isDirectory() : isFile;
  return bases.some((base) => exists(resolve(base, path)));
}

const sources = SOURCE_DIRS.flatMap((dir) => walk(dir, (name) => SOURCE_FILE.test(name)));
for (const file of sources) {
  for (const comment of commentsOf(readFileSync(join(root, file), 'utf8'))) {
    for (const match of [...comment.text.matchAll(PATH_TOKEN), ...comment.text.matchAll(FOLDER_TOKEN)]) {
      const path = match[0].replace(/\.$/, '');
      if (!cited(file, path)) {
        problem(file, comment.line + lineAt(comment.text, match.index) - 1, `${path} does not exist`);
      }
    }
  }
}

// ---- The layers drawn in docs/ARCHITECTURE.md ----

{
  const file = 'docs/ARCHITECTURE.md';
  const text = readFileSync(join(root, file), 'utf8');
  const rows = [...text.matchAll(/^\|\s*(\d+)\s*\|([^|]+)\|/gm)];
  const drawn = rows.map(
    ([, rank, parts]) => `${rank}: ${[...parts.matchAll(/`([^`]+)`/g)].map((m) => m[1]).join(' ')}`,
  );
  const held = LAYERS.map(
    (parts, rank) => `${rank}: ${(parts[0] === 'composition' ? COMPOSITION_FILES : parts).join(' ')}`,
  ).reverse();
  if (drawn.join('\n') !== held.join('\n')) {
    const line = rows[0] ? lineAt(text, rows[0].index) : 1;
    problem(
      file,
      line,
      `the table of layers is not LAYERS of scripts/eslint/module-boundaries.js:\n  drawn: ${drawn.join(' | ')}\n  held:  ${held.join(' | ')}`,
    );
  }
}

for (const p of problems) console.log(p);
if (problems.length) {
  console.log(`check-doc-paths: ${problems.length} problem(s)`);
  process.exit(1);
}
