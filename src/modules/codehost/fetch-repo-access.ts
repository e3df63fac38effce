import type { CodehostClient } from './codehost-api.ts';
import { fetchCollaborators, type Collaborator } from './fetch-collaborators.ts';
import { fetchRepoTeams, fetchTeamMembers, type RepoTeam } from './fetch-teams.ts';
import { inBatches } from './in-batches.ts';
import type { RepoAccess } from './permission-plan.ts';

/**
 * The team a collaborator's permission comes through: among the repository's teams the person is
 * in, one that gives exactly that permission (the first by slug). None when the permission is
 * direct, or comes from the organisation's base permission.
 */
function teamOf(person: Collaborator, teams: readonly RepoTeam[], members: ReadonlyMap<string, Set<string>>) {
  return teams
    .filter((team) => team.permission === person.permission && members.get(team.slug)?.has(person.login))
    .map((team) => team.slug)
    .sort()[0];
}

/**
 * Who may access each linked repository, read from the code host: its collaborators (direct, team
 * and organisation access) with their permission and, for an organisation's repositories, the team
 * each one's permission comes through. Each team's members are read once per run.
 */
export async function fetchRepoAccess(
  client: CodehostClient,
  linked: readonly Omit<RepoAccess, 'collaborators'>[],
  options: { organisation: boolean },
): Promise<RepoAccess[]> {
  const collaborators = await inBatches(linked, (link) => fetchCollaborators(client, link.fullName));
  if (!options.organisation)
    return linked.map((link, i) => ({ ...link, collaborators: collaborators[i] ?? [] }));
  const teams = await inBatches(linked, (link) => fetchRepoTeams(client, link.fullName));
  const teamKeys = [
    ...new Set(
      linked.flatMap((link, i) => (teams[i] ?? []).map((t) => `${link.fullName.split('/')[0]}/${t.slug}`)),
    ),
  ];
  const memberLists = await inBatches(teamKeys, (key) => {
    const [org = '', slug = ''] = key.split('/');
    return fetchTeamMembers(client, org, slug);
  });
  const membersOf = new Map(teamKeys.map((key, i) => [key.toLowerCase(), new Set(memberLists[i])]));
  return linked.map((link, i) => {
    const owner = link.fullName.split('/')[0] ?? '';
    const repoTeams = teams[i] ?? [];
    const members = new Map(
      repoTeams.map((t) => [t.slug, membersOf.get(`${owner}/${t.slug}`.toLowerCase()) ?? new Set<string>()]),
    );
    const people = (collaborators[i] ?? []).map((person) => {
      const team = teamOf(person, repoTeams, members);
      return team ? { ...person, team } : person;
    });
    return { ...link, collaborators: people };
  });
}
