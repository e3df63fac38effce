import { describe, expect, it } from 'vitest';
import { EMPTY_RUN, runOf } from './ci-run.ts';

describe('runOf', () => {
  it('sends nothing of an empty run', () => {
    expect(runOf(EMPTY_RUN)).toEqual({});
  });

  it('trims the one-line fields, keeps the message as written, leaves blank ones out', () => {
    expect(runOf({ ...EMPTY_RUN, branch: ' main ', sha: '   ', message: '  3 tests failed\n' })).toEqual({
      branch: 'main',
      message: '  3 tests failed\n',
    });
  });
});
