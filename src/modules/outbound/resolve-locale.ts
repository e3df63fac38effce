/** Which step chose the locale of a message. */
export const LOCALE_REASONS = ['request', 'policy_default', 'workspace_default', 'fallback'] as const;
export type LocaleReason = (typeof LOCALE_REASONS)[number];

export interface LocaleChoice {
  locale: string;
  reason: LocaleReason;
}

/**
 * The locale of an outbound message: the request's override, else the policy's `locale_default`,
 * else the workspace's `default_outbound_locale`; each kept only when both the workspace's and the
 * policy's supported locales allow it (a policy without a list of its own allows what the
 * workspace allows). When none is kept: `en`.
 */
export function resolveLocale(input: {
  requested?: string | undefined;
  policy: { localeDefault: string | null; supportedLocales: string[] | null } | null;
  workspace: { defaultOutboundLocale: string; supportedLocales: string[] };
}): LocaleChoice {
  const allowed = (locale: string) =>
    input.workspace.supportedLocales.includes(locale) &&
    (input.policy?.supportedLocales == null || input.policy.supportedLocales.includes(locale));
  const steps: Array<[string | null | undefined, LocaleReason]> = [
    [input.requested, 'request'],
    [input.policy?.localeDefault, 'policy_default'],
    [input.workspace.defaultOutboundLocale, 'workspace_default'],
  ];
  for (const [locale, reason] of steps) if (locale && allowed(locale)) return { locale, reason };
  return { locale: 'en', reason: 'fallback' };
}
