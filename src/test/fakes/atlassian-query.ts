// JQL and CQL share one grammar: clauses `field op value` joined by AND / OR / NOT and parentheses,
// then an optional ORDER BY. Both fakes parse with this and apply their own fields.

export interface QueryClause {
  kind: 'clause';
  field: string;
  op: string;
  values: string[];
}
export type QueryNode =
  QueryClause | { kind: 'and' | 'or'; left: QueryNode; right: QueryNode } | { kind: 'not'; node: QueryNode };
export interface QueryOrder {
  field: string;
  desc: boolean;
}
export interface ParsedQuery {
  where: QueryNode | undefined;
  orderBy: QueryOrder[];
}

export class QuerySyntaxError extends Error {
  constructor(
    message: string,
    readonly position: number,
  ) {
    super(message);
  }
}

interface Token {
  text: string;
  quoted: boolean;
  pos: number;
}

const OPERATORS = new Set(['=', '!=', '~', '!~', '>', '<', '>=', '<=', 'in']);
const SYMBOL = /^(!=|!~|>=|<=|[=~<>(),])/;
const WORD = /^[^\s"'(),=!~<>]+/;

function closingQuote(query: string, start: number): number {
  for (let i = start + 1; i < query.length; i += 1) {
    if (query[i] === '\\') i += 1;
    else if (query[i] === query[start]) return i;
  }
  return -1;
}

function tokenize(query: string): Token[] {
  const tokens: Token[] = [];
  let pos = 0;
  while (pos < query.length) {
    const rest = query.slice(pos);
    const blank = /^\s+/.exec(rest);
    if (blank) {
      pos += blank[0].length;
    } else if (rest[0] === '"' || rest[0] === "'") {
      const end = closingQuote(query, pos);
      if (end < 0)
        throw new QuerySyntaxError(`The quoted string '${rest.slice(1)}' has not been completed.`, pos);
      tokens.push({ text: query.slice(pos + 1, end).replace(/\\(.)/g, '$1'), quoted: true, pos });
      pos = end + 1;
    } else {
      const match = SYMBOL.exec(rest) ?? WORD.exec(rest);
      if (!match) throw new QuerySyntaxError(`The character '${rest[0]}' is a reserved character.`, pos);
      tokens.push({ text: match[0], quoted: false, pos });
      pos += match[0].length;
    }
  }
  return tokens;
}

/** Parses JQL or CQL; a syntax error comes back as a QuerySyntaxError with its 0-based position. */
export function parseQuery(query: string): ParsedQuery | QuerySyntaxError {
  try {
    return parseOrThrow(query);
  } catch (error) {
    if (error instanceof QuerySyntaxError) return error;
    throw error;
  }
}

function parseOrThrow(query: string): ParsedQuery {
  const tokens = tokenize(query);
  let i = 0;
  const unexpected = (what: string): QuerySyntaxError => {
    const token = tokens[i];
    if (!token) return new QuerySyntaxError(`Expecting ${what} before the end of the query.`, query.length);
    return new QuerySyntaxError(`Expecting ${what} but got '${token.text}'.`, token.pos);
  };
  const eat = (word: string): boolean => {
    const token = tokens[i];
    const found = !!token && !token.quoted && token.text.toLowerCase() === word;
    if (found) i += 1;
    return found;
  };
  const need = (word: string): void => {
    if (!eat(word)) throw unexpected(`'${word.toUpperCase()}'`);
  };
  const value = (what: string): string => {
    const token = tokens[i];
    if (!token || (!token.quoted && SYMBOL.test(token.text))) throw unexpected(what);
    i += 1;
    return token.text;
  };
  const operator = (): string => {
    if (eat('not')) return (need('in'), 'not in');
    if (eat('is')) return eat('not') ? 'is not' : 'is';
    const token = tokens[i];
    const op = token && !token.quoted ? token.text.toLowerCase() : '';
    if (!OPERATORS.has(op)) throw unexpected('an operator');
    i += 1;
    return op;
  };
  const list = (): string[] => {
    need('(');
    const values = [value('a value')];
    while (eat(',')) values.push(value('a value'));
    need(')');
    return values;
  };
  const clause = (): QueryClause => {
    const field = value('a field name').toLowerCase();
    const op = operator();
    return { kind: 'clause', field, op, values: op.endsWith('in') ? list() : [value('a value')] };
  };
  const unary = (): QueryNode => {
    if (eat('not')) return { kind: 'not', node: unary() };
    if (!eat('(')) return clause();
    const node = or();
    need(')');
    return node;
  };
  const and = (): QueryNode => {
    let left = unary();
    while (eat('and')) left = { kind: 'and', left, right: unary() };
    return left;
  };
  function or(): QueryNode {
    let left = and();
    while (eat('or')) left = { kind: 'or', left, right: and() };
    return left;
  }
  const where = tokens.length === 0 || tokens[0]!.text.toLowerCase() === 'order' ? undefined : or();
  const orderBy: QueryOrder[] = [];
  if (eat('order')) {
    need('by');
    do
      orderBy.push({
        field: value('a field name').toLowerCase(),
        desc: eat('desc') || (eat('asc') && false),
      });
    while (eat(','));
  }
  if (i < tokens.length) throw unexpected("either 'OR' or 'AND'");
  return { where, orderBy };
}

export function evaluateQuery(node: QueryNode, test: (clause: QueryClause) => boolean): boolean {
  if (node.kind === 'clause') return test(node);
  if (node.kind === 'not') return !evaluateQuery(node.node, test);
  const left = evaluateQuery(node.left, test);
  return node.kind === 'and'
    ? left && evaluateQuery(node.right, test)
    : left || evaluateQuery(node.right, test);
}

export function queryClauses(node: QueryNode | undefined): QueryClause[] {
  if (!node) return [];
  if (node.kind === 'clause') return [node];
  if (node.kind === 'not') return queryClauses(node.node);
  return [...queryClauses(node.left), ...queryClauses(node.right)];
}

/**
 * The terms of a `~` value, lower-cased: each "quoted phrase" as one term, the other words
 * without trailing wildcards. Real text search matches stemmed words; the fakes match substrings.
 */
export function searchTerms(value: string): string[] {
  const terms: string[] = [];
  for (const m of value.toLowerCase().matchAll(/"([^"]*)"|(\S+)/g)) {
    const term = m[1] !== undefined ? m[1].trim() : m[2]!.replace(/[*?]+$/, '');
    if (term) terms.push(term);
  }
  return terms;
}

/** True when every term of a `~` value occurs in the text, case-insensitively. */
export function matchesText(text: string, value: string): boolean {
  const terms = searchTerms(value);
  const haystack = text.toLowerCase();
  return terms.length > 0 && terms.every((term) => haystack.includes(term));
}

/** Sorts by the ORDER BY fields, each read as a string by `read` (numbers compare as numbers). */
export function orderItems<T>(
  items: T[],
  orderBy: QueryOrder[],
  read: (item: T, field: string) => string,
): T[] {
  const compare = (a: T, b: T): number => {
    for (const { field, desc } of orderBy) {
      const result = read(a, field).localeCompare(read(b, field), 'en', { numeric: true });
      if (result !== 0) return desc ? -result : result;
    }
    return 0;
  };
  return [...items].sort(compare);
}
