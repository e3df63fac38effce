import {
  strongerRole,
  type FakeCollaborator,
  type FakeInstallation,
  type FakeRepo,
  type RoleName,
  type StoredCollaborator,
  type StoredInstallation,
  type StoredRepo,
  type StoredUser,
} from './codehost-shapes.ts';

// What the code host fake knows: installations and their repositories, each repository's
// collaborators, and users (implied by collaborators, refined by setUser). Names are looked up
// case-insensitively in maps, so a page of 5,000 repositories or 500 collaborators is a slice.

export class CodehostStore {
  protected readonly installations = new Map<number, StoredInstallation>();
  protected readonly users = new Map<string, StoredUser>();
  private readonly collaborators = new Map<string, StoredCollaborator[]>();
  /** Ids handed out by name (`repo:owner/name`, `user:login`), stable across fixture changes. */
  private readonly ids = new Map<string, number>();
  private nextId = 100_001;

  constructor(
    installations: FakeInstallation[] = [],
    collaborators: Record<string, FakeCollaborator[]> = {},
  ) {
    for (const inst of installations) this.addInstallation(inst);
    for (const [fullName, list] of Object.entries(collaborators)) this.setCollaborators(fullName, list);
  }

  /** Adds an installation, or replaces the one with the same id. */
  addInstallation(inst: FakeInstallation): void {
    const created = new Date(Date.UTC(2024, 0, 1)).toISOString().replace('.000Z', 'Z');
    const type = inst.account.type ?? 'Organization';
    this.installations.set(inst.id, {
      id: inst.id,
      account: { login: inst.account.login, id: this.idFor(`user:${inst.account.login}`), type },
      repository_selection: inst.repository_selection ?? 'all',
      repos: [],
      byName: new Map(),
      created_at: created,
      suspended_at: inst.suspended ? now() : null,
    });
    this.setRepositories(inst.id, inst.repositories);
  }

  /** Replaces an installation's repositories (in the order given, which is the order listed). */
  setRepositories(installationId: number, repos: FakeRepo[]): void {
    const inst = this.installation(installationId);
    inst.repos = repos.map((repo) => this.storeRepo(repo));
    inst.byName = new Map(inst.repos.map((repo) => [repo.full_name.toLowerCase(), repo]));
  }

  /** Replaces a repository's collaborators; each one becomes (or updates) a user. */
  setCollaborators(fullName: string, list: FakeCollaborator[]): void {
    const stored = list.map((c) => {
      const user = this.upsertUser(c.login, c.id);
      if (c.email !== undefined) user.email = c.email;
      return { login: user.login, id: user.id, permission: c.permission, team: c.team };
    });
    this.collaborators.set(fullName.toLowerCase(), stored);
  }

  /** Creates or updates a user; fields left out stay as they were. */
  setUser(login: string, fields: { email?: string | null; name?: string | null; id?: number } = {}): void {
    const user = this.upsertUser(login, fields.id);
    if (fields.email !== undefined) user.email = fields.email;
    if (fields.name !== undefined) user.name = fields.name;
  }

  /** Suspends an installation: no new tokens (403), and its tokens answer 403. */
  suspend(installationId: number): void {
    this.installation(installationId).suspended_at = now();
  }

  /** Lifts a suspension. */
  unsuspend(installationId: number): void {
    this.installation(installationId).suspended_at = null;
  }

  protected installation(id: number): StoredInstallation {
    const inst = this.installations.get(id);
    if (!inst) throw new Error(`codehost fake: no installation ${id}`);
    return inst;
  }

  protected collaboratorsOf(fullName: string): StoredCollaborator[] {
    return this.collaborators.get(fullName.toLowerCase()) ?? [];
  }

  /**
   * The teams with access to a repository, from its collaborators' `team`: each team's permission
   * is the strongest its members hold there through it.
   */
  protected teamsOf(fullName: string): { slug: string; id: number; permission: RoleName }[] {
    const teams = new Map<string, RoleName>();
    for (const c of this.collaboratorsOf(fullName)) {
      if (!c.team) continue;
      const held = teams.get(c.team);
      teams.set(c.team, held ? strongerRole(held, c.permission) : c.permission);
    }
    const owner = fullName.split('/')[0] ?? '';
    return [...teams].map(([slug, permission]) => ({
      slug,
      id: this.idFor(`team:${owner}/${slug}`),
      permission,
    }));
  }

  /** A team's members: everyone a repository of the organisation lists as having access through it. */
  protected teamMembers(org: string, slug: string): StoredUser[] {
    const prefix = `${org.toLowerCase()}/`;
    const members = new Map<string, StoredUser>();
    for (const [fullName, list] of this.collaborators) {
      if (!fullName.startsWith(prefix)) continue;
      for (const c of list) {
        const user = this.users.get(c.login.toLowerCase());
        if (c.team === slug && user) members.set(user.login.toLowerCase(), user);
      }
    }
    return [...members.values()];
  }

  private storeRepo(repo: FakeRepo): StoredRepo {
    const [owner, name, ...rest] = repo.full_name.split('/');
    if (!owner || !name || rest.length > 0) throw new Error(`codehost fake: bad full_name ${repo.full_name}`);
    return {
      id: this.idFor(`repo:${repo.full_name}`, repo.id),
      owner,
      name,
      full_name: repo.full_name,
      private: repo.private ?? true,
      default_branch: repo.default_branch ?? 'main',
      archived: repo.archived ?? false,
    };
  }

  private upsertUser(login: string, id?: number): StoredUser {
    const key = login.toLowerCase();
    let user = this.users.get(key);
    if (!user) {
      user = { login, id: this.idFor(`user:${login}`, id), name: null, email: null };
      this.users.set(key, user);
    } else if (id !== undefined) {
      user.id = this.idFor(`user:${login}`, id);
    }
    return user;
  }

  /** The id given (remembered for the name), else the one the name already has, else a new one. */
  private idFor(name: string, given?: number): number {
    const key = name.toLowerCase();
    const id = given ?? this.ids.get(key) ?? this.nextId++;
    this.ids.set(key, id);
    return id;
  }
}

/** An ISO time without milliseconds, as GitHub writes them. */
export const now = (offsetMs = 0): string =>
  new Date(Date.now() + offsetMs).toISOString().replace(/\.\d{3}Z$/, 'Z');
