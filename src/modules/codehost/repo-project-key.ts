import { projectKey } from '../tenancy/index.ts';
import { parseRemote, remoteProjectKey } from '../workspaces/index.ts';

/**
 * The project key of a linked repository (`codehost:acme/api`) from its page's address, as
 * resolution derives it from a remote; null when no key can name it.
 */
export function repoProjectKey(htmlUrl: string): string | null {
  const remote = parseRemote(htmlUrl);
  const key = remote && remoteProjectKey(remote);
  return key && projectKey.safeParse(key).success ? key : null;
}
