import type { PolicyBody } from '../../api/queries/outbound.ts';
import type { OutboundPolicy } from '../../api/types.ts';

type Overrides = OutboundPolicy['template_overrides'];

/** The policy as the server holds it, as a whole to send back (PUT replaces it). */
export const draftOfPolicy = (p: OutboundPolicy): PolicyBody => ({
  locale_default: p.locale_default,
  supported_locales: p.supported_locales,
  template_overrides: p.template_overrides,
});

/** The overrides with one template set, or removed (`null`): an action left with none is dropped. */
export function withTemplate(overrides: Overrides, action: string, locale: string, text: string | null) {
  const byLocale = { ...overrides[action] };
  if (text === null) delete byLocale[locale];
  else byLocale[locale] = text;
  const next = { ...overrides };
  if (Object.keys(byLocale).length === 0) delete next[action];
  else next[action] = byLocale;
  return next;
}
