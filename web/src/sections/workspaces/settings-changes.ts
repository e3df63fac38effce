import type { MemoryType, Workspace } from '../../api/types.ts';
import { MEMORY_TYPES } from '../../ui/memory-vocabulary.ts';

/** What the settings form edits: every setting a PATCH takes. */
export type Settings = Pick<
  Workspace,
  | 'name'
  | 'default_outbound_locale'
  | 'supported_locales'
  | 'resolution_order'
  | 'key_prefixes'
  | 'auto_create_project'
  | 'auto_switch_repo'
  | 'auto_switch_subproject'
  | 'enable_monorepo_resolution'
  | 'monorepo_detection_level'
  | 'raw_access_min_role'
  | 'active_work_stale_days'
  | 'active_work_auto_close_days'
  | 'model_extraction'
  | 'review_after_days'
>;

/**
 * A workspace's `review_after_days` with its types in one order (the memory types'), so a PATCH
 * sends it only when a number changed, however the server ordered it.
 */
export function reviewDaysOf(days: Workspace['review_after_days']): Partial<Record<MemoryType, number>> {
  const out: Partial<Record<MemoryType, number>> = {};
  for (const t of MEMORY_TYPES) if (days[t] !== undefined) out[t] = days[t];
  return out;
}

export const settingsOf = (w: Workspace): Settings => ({
  name: w.name,
  default_outbound_locale: w.default_outbound_locale,
  supported_locales: w.supported_locales,
  resolution_order: w.resolution_order,
  key_prefixes: w.key_prefixes,
  auto_create_project: w.auto_create_project,
  auto_switch_repo: w.auto_switch_repo,
  auto_switch_subproject: w.auto_switch_subproject,
  enable_monorepo_resolution: w.enable_monorepo_resolution,
  monorepo_detection_level: w.monorepo_detection_level,
  raw_access_min_role: w.raw_access_min_role,
  active_work_stale_days: w.active_work_stale_days,
  active_work_auto_close_days: w.active_work_auto_close_days,
  model_extraction: w.model_extraction,
  review_after_days: reviewDaysOf(w.review_after_days),
});

/** The fields that differ from what the server holds: a PATCH sends only those (and the audit entry names them). */
export function changesOf(saved: Settings, edited: Settings): Partial<Settings> {
  return Object.fromEntries(
    Object.entries(edited).filter(
      ([k, v]) => JSON.stringify(v) !== JSON.stringify(saved[k as keyof Settings]),
    ),
  );
}
