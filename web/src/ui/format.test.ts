import { describe, expect, it } from 'vitest';
import { count, counted, nameAndKey, when } from './format.ts';

describe('nameAndKey', () => {
  it('names a workspace or project by name and key, or the key alone when they are the same', () => {
    expect(nameAndKey('Acme API', 'codehost:acme/api')).toBe('Acme API (codehost:acme/api)');
    expect(nameAndKey('acme', 'acme')).toBe('acme');
  });
});

describe('when', () => {
  it('is an em dash for no time, and the text itself for one that is not a time', () => {
    expect(when(null)).toBe('—');
    expect(when('')).toBe('—');
    expect(when('soon')).toBe('soon');
  });
});

describe('count', () => {
  it('groups a count as the locale does', () => {
    expect(count(0)).toBe('0');
    expect(count(1234567)).toBe((1234567).toLocaleString());
  });
});

describe('counted', () => {
  it('says one in the singular, any other count in the plural, grouped as the locale does', () => {
    expect(counted(1, 'chunk', 'chunks')).toBe('1 chunk');
    expect(counted(0, 'chunk', 'chunks')).toBe('0 chunks');
    expect(counted(1234, 'person', 'people')).toBe(`${(1234).toLocaleString()} people`);
  });
});
