import type { Ctx } from '../../platform/context.ts';
import { requireRawAccess } from '../raw/index.ts';
import type { ProjectAccess } from '../access/index.ts';

/**
 * May the caller upload a transcript to this project? Uploads carry raw transcripts, so they need
 * the role raw snippets need (project writer, or the workspace's raw_access_min_role). Checked
 * before an upload is streamed to disk, so a caller without access stores nothing, and again when
 * the import is recorded.
 */
export function authorizeUpload({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { workspace_key: string; project_key: string };
}): Promise<ProjectAccess> {
  return requireRawAccess(ctx, input.workspace_key, input.project_key);
}
