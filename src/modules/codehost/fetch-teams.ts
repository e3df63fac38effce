import { callCodehost, isHiddenFromApp, type CodehostClient } from './codehost-api.ts';
import { permissionOf, type CodehostPermission } from './role-mapping.ts';

/** A team with access to a repository, and the permission it gives there. */
export interface RepoTeam {
  slug: string;
  permission: CodehostPermission;
}

/**
 * The teams with access to an organisation's repository. None when the code host hides them (a
 * user account's repository has no teams, and an app without the organisation's members
 * permission may not read them): the sync then names no team, it does not fail.
 */
export function fetchRepoTeams(client: CodehostClient, fullName: string): Promise<RepoTeam[]> {
  const [owner = '', repo = ''] = fullName.split('/');
  return callCodehost(async () => {
    const found: RepoTeam[] = [];
    try {
      const pages = client.paginate.iterator('GET /repos/{owner}/{repo}/teams', {
        owner,
        repo,
        per_page: 100,
      });
      for await (const page of pages) {
        for (const team of page.data) {
          const permission = permissionOf({
            role_name: (team as { role_name?: string }).role_name ?? team.permission,
            permissions: team.permissions ?? null,
          });
          if (permission) found.push({ slug: team.slug, permission });
        }
      }
    } catch (error) {
      if (isHiddenFromApp(error)) return [];
      throw error;
    }
    return found;
  });
}

/** A team's members (lower-cased logins); none when the code host hides the team. */
export function fetchTeamMembers(client: CodehostClient, org: string, slug: string): Promise<string[]> {
  return callCodehost(async () => {
    const logins: string[] = [];
    try {
      const pages = client.paginate.iterator('GET /orgs/{org}/teams/{team_slug}/members', {
        org,
        team_slug: slug,
        per_page: 100,
      });
      for await (const page of pages) for (const person of page.data) logins.push(person.login.toLowerCase());
    } catch (error) {
      if (isHiddenFromApp(error)) return [];
      throw error;
    }
    return logins;
  });
}
