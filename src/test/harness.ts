import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../app.ts';
import { testConfig, type Config } from '../config/index.ts';
import type { Ctx, UserActor } from '../platform/context.ts';
import type { App } from '../platform/http/types.ts';
import { createApiKey } from '../modules/api-keys/create-api-key.ts';
import { viewOneTimeLink } from '../modules/api-keys/view-one-time-link.ts';
import { bootstrapFirstAdmin } from '../modules/users/bootstrap-first-admin.ts';
import { createUser } from '../modules/users/create-user.ts';
import { createWorkspace } from '../modules/workspaces/create-workspace.ts';
import { addWorkspaceMember } from '../modules/workspaces/add-workspace-member.ts';
import { createProject } from '../modules/projects/create-project.ts';
import { addProjectMember } from '../modules/projects/add-project-member.ts';
import type { WorkspaceRole, ProjectRole } from '../modules/tenancy/table.ts';
import type { SettingsInput } from '../modules/workspaces/settings.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';
import { composeModules, JOBS } from '../composition.ts';
import { JOBS_CHANNEL } from '../platform/jobs/enqueue-job.ts';
import { startJobRunner, type JobRunner } from '../platform/jobs/job-runner.ts';

export interface TestUser {
  id: string;
  email: string;
  key: string;
  isAdmin: boolean;
  headers: { authorization: string };
}

/** A controllable clock: tests move time instead of sleeping. */
export class TestClock {
  private offsetMs = 0;
  now = (): Date => new Date(Date.now() + this.offsetMs);
  advance(ms: number): void {
    this.offsetMs += ms;
  }
}

export interface RequestOptions {
  as?: TestUser | { headers: Record<string, string> };
  body?: unknown;
  query?: Record<string, string>;
  headers?: Record<string, string>;
}

/**
 * One app on one fresh database per test file. Setup goes through the service verbs; the behaviour
 * under test goes through HTTP (`request`).
 */
export class Harness {
  private counter = 0;

  private constructor(
    readonly app: App,
    readonly database: TestDatabase,
    readonly config: Config,
    readonly clock: TestClock,
    readonly admin: TestUser,
    /** The background job runner, when started (`jobs: true`): tests wait for it with `idle()`. */
    readonly jobs: JobRunner | null,
  ) {}

  static async start(
    overrides: Partial<Config> = {},
    options: { adminUiDir?: string; jobs?: boolean } = {},
  ): Promise<Harness> {
    const { jobs: withJobs = false, ...appOptions } = options;
    composeModules();
    const database = await createTestDatabase();
    const clock = new TestClock();
    const config = testConfig({
      rateLimit: { perKeyPerMinute: 100_000, perIpPerMinute: 100_000 },
      publicUrl: 'http://ctxhub.test',
      importDir: mkdtempSync(join(tmpdir(), 'ctxhub-imports-')),
      ...overrides,
    });
    const base: Ctx = {
      actor: { kind: 'system', name: 'test' },
      requestId: 'test',
      db: database.db,
      config,
      now: clock.now,
      claims: database.claims,
    };
    const first = await bootstrapFirstAdmin({ ctx: base });
    if (!first) throw new Error('test database was not empty');
    const token = first.url.split('/one-time/')[1]!;
    const { key, plaintext } = await viewOneTimeLink({
      ctx: { ...base, actor: { kind: 'anonymous' } },
      input: { token },
    });
    const admin: TestUser = {
      id: key.userId,
      email: first.email,
      key: plaintext,
      isAdmin: true,
      headers: { authorization: `Bearer ${plaintext}` },
    };
    const app = await buildApp({
      db: database.db,
      config,
      ping: database.ping,
      claims: database.claims,
      now: clock.now,
      logger: false,
      ...appOptions,
    });
    await app.ready();
    const jobs = withJobs
      ? startJobRunner({
          ctx: { ...base, actor: { kind: 'system', name: 'jobs' } },
          jobs: JOBS,
          log: { info() {}, warn() {}, error() {} },
          listen: (notify) => database.listen(JOBS_CHANNEL, notify),
        })
      : null;
    return new Harness(app, database, config, clock, admin, jobs);
  }

  async close(): Promise<void> {
    await this.jobs?.stop();
    await this.app.close();
    await this.database.close();
    rmSync(this.config.importDir, { recursive: true, force: true });
  }

  /** A unique lower-case token for keys and e-mails within this file. */
  uniq(prefix = 'x'): string {
    this.counter += 1;
    return `${prefix}${this.counter}-${randomBytes(3).toString('hex')}`;
  }

  ctxFor(user: TestUser): Ctx {
    const actor: UserActor = {
      kind: 'user',
      userId: user.id,
      email: user.email,
      name: null,
      isAdmin: user.isAdmin,
      apiKeyId: null,
    };
    return {
      actor,
      requestId: 'test',
      db: this.database.db,
      config: this.config,
      now: this.clock.now,
      claims: this.database.claims,
    };
  }

  /** A user with an API key of their own. */
  async user(options: { email?: string; isAdmin?: boolean; name?: string } = {}): Promise<TestUser> {
    const email = options.email ?? `${this.uniq('user')}@example.test`;
    const row = await createUser({
      ctx: this.ctxFor(this.admin),
      input: { email, is_admin: options.isAdmin ?? false, name: options.name },
    });
    const user: TestUser = {
      id: row.id,
      email: row.email,
      key: '',
      isAdmin: row.isAdmin,
      headers: { authorization: '' },
    };
    const { plaintext } = await createApiKey({ ctx: this.ctxFor(user), input: { label: 'test' } });
    return { ...user, key: plaintext, headers: { authorization: `Bearer ${plaintext}` } };
  }

  /** A workspace created by the server admin, with members in the given roles. */
  async workspace(
    members: Array<[TestUser, WorkspaceRole]> = [],
    settings: SettingsInput & { key?: string } = {},
  ): Promise<string> {
    const { key, ...rest } = settings;
    const workspaceKey = key ?? this.uniq('ws');
    await createWorkspace({ ctx: this.ctxFor(this.admin), input: { workspace_key: workspaceKey, ...rest } });
    for (const [user, role] of members) {
      await addWorkspaceMember({
        ctx: this.ctxFor(this.admin),
        input: { workspace_key: workspaceKey, user_id: user.id, role },
      });
    }
    return workspaceKey;
  }

  /** A project in a workspace, with project members (who must be workspace members). */
  async project(
    workspaceKey: string,
    members: Array<[TestUser, ProjectRole]> = [],
    key?: string,
  ): Promise<string> {
    const projectKey = key ?? `codehost:acme/${this.uniq('repo')}`;
    await createProject({
      ctx: this.ctxFor(this.admin),
      input: { workspace_key: workspaceKey, key: projectKey },
    });
    for (const [user, role] of members) {
      await addProjectMember({
        ctx: this.ctxFor(this.admin),
        input: { workspace_key: workspaceKey, project_key: projectKey, user_id: user.id, role },
      });
    }
    return projectKey;
  }

  request(
    method: InjectOptions['method'],
    url: string,
    options: RequestOptions = {},
  ): Promise<LightMyRequestResponse> {
    const headers: Record<string, string> = { ...(options.as?.headers ?? {}), ...(options.headers ?? {}) };
    return this.app.inject({
      method,
      url,
      headers,
      ...(options.query ? { query: options.query } : {}),
      ...(options.body !== undefined ? { payload: options.body as InjectOptions['payload'] } : {}),
    });
  }
}

/** Percent-encodes a project key for a path segment. */
export const enc = (key: string) => encodeURIComponent(key);

/**
 * The harness of one test file: started before its tests, closed after them. The returned object
 * stands for it (property reads go to the harness once started), so files write
 * `const h = useHarness();` and use `h` as the Harness. Overrides given as a function are read when
 * it starts, after the hooks registered before it (a fake's address, say).
 */
export function useHarness(
  overrides: Partial<Config> | (() => Partial<Config>) = {},
  options: { adminUiDir?: string; jobs?: boolean } = {},
): Harness {
  let current: Harness | undefined;
  beforeAll(async () => {
    current = await Harness.start(typeof overrides === 'function' ? overrides() : overrides, options);
  });
  afterAll(async () => {
    await current?.close();
  });
  return new Proxy({} as Harness, {
    get(_, prop) {
      if (!current) throw new Error('the harness starts in beforeAll: use it inside hooks and tests');
      const value = Reflect.get(current, prop, current);
      return typeof value === 'function' ? value.bind(current) : value;
    },
  });
}
