import { describe, expect, it } from 'vitest';
import { when } from '../../ui/format.ts';
import { confirmable, flagNote, reviewFlagged } from './flag-words.ts';

describe('flagNote', () => {
  it('says why a memory is stale in the server’s words, its date as people read it', () => {
    const due = '2024-05-01T10:00:00.000Z';
    const memory = {
      status: 'confirmed' as const,
      flag_notes: { stale: `review date ${due} passed without the memory being used or confirmed` },
    };
    expect(flagNote('stale', memory)).toBe(
      `Review date ${when(due)} passed without the memory being used or confirmed`,
    );
    expect(flagNote('needs_review', { status: 'draft', flag_notes: {} })).toBe(
      'Code it cites no longer resolves in a working tree',
    );
  });

  it('names the reasons a text reads as instructions in words, and what it means for the bundle', () => {
    const flag_notes = {
      instruction_like: 'reads as instructions to an assistant (override_instructions, exfiltration)',
    };
    expect(flagNote('instruction_like', { status: 'draft', flag_notes })).toBe(
      'Reads as instructions to an assistant (overrides its instructions, sends secrets away): kept out of the session-start bundle until a maintainer confirms it',
    );
    expect(flagNote('instruction_like', { status: 'confirmed', flag_notes })).toMatch(
      /: the session-start bundle shows it \(a maintainer wrote or confirmed it\); confirming it clears the flag$/,
    );
  });
});

describe('confirmable', () => {
  it('offers Confirm for a memory not confirmed, and again for a confirmed one that carries a flag', () => {
    expect(confirmable({ status: 'draft', flags: [] })).toBe(true);
    expect(confirmable({ status: 'confirmed', flags: [] })).toBe(false);
    expect(confirmable({ status: 'confirmed', flags: ['instruction_like'] })).toBe(true);
    expect(confirmable({ status: 'confirmed', flags: ['stale'] })).toBe(true);
    expect(reviewFlagged({ flags: ['needs_review'] })).toBe(true);
    expect(reviewFlagged({ flags: ['instruction_like'] })).toBe(true);
  });
});
