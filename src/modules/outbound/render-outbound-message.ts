import type { Ctx } from '../../platform/context.ts';
import { invalidField } from '../../platform/http/errors.ts';
import { isActionKey } from './action-catalogue.ts';
import {
  BUILT_IN,
  builtInTemplate,
  type BuiltInLocale,
  type BuiltInTemplates,
} from './built-in/built-in-templates.ts';
import { renderTemplate } from './liquid-template.ts';
import { outboundPolicy } from './outbound-policy.ts';
import { isOutboundLocale } from './locales.ts';
import { resolveLocale, type LocaleReason } from './resolve-locale.ts';
import type { OutboundIntegrationType } from './table.ts';

export type TemplateSource = 'request' | 'override' | 'built_in' | 'generic';

export interface RenderedMessage {
  text: string;
  locale: string;
  locale_reason: LocaleReason;
  /** A workspace's override, the built-in template of the action, or the generic one (unknown action). */
  template_source: TemplateSource;
  /** The language of the template used: the locale's, or English when it has no built-in one. */
  template_locale: string;
  /** The Liquid source that was rendered (a starting point for an override). */
  template: string;
  /** Why the override could not be used (it failed to render), when one was skipped. */
  override_error?: string;
}

/** The built-in templates of `locale`, of its language (`es` for `es-MX`), or English. */
function builtInFor(locale: string): { locale: BuiltInLocale; templates: BuiltInTemplates } {
  const language = locale.split('-')[0] ?? 'en';
  const chosen = isOutboundLocale(locale) ? locale : isOutboundLocale(language) ? language : 'en';
  return { locale: chosen, templates: BUILT_IN[chosen] };
}

/**
 * One outbound message of `actionKey` for a workspace and integration type: the locale resolved
 * (request override, policy default, workspace default, English), then the policy's override of
 * that action in that locale, else the built-in template (the generic one for an unknown action).
 * An override that fails to render (a limit) gives way to the built-in template: a notification is
 * never lost to a template.
 */
export async function renderOutboundMessage(
  ctx: Ctx,
  input: {
    workspace: { id: string; defaultOutboundLocale: string; supportedLocales: string[] };
    integrationType: OutboundIntegrationType;
    actionKey: string;
    variables: Record<string, unknown>;
    locale?: string | undefined;
    /** A template to render instead of the saved or built-in one (a preview of an edit). */
    template?: string | undefined;
  },
): Promise<RenderedMessage> {
  const policy = await outboundPolicy(ctx, input.workspace.id, input.integrationType);
  const choice = resolveLocale({ requested: input.locale, policy, workspace: input.workspace });
  const base = { locale: choice.locale, locale_reason: choice.reason };
  if (input.template !== undefined) {
    try {
      const text = renderTemplate(input.template, input.variables);
      return {
        ...base,
        text,
        template_source: 'request',
        template_locale: choice.locale,
        template: input.template,
      };
    } catch (err) {
      const reason = err instanceof Error ? err.message : String(err);
      throw invalidField('body.template', `could not be rendered: ${reason}`);
    }
  }
  const override = policy?.templateOverrides[input.actionKey]?.[choice.locale];
  let overrideError: string | undefined;
  if (override !== undefined) {
    try {
      const text = renderTemplate(override, input.variables);
      return {
        ...base,
        text,
        template_source: 'override',
        template_locale: choice.locale,
        template: override,
      };
    } catch (err) {
      overrideError = err instanceof Error ? err.message : String(err);
    }
  }
  const builtIn = builtInFor(choice.locale);
  const template = builtInTemplate(builtIn.templates, input.actionKey);
  const text = renderTemplate(template, input.variables);
  return {
    ...base,
    text,
    template,
    template_source: isActionKey(input.actionKey) ? 'built_in' : 'generic',
    template_locale: builtIn.locale,
    ...(overrideError === undefined ? {} : { override_error: overrideError }),
  };
}
