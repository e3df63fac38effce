import { describe, expect, it } from 'vitest';
import { resolveLocale } from './resolve-locale.ts';

const workspace = { defaultOutboundLocale: 'de', supportedLocales: ['en', 'de', 'fr', 'ja'] };
const policy = { localeDefault: 'fr', supportedLocales: ['en', 'fr', 'ja'] };

describe('outbound locale resolution', () => {
  it('takes the request, then the policy default, then the workspace default, then English', () => {
    expect(resolveLocale({ requested: 'ja', policy, workspace })).toEqual({
      locale: 'ja',
      reason: 'request',
    });
    expect(resolveLocale({ policy, workspace })).toEqual({ locale: 'fr', reason: 'policy_default' });
    expect(resolveLocale({ policy: null, workspace })).toEqual({ locale: 'de', reason: 'workspace_default' });
    expect(
      resolveLocale({ policy: null, workspace: { defaultOutboundLocale: 'es', supportedLocales: ['en'] } }),
    ).toEqual({ locale: 'en', reason: 'fallback' });
  });

  it('keeps a step only when both the workspace and the policy allow its locale', () => {
    // Allowed by the workspace, not by the policy: skipped.
    expect(resolveLocale({ requested: 'de', policy, workspace })).toEqual({
      locale: 'fr',
      reason: 'policy_default',
    });
    // Allowed by the policy, not by the workspace: skipped.
    const narrow = { ...workspace, supportedLocales: ['en', 'de'] };
    expect(resolveLocale({ requested: 'ja', policy, workspace: narrow })).toEqual({
      locale: 'en',
      reason: 'fallback',
    });
    // The workspace default is refused by the policy's list: English.
    expect(
      resolveLocale({ policy: { localeDefault: null, supportedLocales: ['en', 'ja'] }, workspace }),
    ).toEqual({
      locale: 'en',
      reason: 'fallback',
    });
    // A policy without a list of its own allows what the workspace allows.
    expect(
      resolveLocale({ requested: 'de', policy: { localeDefault: null, supportedLocales: null }, workspace }),
    ).toEqual({
      locale: 'de',
      reason: 'request',
    });
  });
});
