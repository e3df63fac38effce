import { invalidField } from '../../platform/http/errors.ts';
import { SETTING_COLUMNS, SETTING_NAMES, type SettingsInput } from './settings.ts';
import type { WorkspaceRow } from './table.ts';

type Columns = Partial<Pick<WorkspaceRow, (typeof SETTING_COLUMNS)[keyof typeof SETTING_COLUMNS]>>;

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
