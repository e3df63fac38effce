import type { ParsedRole } from './types.ts';

const ROLES: Record<string, ParsedRole> = {
  human: 'user',
  user: 'user',
  assistant: 'assistant',
  ai: 'assistant',
  bot: 'assistant',
  model: 'assistant',
  system: 'system',
  developer: 'system',
  tool: 'tool',
  function: 'tool',
};

/** A role or sender name of a chat export as ours; null when it is unknown. */
export function normalizeRole(value: unknown): ParsedRole | null {
  return typeof value === 'string' ? (ROLES[value.trim().toLowerCase()] ?? null) : null;
}
