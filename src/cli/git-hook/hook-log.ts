import { appendFile, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** The log the sender appends to, in the git directory (`git rev-parse --git-dir`). */
export const LOG_FILE = 'ctxhub-git-hook.log';

/** Past this size the log is cut to its newest KEEP_BYTES, at a line. */
const MAX_BYTES = 64 * 1024;
const KEEP_BYTES = 32 * 1024;

/**
 * Appends one line, `<ISO time> <text>` (line breaks in `text` become spaces), to the hook log in
 * `gitDir`, and cuts the oldest lines once the file outgrows MAX_BYTES. Two senders may cut at
 * once and lose a line of each other's: the log is for a person to read, not a record.
 */
export async function appendHookLog(gitDir: string, text: string, now = new Date()): Promise<void> {
  const file = join(gitDir, LOG_FILE);
  await appendFile(file, `${now.toISOString()} ${text.replace(/\s*[\r\n]+\s*/g, ' ').trim()}\n`);
  if ((await stat(file)).size <= MAX_BYTES) return;
  const kept = (await readFile(file)).subarray(-KEEP_BYTES);
  await writeFile(file, kept.subarray(kept.indexOf('\n') + 1));
}
