import { describe, expect, it } from 'vitest';
import type { Integration } from '../../api/types.ts';
import { bodyOf, draftOf, isDirty } from './integration-draft.ts';

/** The tracker as the API answers it: a base URL the workspace saved, an e-mail from the environment, a token set. */
const tracker: Integration = {
  provider: 'tracker',
  enabled: true,
  configured: true,
  missing: [],
  source: 'workspace',
  locked: false,
  config: { base_url: 'https://acme.atlassian.net', email: 'bot@acme.test', has_api_token: true },
  field_sources: { base_url: 'workspace', email: 'env', api_token: 'workspace' },
  secrets_unreadable: false,
  updated_at: '2024-05-01T10:00:00.000Z',
};

describe('draftOf', () => {
  it("starts from the workspace's own values only: no environment value, no has_<secret>", () => {
    expect(draftOf(tracker)).toEqual({
      enabled: true,
      values: { base_url: 'https://acme.atlassian.net' },
      secretMode: 'keep',
      secret: '',
      reason: '',
    });
  });
});

describe('bodyOf', () => {
  it('leaves the secret out to keep it, and sends a trimmed reason only when there is one', () => {
    expect(bodyOf('acme', 'tracker', { ...draftOf(tracker), reason: '  rotate  ' })).toEqual({
      workspace_key: 'acme',
      provider: 'tracker',
      enabled: true,
      reason: 'rotate',
      config: { base_url: 'https://acme.atlassian.net' },
    });
    expect(bodyOf('acme', 'tracker', { ...draftOf(tracker), reason: '   ' })).not.toHaveProperty('reason');
  });

  it("replaces the provider's own secret field, or clears it with null", () => {
    const draft = draftOf(tracker);
    expect(bodyOf('acme', 'tracker', { ...draft, secretMode: 'replace', secret: 't0ken' }).config).toEqual({
      base_url: 'https://acme.atlassian.net',
      api_token: 't0ken',
    });
    expect(bodyOf('acme', 'chat', { ...draft, values: {}, secretMode: 'clear' }).config).toEqual({
      webhook_url: null,
    });
  });
});

describe('isDirty', () => {
  it('is clean as loaded, dirty for a changed value, the enabled flag or a secret to replace', () => {
    const draft = draftOf(tracker);
    expect(isDirty(tracker, draft)).toBe(false);
    expect(isDirty(tracker, { ...draft, values: { base_url: 'https://other.atlassian.net' } })).toBe(true);
    expect(isDirty(tracker, { ...draft, enabled: false })).toBe(true);
    expect(isDirty(tracker, { ...draft, secretMode: 'replace' })).toBe(true);
    // The reason alone changes nothing the server holds.
    expect(isDirty(tracker, { ...draft, reason: 'why' })).toBe(false);
  });
});
