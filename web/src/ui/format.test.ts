import { describe, expect, it } from 'vitest';
import { count, counted, datesIn, nameAndKey, when } from './format.ts';

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

describe('datesIn', () => {
  it('writes each ISO date-time of a text as `when` does, and leaves the rest as it is', () => {
    const iso = '2024-05-01T10:00:00.000Z';
    expect(datesIn(`review date ${iso} passed`)).toBe(`review date ${when(iso)} passed`);
    expect(datesIn('superseded by mem_01J, on 2024-05-01')).toBe('superseded by mem_01J, on 2024-05-01');
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
