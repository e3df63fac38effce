import { describe, expect, it } from 'vitest';
import { changeOf, draftOf, NEW_MEMORY } from './memory-draft.ts';

const saved = draftOf({ type: 'decision', status: 'confirmed', content: 'We retry three times' });

describe('changeOf', () => {
  it('sends a new memory whole, its status only from a maintainer', () => {
    const draft = { ...NEW_MEMORY, type: 'caveat' as const, content: 'Mind the token' };
    expect(changeOf(draft, undefined, false)).toEqual({ type: 'caveat', content: 'Mind the token' });
    expect(changeOf({ ...draft, status: 'confirmed' }, undefined, true)).toEqual({
      type: 'caveat',
      status: 'confirmed',
      content: 'Mind the token',
    });
  });

  it('sends only what differs from the saved memory', () => {
    expect(changeOf(saved, saved, true)).toEqual({});
    expect(changeOf({ ...saved, content: 'We retry five times' }, saved, false)).toEqual({
      content: 'We retry five times',
    });
    expect(changeOf({ ...saved, type: 'constraint', status: 'rejected' }, saved, true)).toEqual({
      type: 'constraint',
      status: 'rejected',
    });
  });

  it('never sends a status from a writer, nor for a draft without one (a staged memory)', () => {
    expect(changeOf({ ...saved, status: 'rejected' }, saved, false)).toEqual({});
    expect(changeOf({ type: 'goal', content: 'x' }, { type: 'note', content: 'x' }, true)).toEqual({
      type: 'goal',
    });
  });
});
