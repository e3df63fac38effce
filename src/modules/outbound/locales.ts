import { BUILT_IN, type BuiltInLocale } from './built-in/built-in-templates.ts';

/** The locales outbound messages are written in: each has a built-in template for every action. */
export type OutboundLocale = BuiltInLocale;
export const OUTBOUND_LOCALES = Object.keys(BUILT_IN) as OutboundLocale[];

export const isOutboundLocale = (value: string): value is OutboundLocale => Object.hasOwn(BUILT_IN, value);
