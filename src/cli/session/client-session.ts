import { clientEnv, type ClientConfig } from '../../config/client.ts';
import { AnswerMismatchError, checkedAnswer, pathWithQuery, type ApiPort } from '../../modules/mcp/index.ts';
import { CliError } from '../cli-error.ts';
import { readGitContext } from './git-context.ts';
import { SessionContext } from './session-context.ts';
import { ApiClient } from '../api-client.ts';

/** An API call of an assistant's tool waits at most this long (unless the command says otherwise). */
const CALL_TIMEOUT_MS = 60_000;

/**
 * What `ctxhub mcp` and `ctxhub context` share: the environment, a client of the server, the API
 * port over it, and a session that resolves the project of `workingDirectory()` (asked at each
 * resolution: the adapter's client may name its folder through MCP roots).
 */
export function clientSession(
  workingDirectory: () => Promise<string>,
  overrides: { workspaceKey?: string | undefined; timeoutMs?: number } = {},
) {
  const config: ClientConfig = clientEnv();
  const client = new ApiClient(config, overrides.timeoutMs ?? CALL_TIMEOUT_MS);
  const api = apiPortOver(client);
  const context = new SessionContext({
    api,
    workspaceKey: overrides.workspaceKey ?? config.workspaceKey,
    projectKey: config.projectKey,
    readGit: async () => readGitContext(await workingDirectory()),
  });
  return { config, client, api, context };
}

/** `answer` checked by `check`; a mismatch is a CliError (one line, no stack, exit 1). */
function cliChecked<T>(check: () => T): T {
  try {
    return check();
  } catch (err) {
    throw err instanceof AnswerMismatchError ? new CliError(err.message) : err;
  }
}

/** The API port of the MCP tools over the CLI's HTTP client. */
export const apiPortOver = (client: ApiClient): ApiPort => ({
  get: async (path, answer, query) => {
    const body = await client.json('GET', pathWithQuery(path, query));
    return cliChecked(() => checkedAnswer(answer, body, `GET ${path}`));
  },
  post: async (path, body, answer) => {
    const sent = await client.json('POST', path, body);
    return cliChecked(() => checkedAnswer(answer, sent, `POST ${path}`));
  },
});
