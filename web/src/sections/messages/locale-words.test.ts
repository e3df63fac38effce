import { describe, expect, it } from 'vitest';
import type { RenderedMessage } from '../../api/types.ts';
import { localeLabel, renderedFrom } from './locale-words.ts';

const rendered = (over: Partial<RenderedMessage>): RenderedMessage => ({
  text: 'x',
  locale: 'de',
  locale_reason: 'workspace_default',
  template_source: 'built_in',
  template_locale: 'de',
  template: 'x',
  ...over,
});

describe('localeLabel', () => {
  it('names a locale and keeps its code; an unknown or malformed code stays as it is', () => {
    expect(localeLabel('de')).toBe('German (de)');
    expect(localeLabel('pt-BR')).toBe('Brazilian Portuguese (pt-BR)');
    expect(localeLabel('not a code')).toBe('not a code');
  });
});

describe('renderedFrom', () => {
  it('says where the locale and the template came from', () => {
    expect(renderedFrom(rendered({}), 'chat')).toBe('German, the workspace default; built-in template');
    expect(
      renderedFrom(rendered({ locale_reason: 'policy_default', template_source: 'override' }), 'chat'),
    ).toBe("German, the chat policy's default; the workspace's override");
  });

  it("names the template's language when it is not the message's", () => {
    expect(
      renderedFrom(rendered({ locale: 'pt-BR', template_locale: 'pt', locale_reason: 'request' }), 'wiki'),
    ).toBe('Brazilian Portuguese, the locale asked for; built-in template (in Portuguese: none in pt-BR)');
  });
});
