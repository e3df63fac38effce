import { stat } from 'node:fs/promises';
import { basename, extname, resolve } from 'node:path';
import { cliEnv } from '../config/index.ts';
import { ApiClient, ApiError, CliError } from './api-client.ts';
import { multipartBody } from './multipart-body.ts';
import { formatBytes, progressOn, type Progress } from './progress.ts';

export interface ImportOptions {
  workspace: string;
  project: string;
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
 * `ctxhub import FILE --workspace W --project P [--source S] [--commit]`: streams the file to the
 * server named by SERVICE_URL (POST /v1/imports), then runs parse and extract, and commit with
 * `--commit`. Progress goes to stderr, the summary to stdout; an error answer ends the command
 * with the server's message and a non-zero exit code.
 */
export async function importCommand(file: string, options: ImportOptions): Promise<void> {
  const config = cliEnv();
  const path = resolve(file);
  const info = await stat(path).catch((err: NodeJS.ErrnoException) => {
    throw new CliError(
      err.code === 'ENOENT' ? `File not found: ${file}` : `Cannot read ${file}: ${err.code}`,
    );
  });
  if (!info.isFile()) throw new CliError(`Not a file: ${file}`);
  const client = new ApiClient(config);
  const progress = progressOn(process.stderr);

  let current = await upload(client, progress, {
    path,
    size: info.size,
    workspace: options.workspace,
    project: options.project,
    source: options.source ?? sourceForFile(path),
  });
  const steps: Step[] = options.commit ? ['parse', 'extract', 'commit'] : ['parse', 'extract'];
  for (const step of steps) current = await runStep(client, progress, current, step);
  process.stdout.write(summary(current, options));
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

const STEP_NOTES: Record<Step, (s: Record<string, number>) => string> = {
  parse: (s) =>
    `${s.sessions ?? 0} sessions, ${s.messages ?? 0} messages, ${s.skipped ?? 0} skipped, ${s.redactions ?? 0} redactions`,
  extract: (s) => `${s.staged ?? 0} staged, ${s.already_remembered ?? 0} already remembered`,
  commit: (s) => `${s.committed ?? 0} committed, ${s.memories_created ?? 0} memories created`,
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
function summary(result: ImportAnswer, options: ImportOptions): string {
  const s = result.stats;
  const rows: Array<[string, string | number]> = [
    ['import', result.id],
    ['status', result.status],
    ['file', result.file_name],
    ['source', result.source],
    ['workspace', options.workspace],
    ['project', options.project],
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
  const next = options.commit
    ? ''
    : `\nReview the staged memories (GET /v1/imports/${result.id}/staged), then commit them ` +
      `(POST /v1/imports/${result.id}/commit), or run with --commit.`;
  return `${text}${next}\n`;
}
