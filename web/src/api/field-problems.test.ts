import { describe, expect, it } from 'vitest';
import { ApiError } from './client.ts';
import { fieldProblem } from './field-problems.ts';

const refused = (details: unknown, code = 'validation_failed') =>
  new ApiError(400, code, 'body.sha: Invalid string', details, 'req_1');

describe('fieldProblem', () => {
  it('finds the words about a field of the body or the query string', () => {
    const error = refused([
      { path: 'body.sha', message: 'Invalid string: must match pattern' },
      { path: 'query.limit', message: 'Too big' },
    ]);
    expect(fieldProblem(error, 'sha')).toBe('Invalid string: must match pattern');
    expect(fieldProblem(error, 'limit')).toBe('Too big');
    expect(fieldProblem(error, 'branch')).toBeUndefined();
  });

  it('finds what is said about something inside the field, and joins several', () => {
    const error = refused([
      { path: 'body.routes.0.channel', message: 'Required' },
      { path: 'body.routes.1', message: 'Unrecognized key: "chanel"' },
      { path: 'body.routes_extra', message: 'not this one' },
      { path: 'body.config.base_url', message: 'must not be a private address' },
    ]);
    expect(fieldProblem(error, 'routes')).toBe('Required; Unrecognized key: "chanel"');
    expect(fieldProblem(error, 'config.base_url')).toBe('must not be a private address');
    expect(fieldProblem(error, 'config')).toBe('must not be a private address');
  });

  it('takes a path without its location as the field itself', () => {
    expect(fieldProblem(refused([{ path: 'occurred_at', message: 'in the future' }]), 'occurred_at')).toBe(
      'in the future',
    );
  });

  it('says nothing for another error, malformed details, or something that is not an ApiError', () => {
    expect(fieldProblem(refused([{ path: 'body.sha', message: 'x' }], 'forbidden'), 'sha')).toBeUndefined();
    expect(fieldProblem(refused({ path: 'body.sha', message: 'x' }), 'sha')).toBeUndefined();
    expect(fieldProblem(refused([{ path: 'body.sha' }, 'body.sha']), 'sha')).toBeUndefined();
    expect(fieldProblem(new Error('body.sha: x'), 'sha')).toBeUndefined();
    expect(fieldProblem(null, 'sha')).toBeUndefined();
  });
});
