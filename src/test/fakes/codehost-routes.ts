import { JWT_UNDECODABLE } from './codehost-jwt.ts';
import { linkHeader, pageItems, readPage } from './codehost-link.ts';
import {
  INSTALLATION_PERMISSIONS,
  appJson,
  collaboratorJson,
  githubError,
  installationJson,
  repoJson,
  teamJson,
  userBase,
  userJson,
  type RoleName,
  type StoredCollaborator,
  type StoredInstallation,
  type StoredUser,
} from './codehost-shapes.ts';
import type { FakeReply } from './fake-server.ts';

// The code host fake's endpoints: which credential each needs (an App JWT or an installation
// token), and GitHub's answers. A token sees only its installation's repositories: another one's
// answers 404, as GitHub hides what a caller may not see.

/** What a request's Authorization header turned out to be. */
export type Credential =
  | { kind: 'none' | 'jwt' }
  | { kind: 'token'; installationId: number }
  | { kind: 'invalid'; jwtError: string };

export interface AuthedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  /** `http://host:port` as the client addressed the fake: Link URLs are built on it. */
  origin: string;
  credential: Credential;
}

/** What the routes read from the fake (its maps are shared, not copied). */
export interface RouteContext {
  appId: number;
  perPageMax: number;
  installations: ReadonlyMap<number, StoredInstallation>;
  users: ReadonlyMap<string, StoredUser>;
  collaboratorsOf(fullName: string): StoredCollaborator[];
  teamsOf(fullName: string): { slug: string; id: number; permission: RoleName }[];
  teamMembers(org: string, slug: string): StoredUser[];
  mintToken(installationId: number): { token: string; expires_at: string };
}

type AppHandler = (req: AuthedRequest, params: string[]) => FakeReply;
type InstallationHandler = (req: AuthedRequest, params: string[], inst: StoredInstallation) => FakeReply;
type Route =
  | { method: string; pattern: RegExp; needs: 'jwt'; handle: AppHandler }
  | { method: string; pattern: RegExp; needs: 'token'; handle: InstallationHandler };

const SUSPENDED = 'This installation has been suspended';

export class CodehostRoutes {
  private readonly table: Route[] = [
    { method: 'GET', pattern: /^\/app$/, needs: 'jwt', handle: () => ok(appJson(this.ctx.appId)) },
    {
      method: 'GET',
      pattern: /^\/app\/installations$/,
      needs: 'jwt',
      handle: (r) => this.listInstallations(r),
    },
    {
      method: 'GET',
      pattern: /^\/app\/installations\/(\d+)$/,
      needs: 'jwt',
      handle: (r, p) => this.getInstallation(r, p),
    },
    {
      method: 'POST',
      pattern: /^\/app\/installations\/(\d+)\/access_tokens$/,
      needs: 'jwt',
      handle: (_r, p) => this.createToken(p),
    },
    {
      method: 'GET',
      pattern: /^\/installation\/repositories$/,
      needs: 'token',
      handle: (r, _p, i) => this.listRepos(r, i),
    },
    {
      method: 'GET',
      pattern: /^\/repos\/([^/]+)\/([^/]+)$/,
      needs: 'token',
      handle: (_r, p, i) => this.getRepo(p, i),
    },
    {
      method: 'GET',
      pattern: /^\/repos\/([^/]+)\/([^/]+)\/collaborators$/,
      needs: 'token',
      handle: (r, p, i) => this.listCollaborators(r, p, i),
    },
    {
      method: 'GET',
      pattern: /^\/repos\/([^/]+)\/([^/]+)\/teams$/,
      needs: 'token',
      handle: (r, p, i) => this.listRepoTeams(r, p, i),
    },
    {
      method: 'GET',
      pattern: /^\/orgs\/([^/]+)\/teams\/([^/]+)\/members$/,
      needs: 'token',
      handle: (r, p, i) => this.listTeamMembers(r, p, i),
    },
    { method: 'GET', pattern: /^\/users\/([^/]+)$/, needs: 'token', handle: (_r, p) => this.getUser(p) },
  ];

  constructor(private readonly ctx: RouteContext) {}

  route(req: AuthedRequest): FakeReply {
    for (const route of this.table) {
      const match = route.method === req.method ? route.pattern.exec(req.path) : null;
      if (!match) continue;
      const params = match.slice(1).map((p) => decodeURIComponent(p));
      if (route.needs === 'jwt') return this.refuseApp(req.credential) ?? route.handle(req, params);
      const inst = this.installationOf(req.credential);
      return 'status' in inst ? inst : route.handle(req, params, inst);
    }
    return githubError(404, 'Not Found');
  }

  /** 401 unless the request carries a good App JWT. */
  private refuseApp(credential: Credential): FakeReply | undefined {
    if (credential.kind === 'jwt') return undefined;
    return githubError(401, credential.kind === 'invalid' ? credential.jwtError : JWT_UNDECODABLE);
  }

  /** The token's installation, or GitHub's 401 (no or bad token) or 403 (suspended). */
  private installationOf(credential: Credential): StoredInstallation | FakeReply {
    if (credential.kind === 'none') return githubError(401, 'Requires authentication');
    const inst =
      credential.kind === 'token' ? this.ctx.installations.get(credential.installationId) : undefined;
    if (!inst) return githubError(401, 'Bad credentials');
    return inst.suspended_at ? githubError(403, SUSPENDED) : inst;
  }

  private listInstallations(req: AuthedRequest): FakeReply {
    const all = [...this.ctx.installations.values()];
    return this.paged(req, all, (inst) => installationJson(inst, this.ctx.appId, req.origin));
  }

  private getInstallation(req: AuthedRequest, [id]: string[]): FakeReply {
    const inst = this.ctx.installations.get(Number(id));
    return inst ? ok(installationJson(inst, this.ctx.appId, req.origin)) : githubError(404, 'Not Found');
  }

  private createToken([id]: string[]): FakeReply {
    const inst = this.ctx.installations.get(Number(id));
    if (!inst) return githubError(404, 'Not Found');
    if (inst.suspended_at) return githubError(403, SUSPENDED);
    const { token, expires_at } = this.ctx.mintToken(inst.id);
    const body = {
      token,
      expires_at,
      permissions: INSTALLATION_PERMISSIONS,
      repository_selection: inst.repository_selection,
    };
    return { status: 201, body };
  }

  private listRepos(req: AuthedRequest, inst: StoredInstallation): FakeReply {
    return this.paged(
      req,
      inst.repos,
      (repo) => repoJson(repo, inst.account),
      (repositories) => ({
        total_count: inst.repos.length,
        repository_selection: inst.repository_selection,
        repositories,
      }),
    );
  }

  private getRepo([owner, name]: string[], inst: StoredInstallation): FakeReply {
    const repo = inst.byName.get(`${owner}/${name}`.toLowerCase());
    return repo ? ok(repoJson(repo, inst.account)) : githubError(404, 'Not Found');
  }

  private listCollaborators(
    req: AuthedRequest,
    [owner, name]: string[],
    inst: StoredInstallation,
  ): FakeReply {
    const repo = inst.byName.get(`${owner}/${name}`.toLowerCase());
    if (!repo) return githubError(404, 'Not Found');
    const affiliation = req.query.get('affiliation') ?? 'all';
    // The fixtures say which access comes through a team, not who is an outside collaborator.
    if (affiliation !== 'all' && affiliation !== 'direct') return githubError(422, 'Validation Failed');
    const all = this.ctx.collaboratorsOf(repo.full_name);
    const listed = affiliation === 'direct' ? all.filter((c) => !c.team) : all;
    return this.paged(req, listed, collaboratorJson);
  }

  /** Teams only exist in organisations: a user account's repository answers 404, as GitHub does. */
  private listRepoTeams(req: AuthedRequest, [owner, name]: string[], inst: StoredInstallation): FakeReply {
    const repo = inst.byName.get(`${owner}/${name}`.toLowerCase());
    if (!repo || inst.account.type !== 'Organization') return githubError(404, 'Not Found');
    const teams = this.ctx.teamsOf(repo.full_name);
    return this.paged(req, teams, (t) => teamJson(repo.owner, t.slug, t.id, t.permission));
  }

  private listTeamMembers(req: AuthedRequest, [org, slug]: string[], inst: StoredInstallation): FakeReply {
    if (inst.account.type !== 'Organization' || inst.account.login.toLowerCase() !== org?.toLowerCase()) {
      return githubError(404, 'Not Found');
    }
    const members = this.ctx.teamMembers(org, slug ?? '');
    return members.length === 0 ? githubError(404, 'Not Found') : this.paged(req, members, userBase);
  }

  private getUser([login]: string[]): FakeReply {
    const user = this.ctx.users.get((login ?? '').toLowerCase());
    return user ? ok(userJson(user)) : githubError(404, 'Not Found');
  }

  /** One page of `items` with its Link header; `wrap` puts the page in an envelope. */
  private paged<T>(
    req: AuthedRequest,
    items: readonly T[],
    present: (item: T) => object,
    wrap: (page: object[]) => object = (page) => page,
  ): FakeReply {
    const page = readPage(req.query, this.ctx.perPageMax);
    const link = linkHeader(req.origin, req.path, req.query, page, items.length);
    return { status: 200, body: wrap(pageItems(items, page).map(present)), headers: link ? { link } : {} };
  }
}

const ok = (body: object): FakeReply => ({ status: 200, body });
