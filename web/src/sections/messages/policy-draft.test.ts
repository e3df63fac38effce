import { describe, expect, it } from 'vitest';
import { withTemplate } from './policy-draft.ts';

const overrides = { 'raw.search': { en: 'Searched {{ q }}', de: 'Gesucht {{ q }}' } };

describe('withTemplate', () => {
  it('sets one template, leaving the others and the input as they were', () => {
    expect(withTemplate(overrides, 'raw.search', 'fr', 'Cherché {{ q }}')).toEqual({
      'raw.search': { en: 'Searched {{ q }}', de: 'Gesucht {{ q }}', fr: 'Cherché {{ q }}' },
    });
    expect(withTemplate(overrides, 'memory.created', 'en', 'New memory')).toEqual({
      ...overrides,
      'memory.created': { en: 'New memory' },
    });
    expect(overrides).toEqual({ 'raw.search': { en: 'Searched {{ q }}', de: 'Gesucht {{ q }}' } });
  });

  it('removes one with null, and drops an action left with none', () => {
    expect(withTemplate(overrides, 'raw.search', 'de', null)).toEqual({
      'raw.search': { en: 'Searched {{ q }}' },
    });
    const single = { 'raw.view': { en: 'Viewed' } };
    expect(withTemplate(single, 'raw.view', 'en', null)).toEqual({});
  });
});
