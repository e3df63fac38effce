import type { Import } from '../../api/types.ts';
import { count } from '../../ui/format.ts';
import { modelStatsOf } from './model-words.ts';

/** An import's status, and the step running on it now, if any. */
export function ImportStatus({ item }: { item: Import }) {
  return (
    <>
      <span className={`badge import-status-${item.status}`}>{item.status}</span>
      {item.running_step && (
        <span className="badge import-running" role="status">
          {item.running_step === 'delete' ? 'deleting…' : `${item.running_step} running…`}
        </span>
      )}
    </>
  );
}

/**
 * The counts each step recorded (sessions, messages, staged, committed, …); the language model's
 * are said in words apart (modelStatsText).
 */
export function statsText(stats: Import['stats']): string {
  const model = modelStatsOf(stats);
  const entries = Object.entries(stats).filter(([k]) => !(model && k in model));
  return entries.length === 0
    ? '—'
    : entries.map(([k, v]) => `${k.replaceAll('_', ' ')}: ${count(v)}`).join(', ');
}

/** The address of an import's page, keeping the project chosen. */
export function importPath(item: Pick<Import, 'id' | 'workspace_key' | 'project_key'>): string {
  const q = new URLSearchParams({ workspace: item.workspace_key, project: item.project_key });
  return `/imports/${encodeURIComponent(item.id)}?${q.toString()}`;
}

/** The address of a memory committed from an import (the Memories section's page). */
export function memoryPath(item: Pick<Import, 'workspace_key' | 'project_key'>, memoryId: string): string {
  const q = new URLSearchParams({ workspace: item.workspace_key, project: item.project_key });
  return `/memories/${encodeURIComponent(memoryId)}?${q.toString()}`;
}
