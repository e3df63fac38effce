/** Raw messages seeded in SQL, and the raw routes, shared by the raw route tests. */

import { expect } from 'vitest';
import { newId } from '../../platform/ids.ts';
import type { Harness, TestUser } from '../../test/harness.ts';
import { auditLogPages, sqlText, type AuditEntry } from '../audit/audit-scenario.fixtures.ts';
import type { Place } from '../memories/memories.fixtures.ts';

export interface Snippet {
  message_id: string;
  session_id: string;
  role: string;
  snippet: string;
  created_at: string;
}

export interface SeedMessage {
  role?: 'user' | 'assistant' | 'system' | 'tool';
  content: string;
  createdAt?: Date;
}

export interface Seeded {
  sessionId: string;
  ids: string[];
}

export const ELLIPSIS = '…';
/** Words that never match the test queries. */
export const filler = (chars: number) =>
  'alpha bravo charlie delta echo foxtrot golf hotel '.repeat(chars / 50 + 1).slice(0, chars);

/** The seeding and the raw route helpers of one test file, bound to its harness. */
export function rawHelpers(h: Harness) {
  /**
   * Raw transcripts arrive through imports, which have no HTTP route yet: the test writes a session and
   * its messages straight into the tables, in the project named by its keys.
   */
  async function seedSession(place: Place, messages: SeedMessage[]): Promise<Seeded> {
    const sessionId = newId('rses');
    const ids = messages.map(() => newId('rmsg'));
    const now = h.clock.now();
    const at = (d: Date) => `${sqlText(d.toISOString())}::timestamptz`;
    const statements = [
      `insert into raw_sessions (id, workspace_id, project_id, source, source_session_id, title, import_id,
         message_count, started_at, created_at, updated_at)
       select ${sqlText(sessionId)}, w.id, p.id, 'claude_code', ${sqlText(h.uniq('session'))}, 'A session',
         ${sqlText(newId('imp'))}, ${messages.length}, ${at(now)}, ${at(now)}, ${at(now)}
       from workspaces w join projects p on p.workspace_id = w.id
       where w.key = ${sqlText(place.ws)} and p.key = ${sqlText(place.project)};`,
      ...messages.map(
        (m, seq) =>
          `insert into raw_messages (id, session_id, workspace_id, project_id, seq, role, content, created_at)
           select ${sqlText(ids[seq]!)}, s.id, s.workspace_id, s.project_id, ${seq}, ${sqlText(m.role ?? 'user')},
             ${sqlText(m.content)}, ${at(m.createdAt ?? new Date(now.getTime() + seq))}
           from raw_sessions s where s.id = ${sqlText(sessionId)};`,
      ),
    ];
    await h.database.raw(statements.join('\n'));
    return { sessionId, ids };
  }

  const search = (as: TestUser, place: Place, query: Record<string, string>) =>
    h.request('GET', '/v1/raw/search', {
      as,
      query: { workspace_key: place.ws, project_key: place.project, ...query },
    });

  async function found(as: TestUser, place: Place, query: Record<string, string>): Promise<Snippet[]> {
    const res = await search(as, place, query);
    expect(res.statusCode, res.body).toBe(200);
    expect(Object.keys(res.json())).toEqual(['items']);
    return res.json().items as Snippet[];
  }

  const view = (as: TestUser, id: string, query: Record<string, string>) =>
    h.request('GET', `/v1/raw/messages/${id}`, { as, query });

  async function viewed(as: TestUser, id: string, query: Record<string, string>): Promise<Snippet> {
    const res = await view(as, id, query);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Snippet;
  }

  /** The raw.* audit entries of a workspace, newest first. */
  const rawLog = (ws: string): Promise<AuditEntry[]> =>
    auditLogPages(h, h.admin, { workspace_key: ws, action_prefix: 'raw.' });

  return { seedSession, search, found, view, viewed, rawLog };
}
