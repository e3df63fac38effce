import { SEVERITIES, type ProviderFields, type Severity } from '../config/providers.ts';

const rank = (s: Severity) => SEVERITIES.indexOf(s);

/** What forwarding looks at in an audit entry. */
export interface ForwardedEntry {
  action: string;
  params: Record<string, unknown>;
}

/** A CI result that failed: high severity at least, whatever the rules say (they may raise it). */
const isCiFailure = (entry: ForwardedEntry) =>
  entry.action === 'ci.failure' || (entry.action.startsWith('ci.') && entry.params.status === 'failure');

/** The entry's severity: the first severity rule whose prefix the action starts with, else low. */
export function severityOf(entry: ForwardedEntry, fields: ProviderFields<'chat'>): Severity {
  const rule = (fields.severity_rules ?? []).find((r) => entry.action.startsWith(r.action_prefix));
  const severity = rule?.severity ?? 'low';
  return isCiFailure(entry) && rank(severity) < rank('high') ? 'high' : severity;
}

/** Where one entry goes: a channel (null: the webhook's own channel), at a severity. */
export interface ChatTarget {
  channel: string | null;
  severity: Severity;
}

/**
 * Where an entry is sent, decided when it is written; [] when it is not sent. With
 * `action_prefixes` set, only actions starting with one of them are sent. Each route whose
 * `action_prefix` matches and whose `min_severity` (if set) the entry meets sends it to the route's
 * channel (the default channel when the route names none); with no such route it goes to
 * `default_channel` (or the webhook's own channel). One message per distinct channel.
 */
export function chatTargets(entry: ForwardedEntry, fields: ProviderFields<'chat'>): ChatTarget[] {
  const prefixes = fields.action_prefixes ?? [];
  if (prefixes.length > 0 && !prefixes.some((p) => entry.action.startsWith(p))) return [];
  const severity = severityOf(entry, fields);
  const fallback = fields.default_channel ?? null;
  const routed = (fields.routes ?? [])
    .filter((r) => entry.action.startsWith(r.action_prefix))
    .filter((r) => r.min_severity === undefined || rank(severity) >= rank(r.min_severity))
    .map((r) => r.channel ?? fallback);
  const channels = routed.length > 0 ? [...new Set(routed)] : [fallback];
  return channels.map((channel) => ({ channel, severity }));
}
