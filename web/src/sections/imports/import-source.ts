/** The sources the server has parsers for, and the plain-text ones it reads in chunks. */
export const IMPORT_SOURCES = [
  { value: 'agent_jsonl', label: 'Agent session (.jsonl: Claude Code, Codex CLI)' },
  { value: 'agent_json_export', label: 'Conversation export (.json: Claude.ai, ChatGPT)' },
  { value: 'text', label: 'Text' },
  { value: 'markdown', label: 'Markdown' },
] as const;

export type ImportSource = (typeof IMPORT_SOURCES)[number]['value'];

/** The source a file is imported as, from its extension, as `ctxhub import` guesses it. */
export function sourceForFile(name: string): ImportSource {
  const lower = name.toLowerCase();
  if (lower.endsWith('.jsonl')) return 'agent_jsonl';
  if (lower.endsWith('.json')) return 'agent_json_export';
  return 'text';
}

/** A byte count as people read it. */
export function bytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${(n / 1024 / 1024).toFixed(1)} MB`;
}
