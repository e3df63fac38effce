/** The UI's sections, in the navigation's order: where each lives and what it is for. */
export interface SectionLink {
  path: string;
  label: string;
  description: string;
}

export const SECTIONS: SectionLink[] = [
  { path: '/', label: 'Overview', description: 'Who you are, your workspaces and roles.' },
  {
    path: '/workspaces',
    label: 'Workspaces',
    description: 'Settings, members, projects and their members, and the project mappings of each workspace.',
  },
  {
    path: '/memories',
    label: 'Memories',
    description:
      "A project's memories: search them as assistants recall them, remember, edit, confirm, delete.",
  },
  {
    path: '/active-work',
    label: 'Active Work',
    description:
      'Who is working on what in a project: its items with their evidence and timeline; confirm, close, reopen.',
  },
  {
    path: '/imports',
    label: 'Imports',
    description: 'Turn past sessions into memories: upload a transcript, parse, extract, review, commit.',
  },
  {
    path: '/raw',
    label: 'Raw snippets',
    description:
      "Search a project's imported transcripts and open one message, as snippets; every search and view is audited.",
  },
  {
    path: '/bundle',
    label: 'Context bundle',
    description:
      'Preview the bundle an assistant gets for a project (query, sub-path, budget) and how its token budget was spent.',
  },
  {
    path: '/api-keys',
    label: 'API keys',
    description:
      'Your keys: create one (shown once), revoke one. Administrators manage users and their keys.',
  },
  {
    path: '/audit',
    label: 'Audit log',
    description:
      "Every change in a workspace (or the server level), filtered by action; verify the log's hash chain.",
  },
  {
    path: '/access',
    label: 'Access timeline',
    description: 'Who was given, changed or lost access, by whom and from which source; filter, copy, group.',
  },
  {
    path: '/integrations',
    label: 'Integrations',
    description:
      "A workspace's tracker, wiki, chat and audit reasoner: configure them (secrets write-only), test a search.",
  },
  {
    path: '/codehost',
    label: 'Code host',
    description:
      "A workspace's installation of the code host app: connect it, sync its repositories and who may read their projects.",
  },
  {
    path: '/messages',
    label: 'Message templates',
    description:
      "The locales and templates of a workspace's outbound messages, per integration type, with live previews.",
  },
  {
    path: '/deliveries',
    label: 'Deliveries',
    description:
      "A workspace's chat notifications: where each went, its attempts and the receiver's answer; retry a failed one.",
  },
  {
    path: '/ci-events',
    label: 'CI events',
    description: "Record a CI run's result, read the latest ones, and set up a CI job to record its own.",
  },
];
