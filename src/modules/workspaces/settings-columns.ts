import { invalidField } from '../../platform/http/errors.ts';
import { newId } from '../../platform/ids.ts';
import { SETTING_COLUMNS, SETTING_NAMES, type SettingsInput } from './settings.ts';
import type { ProjectMapping, WorkspaceRow } from '../tenancy/index.ts';

type Columns = Partial<Pick<WorkspaceRow, (typeof SETTING_COLUMNS)[keyof typeof SETTING_COLUMNS]>>;

/**
 * API setting names to table columns, keeping only the settings present. A project mapping given
 * without an id keeps the id of an equal stored one (so sending the list back changes nothing),
 * else gets a new one.
 */
export function settingsToColumns(settings: SettingsInput, stored: ProjectMapping[] = []): Columns {
  const out: Record<string, unknown> = {};
  for (const name of SETTING_NAMES) {
    if (settings[name] !== undefined) out[SETTING_COLUMNS[name]] = settings[name];
  }
  if (settings.project_mappings) out.projectMappings = withIds(settings.project_mappings, stored);
  return out as Columns;
}

type GivenMapping = NonNullable<SettingsInput['project_mappings']>[number];

function withIds(given: GivenMapping[], stored: ProjectMapping[]): ProjectMapping[] {
  const taken = new Set(given.flatMap((m) => (m.id ? [m.id] : [])));
  const same = (a: Omit<ProjectMapping, 'id'>, b: ProjectMapping) =>
    a.kind === b.kind &&
    a.external_id === b.external_id &&
    a.project_key === b.project_key &&
    a.priority === b.priority &&
    a.enabled === b.enabled;
  return given.map(({ id, ...m }) => {
    if (id) return { id, ...m };
    const match = stored.find((s) => !taken.has(s.id) && same(m, s));
    const reused = match?.id ?? newId('pmap');
    taken.add(reused);
    return { id: reused, ...m };
  });
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
