import { DrizzleQueryError } from 'drizzle-orm';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { toAppError } from './error-handler.ts';

describe('unexpected errors', () => {
  it('log a failed query without its parameters or the row values the database quotes', () => {
    const lines: string[] = [];
    const log = pino({ level: 'error' }, { write: (line: string) => lines.push(line) });
    const cause = Object.assign(new Error('new row violates check constraint "x"'), {
      code: '23514',
      detail: 'Failing row contains (digest-SECRET-1).',
    });
    const err = new DrizzleQueryError(
      'insert into api_keys (digest) values ($1)',
      ['digest-SECRET-2'],
      cause,
    );

    const answer = toAppError(err, log);

    expect(answer).toMatchObject({ code: 'internal', status: 500 });
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toContain('SECRET');
    expect(JSON.parse(lines[0]!)).toMatchObject({
      msg: 'unhandled error',
      query: 'insert into api_keys (digest) values ($1)',
      err: { code: '23514', message: 'new row violates check constraint "x"' },
    });
  });

  it('answer 503 with Retry-After when the database is busy, not 500', () => {
    const log = pino({ level: 'silent' });
    const busy = [
      new Error('timeout exceeded when trying to connect'),
      new Error('Connection terminated due to connection timeout'),
      new DrizzleQueryError(
        'select 1',
        [],
        Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' }),
      ),
      Object.assign(new Error('sorry, too many clients already'), { code: '53300' }),
      new DrizzleQueryError('select 1', [], new Error('timeout exceeded when trying to connect')),
    ];
    for (const err of busy) {
      expect(toAppError(err, log)).toMatchObject({
        code: 'service_unavailable',
        status: 503,
        headers: { 'retry-after': '1' },
      });
    }
    expect(toAppError(new Error('timeout exceeded'), log)).toMatchObject({ status: 500 });
  });
});
