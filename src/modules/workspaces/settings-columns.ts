import { z } from 'zod';
import { invalid, invalidField } from '../../platform/http/errors.ts';
import { SETTING_COLUMNS, SETTING_NAMES, settingsShape, type SettingsInput } from './settings.ts';
import type { WorkspaceRow } from './table.ts';

type Columns = Partial<Pick<WorkspaceRow, (typeof SETTING_COLUMNS)[keyof typeof SETTING_COLUMNS]>>;

const settingsSchema = z.object(settingsShape).partial();

/**
 * The verbs' own check of settings (routes validated them already; other callers may not have):
 * fills defaults of nested values and canonicalises locale codes.
 */
export function validatedSettings(settings: SettingsInput): SettingsInput {
  const parsed = settingsSchema.safeParse(settings);
  if (parsed.success) return parsed.data;
  throw invalid(
    parsed.error.issues.map((i) => ({ path: ['body', ...i.path].join('.'), message: i.message })),
  );
}

/** API setting names to table columns, keeping only the settings present. */
export function settingsToColumns(settings: SettingsInput): Columns {
  const out: Record<string, unknown> = {};
  for (const name of SETTING_NAMES) {
    if (settings[name] !== undefined) out[SETTING_COLUMNS[name]] = settings[name];
  }
  return out as Columns;
}

/** Domain invariant: the default outbound locale is one of the supported locales. */
export function assertLocalesConsistent(
  w: Pick<WorkspaceRow, 'defaultOutboundLocale' | 'supportedLocales'>,
): void {
  if (!w.supportedLocales.includes(w.defaultOutboundLocale)) {
    throw invalidField(
      'body.default_outbound_locale',
      `must be one of supported_locales (${w.supportedLocales.join(', ')})`,
    );
  }
}
