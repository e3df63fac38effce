import { callCodehost, type CodehostClient } from './codehost-api.ts';
import { permissionOf, type CodehostPermission } from './role-mapping.ts';

export interface Collaborator {
  /** Lower-cased, as ctxhub stores code host logins. */
  login: string;
  permission: CodehostPermission;
  /** The team the permission comes through, when the code host shows one. */
  team?: string;
}

/** Everyone with access to a repository, directly, through a team or the organisation, with their permission. */
export function fetchCollaborators(client: CodehostClient, fullName: string): Promise<Collaborator[]> {
  const [owner = '', repo = ''] = fullName.split('/');
  return callCodehost(async () => {
    const found: Collaborator[] = [];
    const pages = client.paginate.iterator('GET /repos/{owner}/{repo}/collaborators', {
      owner,
      repo,
      affiliation: 'all',
      per_page: 100,
    });
    for await (const page of pages) {
      for (const person of page.data) {
        const permission = permissionOf(person);
        if (permission) found.push({ login: person.login.toLowerCase(), permission });
      }
    }
    return found;
  });
}

/** A person's public e-mail at the code host (the code host shows only a verified one), or null. */
export function publicEmail(client: CodehostClient, login: string): Promise<string | null> {
  return callCodehost(async () => {
    try {
      const { data } = await client.request('GET /users/{username}', { username: login });
      return typeof data.email === 'string' && data.email.includes('@') ? data.email.toLowerCase() : null;
    } catch (error) {
      if ((error as { status?: unknown }).status === 404) return null;
      throw error;
    }
  });
}
