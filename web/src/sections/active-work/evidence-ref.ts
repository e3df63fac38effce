/**
 * Where a piece of evidence's reference leads in the UI: `memory:<id>` to that memory's page in
 * the project (other references, such as `audit:<id>` of a CI run, have no page of their own: null).
 */
export function evidenceHref(ref: string, workspace: string, project: string): string | null {
  const id = /^memory:(.+)$/.exec(ref)?.[1];
  if (!id) return null;
  const q = new URLSearchParams({ workspace, project });
  return `/memories/${encodeURIComponent(id)}?${q.toString()}`;
}
