import { describe, expect, it } from 'vitest';
import type { ImportModelStats } from '../../api/types.ts';
import { statsText } from './import-badges.tsx';
import { modelStatsOf, modelStatsText } from './model-words.ts';

const model: ImportModelStats = {
  model_chunks: 3,
  model_chunks_failed: 1,
  model_chunks_skipped: 0,
  model_proposed: 7,
  model_staged: 4,
  model_merged: 2,
};

describe('modelStatsOf', () => {
  it("is the model's counts when extract asked it, and null when it did not", () => {
    expect(modelStatsOf({ sessions: 1, staged: 8, ...model })).toEqual(model);
    expect(modelStatsOf({ sessions: 1, staged: 8 })).toBeNull();
  });
});

describe('modelStatsText', () => {
  it('says what was proposed, new, merged and left out, and the chunks that failed', () => {
    expect(modelStatsText(model)).toBe(
      'the model proposed 7 memories in 3 chunks: 4 new, 2 also found by the rules, 1 left out; 1 chunk failed',
    );
  });

  it('says one in the singular, nothing proposed without the split, and the chunks not sent', () => {
    expect(
      modelStatsText({
        ...model,
        model_chunks: 1,
        model_proposed: 1,
        model_staged: 1,
        model_merged: 0,
        model_chunks_failed: 0,
      }),
    ).toBe('the model proposed 1 memory in 1 chunk: 1 new, 0 also found by the rules');
    expect(
      modelStatsText({
        ...model,
        model_chunks: 16,
        model_chunks_failed: 0,
        model_chunks_skipped: 2,
        model_proposed: 0,
        model_staged: 0,
        model_merged: 0,
      }),
    ).toBe('the model proposed 0 memories in 16 chunks; 2 chunks not sent');
    expect(
      modelStatsText({
        model_chunks: 0,
        model_chunks_failed: 0,
        model_chunks_skipped: 3,
        model_proposed: 0,
        model_staged: 0,
        model_merged: 0,
      }),
    ).toBe('the model was asked nothing; 3 chunks not sent');
  });
});

describe('statsText', () => {
  it("lists the steps' counts, leaving the model's to its sentence", () => {
    expect(statsText({ sessions: 1, messages: 1234, staged: 8, ...model })).toBe(
      `sessions: 1, messages: ${(1234).toLocaleString()}, staged: 8`,
    );
    expect(statsText({})).toBe('—');
  });
});
