import { beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../../platform/db/in-transaction.ts';
import { useHarness } from '../../test/harness.ts';
import {
  CODEHOST_BATCH,
  EVIDENCE,
  ids,
  manualWriterAddedParams,
  produce,
  tellAccessTimelineStory,
  verifyChain,
  workspaceRef,
  type AccessEvent,
  type AccessTimelineStory,
} from './audit-scenario.fixtures.ts';
import { recordAccessChange } from './access-change-entry.ts';

const h = useHarness();
let story: AccessTimelineStory;

beforeAll(async () => {
  story = await tellAccessTimelineStory(h);
});

const line = (e: AccessEvent) =>
  `${e.source} ${e.change} ${e.project_key ?? 'workspace'} ${e.target_user.email} ${e.old_role}->${e.new_role}`;

describe('GET /v1/audit/access-timeline', () => {
  it('answers every access change of the workspace, newest first', async () => {
    const { wsAdmin, member, alice, bob, carol, dave, ws, projectP, projectQ, all, timeline } = story;
    const body = await timeline({});
    expect(body.next_cursor).toBeNull();
    expect(ids(body.items)).toEqual(ids(all));
    const lines = all.map(line);
    // Bob's project removals belong to one removal; their relative order is not specified.
    expect([...lines.slice(5, 7)].sort()).toEqual(
      [
        `manual remove ${projectP} ${bob.email} WRITER->null`,
        `manual remove ${projectQ} ${bob.email} READER->null`,
      ].sort(),
    );
    expect([...lines.slice(0, 5), ...lines.slice(7)]).toEqual([
      `system remove workspace ${dave.email} MEMBER->null`,
      `oidc add workspace ${dave.email} null->MEMBER`,
      `codehost add ${projectP} ${carol.email} null->WRITER`,
      `codehost change ${projectP} ${alice.email} READER->WRITER`,
      `manual remove workspace ${bob.email} MEMBER->null`,
      `manual add ${projectQ} ${bob.email} null->READER`,
      `manual add ${projectP} ${bob.email} null->WRITER`,
      `manual add workspace ${bob.email} null->MEMBER`,
      `manual change ${projectP} ${alice.email} WRITER->READER`,
      `manual add ${projectP} ${alice.email} null->WRITER`,
      `manual add workspace ${alice.email} null->MEMBER`,
      `manual add workspace ${member.email} null->MEMBER`,
      `manual add workspace ${wsAdmin.email} null->ADMIN`,
      `manual add workspace ${h.admin.email} null->OWNER`,
    ]);
    for (let i = 1; i < all.length; i++) {
      expect(all[i - 1]!.id > all[i]!.id).toBe(true);
      expect(all[i - 1]!.created_at >= all[i]!.created_at).toBe(true);
    }
    expect(all.every((e) => e.workspace_key === ws)).toBe(true);
  });

  it('answers every field of an event, with a summary naming actor, target and role', async () => {
    const { wsAdmin, alice, bob, ws, projectP, mark, all } = story;
    const added = all.find(
      (e) => e.change === 'add' && e.target_user.id === alice.id && e.project_key === projectP,
    )!;
    expect(added).toEqual({
      id: expect.stringMatching(/^aud_/),
      created_at: expect.any(String),
      action: 'access.project_member.added',
      summary: expect.any(String),
      source: 'manual',
      change: 'add',
      actor: { user_id: wsAdmin.id, email: wsAdmin.email, system: null },
      target_user: { id: alice.id, email: alice.email },
      workspace_key: ws,
      project_key: projectP,
      old_role: null,
      new_role: 'WRITER',
      correlation_id: null,
      evidence: null,
      params: manualWriterAddedParams(alice.id, ws, projectP),
    });
    expect(added.summary).toContain('added');
    expect(added.summary).toContain(alice.email);
    expect(added.summary).toContain(wsAdmin.email);
    expect(added.summary).toContain('WRITER');
    expect(added.summary).toContain(projectP);
    expect(new Date(added.created_at).getTime()).toBeGreaterThanOrEqual(mark[2]!.getTime());
    expect(new Date(added.created_at).getTime()).toBeLessThan(mark[3]!.getTime());

    const changed = all.find((e) => e.change === 'change' && e.source === 'manual')!;
    expect(changed).toMatchObject({
      action: 'access.project_member.role_changed',
      old_role: 'WRITER',
      new_role: 'READER',
      target_user: { id: alice.id, email: alice.email },
    });
    expect(changed.summary).toContain('changed');
    expect(changed.summary).toMatch(/WRITER.*READER/);
    expect(changed.summary).toContain(alice.email);

    const removed = all.find(
      (e) => e.change === 'remove' && e.project_key === null && e.source === 'manual',
    )!;
    expect(removed).toMatchObject({
      action: 'access.workspace_member.removed',
      old_role: 'MEMBER',
      new_role: null,
      target_user: { id: bob.id, email: bob.email },
      actor: { user_id: wsAdmin.id, email: wsAdmin.email, system: null },
    });
    expect(removed.summary).toContain('removed');
    expect(removed.summary).toContain(bob.email);
    expect(removed.summary).toContain('MEMBER');
    expect(removed.summary).toContain(ws);

    const creation = all[all.length - 1]!;
    expect(creation).toMatchObject({
      action: 'access.workspace_member.added',
      new_role: 'OWNER',
      actor: { user_id: h.admin.id, email: h.admin.email },
      evidence: { reason: 'workspace_created' },
    });
  });

  it('is the same entry as in the audit log', async () => {
    const { wsAdmin, ws, all } = story;
    const log = await h.request('GET', '/v1/audit-logs', {
      as: wsAdmin,
      query: { workspace_key: ws, action_prefix: 'access.', limit: '200' },
    });
    const entries = log.json().items as Array<{
      id: string;
      action: string;
      created_at: string;
      correlation_id: string | null;
      target: { params: Record<string, unknown> };
    }>;
    expect(entries.map((e) => e.id)).toEqual(ids(all));
    for (const [i, e] of entries.entries()) {
      expect({
        action: e.action,
        created_at: e.created_at,
        correlation_id: e.correlation_id,
        params: e.target.params,
      }).toEqual({
        action: all[i]!.action,
        created_at: all[i]!.created_at,
        correlation_id: all[i]!.correlation_id,
        params: all[i]!.params,
      });
    }
  });

  it('groups the entries of one removal under one correlation id', async () => {
    const { bob, all } = story;
    const bobRemovals = all.filter((e) => e.target_user.id === bob.id && e.change === 'remove');
    expect(bobRemovals).toHaveLength(3);
    const correlation = bobRemovals[0]!.correlation_id;
    expect(correlation).toMatch(/^cor_/);
    expect(bobRemovals.every((e) => e.correlation_id === correlation)).toBe(true);
    expect(all.filter((e) => e.correlation_id === correlation)).toHaveLength(3);
    expect(bobRemovals.every((e) => e.params.correlation_id === correlation)).toBe(true);
    // The filter finds the batch, and only it.
    const batch = await story.allPages({ correlation_id: correlation! });
    expect(ids(batch)).toEqual(ids(bobRemovals));
    expect(await story.allPages({ correlation_id: 'cor_01NOSUCHBATCH0000000000000' })).toEqual([]);
  });

  it('shows the events of the internal producer with their source, batch id and evidence', async () => {
    const { wsAdmin, alice, carol, dave, ws, projectP, allPages } = story;
    const codehost = await allPages({ source: 'codehost' });
    expect(codehost).toHaveLength(2);
    expect(codehost.map(line)).toEqual([
      `codehost add ${projectP} ${carol.email} null->WRITER`,
      `codehost change ${projectP} ${alice.email} READER->WRITER`,
    ]);
    for (const e of codehost) {
      expect(e).toMatchObject({
        correlation_id: CODEHOST_BATCH,
        evidence: EVIDENCE,
        workspace_key: ws,
        project_key: projectP,
        actor: { user_id: h.admin.id, email: h.admin.email, system: null },
        params: {
          source: 'codehost',
          target_user_id: e.target_user.id,
          workspace_key: ws,
          project_key: projectP,
          correlation_id: CODEHOST_BATCH,
          evidence: EVIDENCE,
        },
      });
    }
    expect(codehost[0]!.action).toBe('access.project_member.added');
    expect(codehost[1]!.action).toBe('access.project_member.role_changed');
    expect(codehost[1]!.summary).toContain('changed');
    expect(codehost[1]!.summary).toMatch(/READER.*WRITER/);
    // A system actor is named as such in the summary.
    const [oidc] = await allPages({ source: 'oidc' });
    expect(oidc).toMatchObject({
      actor: { user_id: null, email: null, system: 'oidc-sync' },
      target_user: { id: dave.id, email: dave.email },
      correlation_id: 'dirsync-1',
      evidence: { group: 'engineering' },
      project_key: null,
      new_role: 'MEMBER',
    });
    expect(oidc!.summary).toContain('system');
    expect(oidc!.summary).toContain('oidc-sync');
    expect(oidc!.summary).toContain(dave.email);
    const [system] = await allPages({ source: 'system' });
    expect(system).toMatchObject({
      change: 'remove',
      actor: { system: 'cleanup' },
      correlation_id: null,
      evidence: null,
    });
    // The chain stays intact with entries from every producer.
    expect(await verifyChain(h, ws, wsAdmin)).toMatchObject({ intact: true, first_break: null });
  });

  it('records nothing when the transaction of the producer rolls back', async () => {
    const { wsAdmin, alice, timeline } = story;
    const other = await h.workspace([[wsAdmin, 'admin']]);
    const ref = await workspaceRef(h, other);
    const ctx = h.ctxFor(h.admin);
    const before = (await timeline({ workspace_key: other })).items;
    await expect(
      inTransaction(ctx, async (ctx) => {
        await recordAccessChange(ctx, {
          workspace: ref,
          targetUserId: alice.id,
          oldRole: null,
          newRole: 'member',
          source: 'codehost',
          correlationId: 'rolled-back',
        });
        throw new Error('sync failed');
      }),
    ).rejects.toThrow('sync failed');
    const after = (await timeline({ workspace_key: other })).items;
    expect(after).toEqual(before);
    expect(await verifyChain(h, other, wsAdmin)).toMatchObject({
      intact: true,
      entries_checked: before.length + 1,
    });
    // The next change continues the chain where it was.
    await produce(ctx, [
      { workspace: ref, targetUserId: alice.id, oldRole: null, newRole: 'member', source: 'codehost' },
    ]);
    expect(await verifyChain(h, other, wsAdmin)).toMatchObject({
      intact: true,
      entries_checked: before.length + 2,
    });
  });
});
