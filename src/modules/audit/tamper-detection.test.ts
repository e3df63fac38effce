import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useHarness, type TestUser } from '../../test/harness.ts';
import {
  busyWorkspace,
  chainOf,
  renameWorkspace,
  sqlText,
  tamper,
  verifyChain,
} from './audit-scenario.fixtures.ts';
import { entryHash } from './chain-hash.ts';
import { auditLog } from './table.ts';

const h = useHarness();
let wsAdmin: TestUser;
let alice: TestUser;

beforeAll(async () => {
  [wsAdmin, alice] = await Promise.all([h.user(), h.user()]);
});

describe('GET /v1/audit/verify', () => {
  it('finds an entry whose params were changed behind the app', async () => {
    const ws = await busyWorkspace(h, wsAdmin, alice);
    const entries = await chainOf(h, ws);
    const victim = entries[5]!; // seq 6, a settings change
    expect(victim.seq).toBe(6);
    await tamper(
      h,
      `UPDATE audit_log SET params = params || '{"reason":"nothing to see"}'::jsonb WHERE id = ${sqlText(victim.id)}`,
    );
    const report = await verifyChain(h, ws);
    expect(report).toEqual({
      intact: false,
      entries_checked: 5,
      head_seq: 10,
      first_break: { seq: 6, id: victim.id, reason: 'hash_mismatch', message: expect.any(String) },
    });
    // The log shows the changed entry as stored; only verify reveals the change.
    const shown = (await chainOf(h, ws))[5]!;
    expect(shown.target.params.reason).toBe('nothing to see');
    expect(shown.hash).toBe(victim.hash);
  });

  it('finds a change to any hashed column, and an intact chain again once it is undone', async () => {
    const ws = await h.workspace([[alice, 'member']]);
    const victim = (await chainOf(h, ws))[1]!;
    const [row] = await h.database.db.select().from(auditLog).where(eq(auditLog.id, victim.id));
    const changes: Array<[string, string]> = [
      ['action', `'access.workspace_member.removed'`],
      ['actor_user_id', sqlText(alice.id)],
      ['system_actor', `'codehost'`],
      ['target_id', `'ws_other'`],
      ['target_type', `'project'`],
      ['workspace_id', `'ws_other'`],
      ['correlation_id', `'cor_x'`],
      ['request_id', `'req_forged'`],
      ['created_at', `created_at + interval '1 millisecond'`],
      ['metadata', `'{"note":"x"}'::jsonb`],
      ['params', `jsonb_set(params, '{new_role}', '"ADMIN"')`],
      ['hash', `'${'0'.repeat(64)}'`],
    ];
    const originals: Record<string, string> = {
      action: sqlText(row!.action),
      actor_user_id: row!.actorUserId ? sqlText(row!.actorUserId) : 'NULL',
      system_actor: row!.systemActor ? sqlText(row!.systemActor) : 'NULL',
      target_id: row!.targetId ? sqlText(row!.targetId) : 'NULL',
      target_type: sqlText(row!.targetType),
      workspace_id: sqlText(row!.workspaceId!),
      correlation_id: row!.correlationId ? sqlText(row!.correlationId) : 'NULL',
      request_id: row!.requestId ? sqlText(row!.requestId) : 'NULL',
      created_at: `created_at - interval '1 millisecond'`,
      metadata: `${sqlText(JSON.stringify(row!.metadata))}::jsonb`,
      params: `${sqlText(JSON.stringify(row!.params))}::jsonb`,
      hash: sqlText(row!.hash),
    };
    for (const [column, value] of changes) {
      await tamper(h, `UPDATE audit_log SET ${column} = ${value} WHERE id = ${sqlText(victim.id)}`);
      const report = await verifyChain(h, ws);
      expect(report.first_break, column).toMatchObject({ seq: 2, id: victim.id, reason: 'hash_mismatch' });
      expect(report.intact, column).toBe(false);
      await tamper(
        h,
        `UPDATE audit_log SET ${column} = ${originals[column]} WHERE id = ${sqlText(victim.id)}`,
      );
      expect((await verifyChain(h, ws)).intact, `${column} restored`).toBe(true);
    }
  });

  it('finds a changed entry even when its own hash was recomputed to match', async () => {
    const ws = await busyWorkspace(h, wsAdmin, alice);
    const victim = (await chainOf(h, ws))[6]!; // seq 7, alice added
    const [row] = await h.database.db.select().from(auditLog).where(eq(auditLog.id, victim.id));
    const forged = { ...row!, params: { ...row!.params, new_role: 'OWNER' } };
    await tamper(
      h,
      `UPDATE audit_log SET params = ${sqlText(JSON.stringify(forged.params))}::jsonb, ` +
        `hash = ${sqlText(entryHash(forged))} WHERE id = ${sqlText(victim.id)}`,
    );
    const report = await verifyChain(h, ws);
    expect(report.intact).toBe(false);
    expect(report.first_break).toMatchObject({ seq: 8, reason: 'prev_hash_mismatch' });
    expect(report.entries_checked).toBe(7);
  });

  it('finds a deleted entry in the middle of the chain', async () => {
    const ws = await busyWorkspace(h, wsAdmin, alice);
    const entries = await chainOf(h, ws);
    await tamper(h, `DELETE FROM audit_log WHERE id = ${sqlText(entries[4]!.id)}`); // seq 5, settings
    const report = await verifyChain(h, ws);
    expect(report.intact).toBe(false);
    expect(report.entries_checked).toBe(4);
    expect(report.first_break).toMatchObject({ seq: 6, id: entries[5]!.id });
    expect(['sequence_gap', 'prev_hash_mismatch']).toContain(report.first_break!.reason);
  });

  it('finds a deleted access entry (with its timeline row) and a deleted first entry', async () => {
    const ws = await busyWorkspace(h, wsAdmin, alice);
    const entries = await chainOf(h, ws);
    const access = entries[6]!; // seq 7, alice added
    expect(access.action).toBe('access.workspace_member.added');
    await tamper(
      h,
      `DELETE FROM access_events WHERE audit_id = ${sqlText(access.id)}; ` +
        `DELETE FROM audit_log WHERE id = ${sqlText(access.id)};`,
    );
    expect((await verifyChain(h, ws)).first_break).toMatchObject({ seq: 8, id: entries[7]!.id });

    const other = await h.workspace([[alice, 'member']]);
    const first = (await chainOf(h, other))[0]!;
    await tamper(h, `DELETE FROM audit_log WHERE id = ${sqlText(first.id)}`);
    const report = await verifyChain(h, other);
    expect(report).toMatchObject({ intact: false, entries_checked: 0 });
    expect(report.first_break).toMatchObject({ seq: 2, reason: 'sequence_gap' });
  });

  it('finds entries deleted at the end of the chain, and still does after later appends', async () => {
    const ws = await busyWorkspace(h, wsAdmin, alice);
    const entries = await chainOf(h, ws);
    const last = entries[entries.length - 1]!;
    expect(last).toMatchObject({ seq: 10, action: 'workspace_settings.updated' });
    await tamper(h, `DELETE FROM audit_log WHERE id = ${sqlText(last.id)}`);
    expect(await verifyChain(h, ws)).toEqual({
      intact: false,
      entries_checked: 9,
      head_seq: 10,
      first_break: { seq: 10, id: null, reason: 'head_mismatch', message: expect.any(String) },
    });
    await renameWorkspace({ h, as: wsAdmin, ws }, 'later');
    const later = await verifyChain(h, ws);
    expect(later.intact).toBe(false);
    expect(later.head_seq).toBe(11);
    expect(later.first_break).toMatchObject({ seq: 11 });
    expect(['sequence_gap', 'prev_hash_mismatch']).toContain(later.first_break!.reason);
  });

  it('finds an entry inserted behind the app past the head of the chain', async () => {
    const ws = await h.workspace([[alice, 'member']]);
    const entries = await chainOf(h, ws);
    const last = entries[entries.length - 1]!;
    const [row] = await h.database.db.select().from(auditLog).where(eq(auditLog.id, last.id));
    const forged = {
      ...row!,
      id: `${row!.id}F`, // longer than any real id, so never a duplicate
      seq: row!.seq + 1,
      action: 'access.workspace_member.role_changed',
      params: { ...row!.params, old_role: 'MEMBER', new_role: 'OWNER' },
      prevHash: row!.hash,
    };
    // INSERT is the one thing the triggers allow; the forged entry even carries a valid hash.
    await h.database.raw(
      `INSERT INTO audit_log (id, chain, seq, workspace_id, action, target_type, target_id, params, metadata,
         actor_user_id, system_actor, correlation_id, request_id, created_at, prev_hash, hash)
       SELECT ${sqlText(forged.id)}, chain, seq + 1, workspace_id, ${sqlText(forged.action)}, target_type,
         target_id, ${sqlText(JSON.stringify(forged.params))}::jsonb, metadata, actor_user_id, system_actor,
         correlation_id, request_id, created_at, hash, ${sqlText(entryHash(forged))}
       FROM audit_log WHERE id = ${sqlText(last.id)}`,
    );
    const report = await verifyChain(h, ws);
    expect(report.intact).toBe(false);
    expect(report.head_seq).toBe(entries.length);
    expect(report.first_break).toMatchObject({ reason: 'head_mismatch' });
  });

  it('keeps a break in one workspace out of the reports of others', async () => {
    const broken = await busyWorkspace(h, wsAdmin, alice);
    const fine = await busyWorkspace(h, wsAdmin, alice);
    const victim = (await chainOf(h, broken))[2]!;
    await tamper(h, `UPDATE audit_log SET action = 'forged' WHERE id = ${sqlText(victim.id)}`);
    expect((await verifyChain(h, broken)).intact).toBe(false);
    expect(await verifyChain(h, fine)).toMatchObject({ intact: true, entries_checked: 10 });
    expect((await verifyChain(h)).intact).toBe(true);
  });
});
