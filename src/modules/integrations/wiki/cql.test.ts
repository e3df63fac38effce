import { describe, expect, it } from 'vitest';
import { pageIdFrom, searchCql } from './cql.ts';

describe('searchCql', () => {
  it('searches the text of pages, last modified first', () => {
    expect(searchCql('deploy runbook')).toBe(
      'type = page AND text ~ "deploy runbook" ORDER BY lastmodified DESC',
    );
  });

  it('escapes quotes and drops operators, so input cannot leave the literal', () => {
    expect(searchCql('"on call" rota')).toBe(
      'type = page AND text ~ "\\"on call\\" rota" ORDER BY lastmodified DESC',
    );
    expect(searchCql('" OR space = SECRET OR text ~ "')).toBe(
      'type = page AND text ~ "\\"or space = SECRET or text\\"" ORDER BY lastmodified DESC',
    );
    expect(searchCql('back\\slash" stray')).toBe(
      'type = page AND text ~ "back slash stray" ORDER BY lastmodified DESC',
    );
    expect(searchCql('multi\nline\ttext')).toBe(
      'type = page AND text ~ "multi line text" ORDER BY lastmodified DESC',
    );
  });

  it('caps the query and keeps unicode', () => {
    const cql = searchCql(`${'y'.repeat(2_000)} 😀`);
    expect(cql).toBe(`type = page AND text ~ "${'y'.repeat(500)}" ORDER BY lastmodified DESC`);
    expect(searchCql('😀 日本語')).toBe('type = page AND text ~ "😀 日本語" ORDER BY lastmodified DESC');
  });

  it('lists pages when nothing searchable is left', () => {
    expect(searchCql('  ')).toBe('type = page ORDER BY lastmodified DESC');
    expect(searchCql('*?')).toBe('type = page ORDER BY lastmodified DESC');
  });
});

describe('pageIdFrom', () => {
  it.each([
    ['123456', '123456'],
    ['  987 ', '987'],
    ['https://acme.atlassian.net/wiki/spaces/ENG/pages/123456/Deploy+Runbook', '123456'],
    ['https://acme.atlassian.net/wiki/spaces/ENG/pages/123456', '123456'],
    ['http://acme.atlassian.net/wiki/spaces/ENG/pages/123456/', '123456'],
    ['https://acme.atlassian.net/spaces/ENG/pages/123456/Title', '123456'],
    ['https://acme.atlassian.net/wiki/spaces/~5b12ab/pages/42/Personal', '42'],
    ['https://acme.atlassian.net/wiki/spaces/ENG/pages/edit-v2/123456', '123456'],
    ['https://acme.atlassian.net/wiki/spaces/ENG/pages/edit-v2/123456?draftShareId=x', '123456'],
    ['https://acme.atlassian.net/wiki/pages/viewpage.action?pageId=123456', '123456'],
    ['https://acme.atlassian.net/pages/viewpage.action?spaceKey=X&pageId=77#anchor', '77'],
    ['HTTPS://ACME.atlassian.net/wiki/spaces/ENG/pages/5/T#section-2', '5'],
    ['http://127.0.0.1:4010/wiki/spaces/ENG/pages/8/x', '8'],
  ])('%j -> %j', (input, id) => {
    expect(pageIdFrom(input)).toBe(id);
  });

  it.each([
    'https://acme.atlassian.net/wiki/x/AbCdEf',
    'https://acme.atlassian.net/wiki/spaces/ENG/overview',
    'https://acme.atlassian.net/wiki/spaces/ENG/pages/12ab/Title',
    'https://acme.atlassian.net/wiki/spaces/ENG/pages/edit-v2/',
    'https://acme.atlassian.net/wiki/spaces/ENG/blog/2024/01/02/99/Post',
    'https://acme.atlassian.net/wiki/pages/viewpage.action?pageId=12;DROP',
    'https://acme.atlassian.net/wiki/pages/viewpage.action',
    'https://acme.atlassian.net/wiki/other/pages/viewpage.action?pageId=1',
    'ftp://acme.atlassian.net/wiki/spaces/ENG/pages/1/x',
    'javascript:alert(1)//wiki/spaces/ENG/pages/1',
    'acme.atlassian.net/wiki/spaces/ENG/pages/1/x',
    'https://',
    '12 34',
    '-5',
    '1'.repeat(21),
    '',
    '１２３',
  ])('%j -> null', (input) => {
    expect(pageIdFrom(input)).toBeNull();
  });

  it('survives very long and odd input', () => {
    expect(pageIdFrom(`https://a.atlassian.net/wiki/spaces/K/pages/1/${'t'.repeat(100_000)}`)).toBe('1');
    expect(pageIdFrom(`https://${'a'.repeat(100_000)}`)).toBeNull();
    expect(pageIdFrom('https://a.net/wiki/spaces/K/pages/1/😀"\\\n')).toBe('1');
  });
});
