import { describe, expect, it } from 'vitest';
import { readAddress } from '../../ui/address-fields.ts';
import { connectOutcome, OUTCOME_ADDRESS } from './connect-outcome.ts';

const outcomeOf = (query: string) => connectOutcome(readAddress(OUTCOME_ADDRESS, new URLSearchParams(query)));

describe('connectOutcome', () => {
  it('reads a connected installation from the address the callback redirects to', () => {
    expect(outcomeOf('workspace=acme&connected=4242')).toEqual({ kind: 'connected', installationId: '4242' });
  });

  it("reads a refusal with the server's message and advice for its code", () => {
    const message = 'This install link has expired (they work for 10 minutes); ask for a new one';
    const query = new URLSearchParams({ connect_error: 'gone', message }).toString();
    expect(outcomeOf(query)).toEqual({
      kind: 'refused',
      code: 'gone',
      message,
      advice: 'An install link works once, within 10 minutes: ask for a new one with Connect.',
    });
    expect(outcomeOf('connect_error=validation_failed&message=x')).toMatchObject({
      advice: expect.stringContaining('not one this server signed'),
    });
  });

  it('words a refusal without a message, and advises starting again for an unknown code', () => {
    expect(outcomeOf('connect_error=internal')).toEqual({
      kind: 'refused',
      code: 'internal',
      message: 'The connection was refused (internal).',
      advice: 'Start again with Connect.',
    });
  });

  it('takes a refusal over a connection when the address names both', () => {
    expect(outcomeOf('connected=1&connect_error=conflict&message=m')).toMatchObject({ kind: 'refused' });
  });

  it('says nothing without an outcome, or for an installation id that is not a number', () => {
    expect(outcomeOf('workspace=acme')).toBeNull();
    expect(outcomeOf('connected=abc')).toBeNull();
    expect(outcomeOf('connected=')).toBeNull();
  });
});
