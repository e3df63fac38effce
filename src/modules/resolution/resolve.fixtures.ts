import { expect } from 'vitest';
import type { z } from 'zod';
import type { Harness, TestUser } from '../../test/harness.ts';
import type { SettingsInput, settingsSchema } from '../workspaces/settings.ts';
import type { resolutionAnswer } from './schemas.ts';

/** What POST /v1/resolve-project answers, as the tests read it. */
export type ResolvedAnswer = z.output<typeof resolutionAnswer>;

/**
 * The resolution tests' calls: a workspace with `admin` (admin) and `member` (member) and the given
 * settings (defaults filled by its verb), the raw POST /v1/resolve-project, and its 200 answer.
 */
export function resolutionCalls(h: Harness, users: () => { admin: TestUser; member: TestUser }) {
  const workspace = (settings: z.input<typeof settingsSchema> = {}) => {
    const { admin, member } = users();
    return h.workspace(
      [
        [admin, 'admin'],
        [member, 'member'],
      ],
      settings as SettingsInput,
    );
  };
  const resolve = (as: TestUser, body: Record<string, unknown>) =>
    h.request('POST', '/v1/resolve-project', { as, body });
  const resolved = async (as: TestUser, body: Record<string, unknown>) => {
    const res = await resolve(as, body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as ResolvedAnswer;
  };
  return { workspace, resolve, resolved };
}
