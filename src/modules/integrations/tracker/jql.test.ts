import { describe, expect, it } from 'vitest';
import {
  fullTextTerms,
  isIssueKey,
  MAX_QUERY_CHARS,
  normalizeIssueKey,
  quoteQueryString,
  searchJql,
} from './jql.ts';

/** Splits JQL as Jira's lexer does into string literals (unescaped) and the code around them. */
function lex(jql: string): { code: string; literals: string[] } {
  let code = '';
  const literals: string[] = [];
  for (let i = 0; i < jql.length; i += 1) {
    if (jql[i] !== '"') {
      code += jql[i];
      continue;
    }
    let literal = '';
    for (i += 1; jql[i] !== '"'; i += 1) {
      if (i >= jql.length) throw new Error(`unterminated literal in ${jql}`);
      if (jql[i] === '\\') {
        i += 1;
        if (jql[i] !== '\\' && jql[i] !== '"') throw new Error(`illegal escape in ${jql}`);
      }
      literal += jql[i];
    }
    code += '""';
    literals.push(literal);
  }
  return { code, literals };
}

const hostile = [
  '" OR project = SECRET OR text ~ "',
  '\\" OR 1=1 --',
  'a\\',
  '\\\\\\"',
  'foo") OR (assignee = currentUser()',
  'line one\nline two\r\n\ttabbed\u0000nul',
  '*wild? fuzzy~2 title:x /regex/ [a TO b] {c} ^3 +must -not !bang && and || or',
  'AND OR NOT',
  '"unbalanced quote',
  '"""',
  '😀 日本語 ünïcödé \u202e rtl',
  'x'.repeat(10_000),
  '"'.repeat(1001),
  '\\'.repeat(1001),
];

describe('searchJql', () => {
  it('searches the text of issues, newest updates first', () => {
    expect(searchJql('login bug')).toBe('text ~ "login bug" ORDER BY updated DESC');
    expect(searchJql('  spaced \n out  ')).toBe('text ~ "spaced out" ORDER BY updated DESC');
  });

  it('keeps balanced phrases, escaped for the JQL literal', () => {
    expect(searchJql('"exact phrase" other')).toBe('text ~ "\\"exact phrase\\" other" ORDER BY updated DESC');
    expect(searchJql('say "hi')).toBe('text ~ "say hi" ORDER BY updated DESC');
    expect(searchJql('a "" b')).toBe('text ~ "a b" ORDER BY updated DESC');
  });

  it('turns text-query operators, backslashes and control characters into spaces', () => {
    expect(searchJql('c++ && java || !go')).toBe('text ~ "c java go" ORDER BY updated DESC');
    expect(searchJql('C:\\Users\\me/file*.txt?')).toBe('text ~ "C Users me file .txt" ORDER BY updated DESC');
    expect(searchJql('a\nb\tc\u0000d')).toBe('text ~ "a b c d" ORDER BY updated DESC');
  });

  it('searches for AND, OR and NOT as words rather than applying them', () => {
    expect(searchJql('cats AND dogs OR NOT birds')).toBe(
      'text ~ "cats and dogs or not birds" ORDER BY updated DESC',
    );
    expect(searchJql('ANDROID ORACLE')).toBe('text ~ "ANDROID ORACLE" ORDER BY updated DESC');
  });

  it('also matches the issue itself when the query is an issue key', () => {
    expect(searchJql('ABC-123')).toBe('(text ~ "ABC 123" OR key = "ABC-123") ORDER BY updated DESC');
    expect(searchJql(' proj_2-42 ')).toBe('(text ~ "proj_2 42" OR key = "PROJ_2-42") ORDER BY updated DESC');
  });

  it('stays bounded when nothing searchable is left', () => {
    expect(searchJql('')).toBe('updated >= -30d ORDER BY updated DESC');
    expect(searchJql('?!* ()')).toBe('updated >= -30d ORDER BY updated DESC');
  });

  it('never lets hostile input out of the literal: the code around it is fixed', () => {
    for (const q of hostile) {
      const { code, literals } = lex(searchJql(q));
      expect(['text ~ "" ORDER BY updated DESC', 'updated >= -30d ORDER BY updated DESC']).toContain(code);
      for (const terms of literals) {
        expect(terms).not.toMatch(/[+\-&|!(){}[\]^~*?\\:/\p{Cc}]/u);
        expect(terms.split('"').length % 2).toBe(1);
        expect(terms.length).toBeLessThanOrEqual(MAX_QUERY_CHARS);
      }
    }
    expect(lex(searchJql(hostile[0] ?? '')).literals).toEqual(['"or project = SECRET or text"']);
    expect(lex(searchJql('"'.repeat(1001))).literals).toEqual([]);
  });

  it('caps the query at MAX_QUERY_CHARS without splitting a surrogate pair', () => {
    expect(lex(searchJql('x'.repeat(10_000))).literals[0]).toBe('x'.repeat(MAX_QUERY_CHARS));
    const edge = `${'a'.repeat(MAX_QUERY_CHARS - 1)}😀 tail`;
    expect(lex(searchJql(edge)).literals[0]).toBe('a'.repeat(MAX_QUERY_CHARS - 1));
    expect(searchJql('😀 日本語 ünïcödé')).toBe('text ~ "😀 日本語 ünïcödé" ORDER BY updated DESC');
  });
});

describe('fullTextTerms', () => {
  it('honours a smaller cap and treats nonsense caps as 0', () => {
    expect(fullTextTerms('hello world', 7)).toBe('hello w');
    expect(fullTextTerms('hello', -1)).toBe('');
    expect(fullTextTerms('hello', Number.NaN)).toBe('');
  });

  it('turns every control character into a space, not only whitespace ones', () => {
    expect(fullTextTerms('a\u0000b\u0007c\u007fd\u009be')).toBe('a b c d e');
  });

  it('does not lengthen the input', () => {
    for (const q of [...hostile, 'a"b"c"d"e', '"x""y"']) {
      expect(fullTextTerms(q).length).toBeLessThanOrEqual(Math.min(q.length, MAX_QUERY_CHARS));
    }
  });
});

describe('quoteQueryString', () => {
  it('escapes backslashes before quotes, and blanks control characters', () => {
    expect(quoteQueryString('a"b\\c')).toBe('"a\\"b\\\\c"');
    expect(quoteQueryString('\\"')).toBe('"\\\\\\""');
    expect(quoteQueryString('x\ny\u0007')).toBe('"x y "');
    expect(lex(quoteQueryString('" OR x = "y')).literals).toEqual(['" OR x = "y']);
  });
});

describe('isIssueKey and normalizeIssueKey', () => {
  it.each([
    ['ABC-123', 'ABC-123'],
    ['abc-1', 'ABC-1'],
    ['  Ab_9-0042\n', 'AB_9-0042'],
  ])('%j is a key, normalized to %j', (input, key) => {
    expect(isIssueKey(input)).toBe(true);
    expect(normalizeIssueKey(input)).toBe(key);
  });

  it.each([
    'A-1',
    '1AB-2',
    'AB-',
    'AB-1a',
    'AB 1',
    'AB-1 OR x',
    'AB--1',
    'ÄB-1',
    'AB-１',
    '',
    `${'A'.repeat(300)}-1`,
  ])('%j is not a key', (input) => {
    expect(isIssueKey(input)).toBe(false);
    expect(normalizeIssueKey(input)).toBeNull();
  });
});
