import { describe, expect, it } from 'vitest';
import { count, nameAndKey, when } from './format.ts';

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
