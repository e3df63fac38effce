import type { IntegrationType, RenderedMessage } from '../../api/types.ts';

const names = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'code' });

/** A locale code as people read it: `de` → German, `pt-BR` → Brazilian Portuguese. */
export function localeName(code: string): string {
  try {
    return names.of(code) ?? code;
  } catch {
    return code;
  }
}

/** `German (de)`: the name and the code, for choices. */
export const localeLabel = (code: string): string => {
  const name = localeName(code);
  return name === code ? code : `${name} (${code})`;
};

const REASONS: Record<RenderedMessage['locale_reason'], (type: IntegrationType) => string> = {
  request: () => 'the locale asked for',
  policy_default: (type) => `the ${type} policy's default`,
  workspace_default: () => 'the workspace default',
  fallback: () => 'the fallback (no default locale is allowed here)',
};

const SOURCES: Record<RenderedMessage['template_source'], string> = {
  request: 'the template being edited',
  override: "the workspace's override",
  built_in: 'built-in template',
  generic: 'the generic sentence (this action has no template of its own)',
};

/**
 * Where a rendered message came from, in plain words: "German, the workspace default; built-in
 * template", naming the template's language when it is not the message's (no built-in one there).
 */
export function renderedFrom(m: RenderedMessage, type: IntegrationType): string {
  const language =
    m.template_locale === m.locale ? '' : ` (in ${localeName(m.template_locale)}: none in ${m.locale})`;
  return `${localeName(m.locale)}, ${REASONS[m.locale_reason](type)}; ${SOURCES[m.template_source]}${language}`;
}
