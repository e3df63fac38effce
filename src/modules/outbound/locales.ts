/** The locales outbound messages are written in: each has a built-in template for every action. */
export const OUTBOUND_LOCALES = ['en', 'es', 'fr', 'de', 'ja', 'ko', 'zh'] as const;
export type OutboundLocale = (typeof OUTBOUND_LOCALES)[number];

export const isOutboundLocale = (value: string): value is OutboundLocale =>
  (OUTBOUND_LOCALES as readonly string[]).includes(value);
