import { createHash } from 'node:crypto';

/** JSON with object keys sorted at every level: the same value always gives the same text. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value ?? null);
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

/** What an entry's hash covers: every stored field but the hash itself. */
export interface HashedEntry {
  id: string;
  chain: string;
  seq: number;
  workspaceId: string | null;
  action: string;
  targetType: string;
  targetId: string | null;
  params: Record<string, unknown>;
  metadata: Record<string, unknown>;
  actorUserId: string | null;
  systemActor: string | null;
  correlationId: string | null;
  requestId: string | null;
  createdAt: Date;
  prevHash: string | null;
}

export function entryHash(e: HashedEntry): string {
  const canonical = canonicalJson({
    id: e.id,
    chain: e.chain,
    seq: e.seq,
    workspace_id: e.workspaceId,
    action: e.action,
    target_type: e.targetType,
    target_id: e.targetId,
    params: e.params,
    metadata: e.metadata,
    actor_user_id: e.actorUserId,
    system_actor: e.systemActor,
    correlation_id: e.correlationId,
    request_id: e.requestId,
    created_at: e.createdAt.toISOString(),
    prev_hash: e.prevHash,
  });
  return createHash('sha256').update(canonical).digest('hex');
}
