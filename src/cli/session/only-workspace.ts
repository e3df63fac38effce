import type { ApiPort } from '../../modules/mcp/index.ts';
import { meAnswer } from '../../modules/users/index.ts';

/** Most workspace keys a message lists. */
const LISTED = 20;

/** The keys, comma-separated, the first LISTED of them. */
export const listed = (keys: string[]) =>
  keys.length > LISTED
    ? `${keys.slice(0, LISTED).join(', ')} and ${keys.length - LISTED} more`
    : keys.join(', ');

/** A session started without a workspace, for a user who is not in exactly one: which they are in. */
export class NoWorkspaceError extends Error {
  constructor(readonly memberOf: string[]) {
    super(
      memberOf.length === 0
        ? 'No workspace: you belong to no ctxhub workspace yet; once a workspace admin adds you, set SERVICE_WORKSPACE_KEY in the MCP server configuration or call set_workspace.'
        : `No workspace: set SERVICE_WORKSPACE_KEY in the MCP server configuration, or call set_workspace with one of your workspaces: ${listed(memberOf)}.`,
    );
  }
}

/**
 * The workspace of a client session started without one (no SERVICE_WORKSPACE_KEY): the caller's
 * only workspace. `GET /v1/me` is asked once, when a workspace is first needed, and its answer kept
 * for the session; a failure (server unreachable) is not kept, so the next call asks again. Several
 * workspaces, or none: NoWorkspaceError listing them.
 */
export function onlyWorkspace(api: ApiPort): () => Promise<string> {
  let asked: Promise<string[]> | null = null;
  return async () => {
    if (!asked) {
      const answer = api.get('/v1/me', meAnswer).then((me) => me.workspaces.map((w) => w.workspace_key));
      answer.catch(() => {
        if (asked === answer) asked = null;
      });
      asked = answer;
    }
    const keys = await asked;
    const [only, ...others] = keys;
    if (only === undefined || others.length > 0) throw new NoWorkspaceError(keys);
    return only;
  };
}
