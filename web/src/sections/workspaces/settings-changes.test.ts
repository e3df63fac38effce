import { describe, expect, it } from 'vitest';
import type { Workspace } from '../../api/types.ts';
import { changesOf, settingsOf } from './settings-changes.ts';

/** Not in the memory types' order, as the server may answer them. */
const days: Workspace['review_after_days'] = { note: 90, active_work: 14 };
const saved = settingsOf({
  name: 'Acme',
  default_outbound_locale: 'en',
  supported_locales: ['en', 'de'],
  resolution_order: ['codehost_remote', 'repo_root_slug', 'manual'],
  key_prefixes: ['codehost:acme'],
  auto_create_project: false,
  auto_switch_repo: true,
  auto_switch_subproject: true,
  enable_monorepo_resolution: false,
  monorepo_detection_level: 1,
  raw_access_min_role: 'writer',
  active_work_stale_days: 7,
  active_work_auto_close_days: null,
  model_extraction: false,
  review_after_days: days,
} as Workspace);

describe('changesOf', () => {
  it('is empty while nothing changed', () => {
    expect(changesOf(saved, { ...saved, supported_locales: ['en', 'de'] })).toEqual({});
  });

  it('sends only the settings that differ, lists compared by their order too', () => {
    expect(
      changesOf(saved, {
        ...saved,
        name: 'Acme Inc',
        resolution_order: ['manual', 'codehost_remote', 'repo_root_slug'],
        monorepo_detection_level: 2,
      }),
    ).toEqual({
      name: 'Acme Inc',
      resolution_order: ['manual', 'codehost_remote', 'repo_root_slug'],
      monorepo_detection_level: 2,
    });
  });

  it('sends the review days only when a number changed, whatever order the server gave the types in', () => {
    expect(saved.review_after_days).toEqual({ active_work: 14, note: 90 });
    expect(Object.keys(saved.review_after_days)).toEqual(['active_work', 'note']);
    expect(changesOf(saved, { ...saved, review_after_days: { active_work: 14, note: 90 } })).toEqual({});
    expect(changesOf(saved, { ...saved, review_after_days: { active_work: 14 } })).toEqual({
      review_after_days: { active_work: 14 },
    });
  });

  it('sends a switch turned on alone, and nothing once it is turned back off', () => {
    expect(changesOf(saved, { ...saved, model_extraction: true })).toEqual({ model_extraction: true });
    expect(changesOf(saved, { ...saved, model_extraction: false })).toEqual({});
  });
});
