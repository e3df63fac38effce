import { stat } from 'node:fs/promises';
import { basename, extname, resolve } from 'node:path';
import { clientEnv, type ClientConfig } from '../config/client.ts';
import { ApiClient, ApiError } from './api-client.ts';
import { CliError } from './cli-error.ts';
import { multipartBody } from './multipart-body.ts';
import { formatBytes, progressOn, type Progress } from './progress.ts';

export interface ImportOptions {
  /** Default: SERVICE_WORKSPACE_KEY. */
  workspace?: string;
  /** A project key. Default: SERVICE_PROJECT_KEY, resolved (a project key or a manual mapping's name). */
  project?: string;
  source?: string;
  commit?: boolean;
}

/** An import as the API answers it (the fields the command uses). */
interface ImportAnswer {
  id: string;
  status: 'uploaded' | 'parsed' | 'extracted' | 'committed' | 'failed';
  source: string;
  file_name: string;
  bytes: number;
  stats: Record<string, number>;
  error: string | null;
}

type Step = 'parse' | 'extract' | 'commit';

/** The source a file is imported as when `--source` is not given, from its extension. */
export function sourceForFile(path: string): string {
  const ext = extname(path).toLowerCase();
  if (ext === '.jsonl') return 'agent_jsonl';
  if (ext === '.json') return 'agent_json_export';
  return 'text';
}

/**
 * `ctxhub import FILE [--workspace W] [--project P] [--source S] [--commit]`: streams the file to
 * the server named by SERVICE_URL (POST /v1/imports), then runs parse and extract, and commit with
 * `--commit`. The workspace and project default to SERVICE_WORKSPACE_KEY and SERVICE_PROJECT_KEY,
 * as for `ctxhub mcp` and `ctxhub context`. Progress goes to stderr, the summary to stdout; an
 * error answer ends the command with the server's message and a non-zero exit code.
 */
export async function importCommand(file: string, options: ImportOptions): Promise<void> {
  const config = clientEnv();
  const given = targetOf(options, config);
  const path = resolve(file);
  const info = await stat(path).catch((err: NodeJS.ErrnoException) => {
    throw new CliError(
      err.code === 'ENOENT' ? `File not found: ${file}` : `Cannot read ${file}: ${err.code}`,
    );
  });
  if (!info.isFile()) throw new CliError(`Not a file: ${file}`);
  const client = new ApiClient(config);
  const target = {
    workspace: given.workspace,
    project: given.project ?? (await resolveManual(client, given)),
  };
  const progress = progressOn(process.stderr);

  let current = await upload(client, progress, {
    path,
    size: info.size,
    ...target,
    source: options.source ?? sourceForFile(path),
  });
  const steps: Step[] = options.commit ? ['parse', 'extract', 'commit'] : ['parse', 'extract'];
  for (const step of steps) current = await runStep(client, progress, current, step);
  process.stdout.write(summary(current, target, options.commit));
}

interface GivenTarget {
  workspace: string;
  /** The project key of --project; null when it comes from SERVICE_PROJECT_KEY (`manual`). */
  project: string | null;
  manual: string | null;
}

/** The workspace and project from the flags, else from the environment; both must be known. */
function targetOf(options: ImportOptions, config: ClientConfig): GivenTarget {
  const workspace = options.workspace ?? config.workspaceKey;
  const project = options.project ?? null;
  const manual = project ? null : (config.projectKey ?? null);
  const missing = [
    ...(workspace ? [] : ['No workspace: pass --workspace or set SERVICE_WORKSPACE_KEY']),
    ...(project || manual ? [] : ['No project: pass --project or set SERVICE_PROJECT_KEY']),
  ];
  if (missing.length > 0 || !workspace) throw new CliError(missing.join('\n'));
  return { workspace, project, manual };
}

/**
 * SERVICE_PROJECT_KEY means what it means to `ctxhub mcp` and `ctxhub context`: a project key or
 * the name of a manual mapping, resolved by the server (POST /v1/resolve-project).
 */
async function resolveManual(client: ApiClient, given: GivenTarget): Promise<string> {
  try {
    const answer = await client.json<{ project: { key: string } }>('POST', '/v1/resolve-project', {
      workspace_key: given.workspace,
      manual_project_key: given.manual,
    });
    return answer.project.key;
  } catch (err) {
    if (err instanceof ApiError) throw new CliError(`SERVICE_PROJECT_KEY=${given.manual}: ${err.message}`);
    throw err;
  }
}

async function upload(
  client: ApiClient,
  progress: Progress,
  input: { path: string; size: number; workspace: string; project: string; source: string },
): Promise<ImportAnswer> {
  let sent = 0;
  const body = multipartBody(
    [
      ['workspace_key', input.workspace],
      ['project_key', input.project],
      ['source', input.source],
    ],
    { path: input.path, name: basename(input.path), size: input.size },
    (bytes) => {
      sent += bytes;
      bar.update(sent); // called only once the body is read, after `bar` exists
    },
  );
  const bar = progress.transfer(`upload ${basename(input.path)}`, body.length);
  try {
    const answer = await client.stream<ImportAnswer>(
      '/v1/imports',
      body.contentType,
      body.length,
      body.stream,
    );
    bar.finish(`${formatBytes(answer.bytes)} as ${answer.source}, import ${answer.id}`);
    return answer;
  } catch (err) {
    bar.fail();
    throw err;
  } finally {
    body.stream.destroy();
  }
}

/** `1 session`, `2 sessions`: a count as a sentence says it. */
function counted(n: number | undefined, one: string, many = `${one}s`): string {
  const value = n ?? 0;
  return `${value} ${value === 1 ? one : many}`;
}

const STEP_NOTES: Record<Step, (s: Record<string, number>) => string> = {
  parse: (s) =>
    `${counted(s.sessions, 'session')}, ${counted(s.messages, 'message')}, ${s.skipped ?? 0} skipped, ` +
    counted(s.redactions, 'redaction'),
  extract: (s) => `${s.staged ?? 0} staged, ${s.already_remembered ?? 0} already remembered`,
  commit: (s) =>
    `${s.committed ?? 0} committed, ${counted(s.memories_created, 'memory', 'memories')} created`,
};

async function runStep(
  client: ApiClient,
  progress: Progress,
  current: ImportAnswer,
  step: Step,
): Promise<ImportAnswer> {
  const line = progress.step(step);
  let answer: ImportAnswer;
  try {
    answer = await client.json<ImportAnswer>('POST', `/v1/imports/${current.id}/${step}`);
  } catch (err) {
    line.fail();
    if (err instanceof ApiError) {
      throw new CliError(`${err.message}\n  (${step} of import ${current.id}, which is ${current.status})`);
    }
    throw err;
  }
  if (answer.status === 'failed') {
    line.fail();
    throw new CliError(`Import ${answer.id} failed: ${answer.error ?? `${step} failed`}`);
  }
  line.finish(STEP_NOTES[step](answer.stats));
  return answer;
}

/** The result on stdout: one `name: value` line per count, then what to do next. */
function summary(
  result: ImportAnswer,
  target: { workspace: string; project: string },
  committed: boolean | undefined,
): string {
  const s = result.stats;
  const rows: Array<[string, string | number]> = [
    ['import', result.id],
    ['status', result.status],
    ['file', result.file_name],
    ['source', result.source],
    ['workspace', target.workspace],
    ['project', target.project],
    ['sessions', s.sessions ?? 0],
    ['messages', s.messages ?? 0],
    ['skipped', s.skipped ?? 0],
    ['staged', s.staged ?? 0],
    ['already remembered', s.already_remembered ?? 0],
    ['committed', s.committed ?? 0],
    ['memories created', s.memories_created ?? 0],
    ['redactions', s.redactions ?? 0],
  ];
  const width = Math.max(...rows.map(([name]) => name.length)) + 1;
  const text = rows.map(([name, value]) => `${`${name}:`.padEnd(width)} ${value}`).join('\n');
  const next = committed
    ? ''
    : `\nReview the staged memories (GET /v1/imports/${result.id}/staged), then commit them ` +
      `(POST /v1/imports/${result.id}/commit), or run with --commit.`;
  return `${text}${next}\n`;
}
