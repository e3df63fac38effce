import type { BuiltInTemplates } from './template-set.ts';

// Pieces shared by the English templates below (each template is one string once assembled).

/** " in project P", else " in workspace W", else nothing. */
const WHERE =
  '{% if project_key != blank %} in project {{ project_key }}{% elsif workspace_key != blank %} in workspace {{ workspace_key }}{% endif %}';
const IN_WORKSPACE = '{% if workspace_key != blank %} in workspace {{ workspace_key }}{% endif %}';
const THE_WORKSPACE =
  '{% if workspace_key != blank %}workspace {{ workspace_key }}{% else %}the workspace{% endif %}';
const THE_PROJECT = '{% if project_key != blank %}project {{ project_key }}{% else %}the project{% endif %}';
const REASON = '{% if reason != blank %} (reason: {{ reason }}){% endif %}';

/** The number in `v` with its noun: "1 match", "3 matches". */
const n = (v: string, one: string, other: string) =>
  `{% if ${v} == 1 %}1 ${one}{% else %}{{ ${v} }} ${other}{% endif %}`;
const list = (v: string) => `{{ ${v} | join: ', ' }}`;

const USER = '{% if target_user != blank %}user {{ target_user }}{% else %}a user{% endif %}';
const VIA =
  "{% case source %}{% when 'codehost' %} via code host sync{% when 'oidc' %} via identity provider sync{% when 'system' %} automatically{% endcase %}";
const WITH_ROLE = '{% if new_role != blank %} with the {{ new_role }} role{% endif %}';
const ROLE_CHANGE =
  '{% if old_role != blank and new_role != blank %} from {{ old_role }} to {{ new_role }}{% elsif new_role != blank %} to {{ new_role }}{% endif %}';
const OLD_ROLE = '{% if old_role != blank %} ({{ old_role }}){% endif %}';

const KIND =
  "{% case type %}{% when 'decision' %}decision{% when 'constraint' %}constraint{% when 'goal' %}goal{% when 'problem' %}problem{% when 'active_work' %}active work{% when 'activity' %}activity{% when 'note' %}note{% when 'summary' %}summary{% when 'caveat' %}caveat{% else %}{{ type }}{% endcase %}";
const STATUS =
  "{% case status %}{% when 'draft' %}draft{% when 'confirmed' %}confirmed{% when 'rejected' %}rejected{% else %}{{ status }}{% endcase %}";
const MEMORY = '{% if memory_id != blank %}memory {{ memory_id }}{% else %}a memory{% endif %}';
const MASKED = `{% if redactions > 0 %} ${n('redactions', 'secret was', 'secrets were')} masked.{% endif %}`;

const AS_STATUS = "{% if status == 'confirmed' %}confirmed{% else %}draft{% endif %}";
const IMPORT = '{% if import_id != blank %}import {{ import_id }}{% else %}an import{% endif %}';
const FILE = '{% if file_name != blank %}the import {{ file_name }}{% else %}an import{% endif %}';
const SIZE =
  '{% if bytes < 1024 %}{{ bytes }} bytes{% elsif bytes < 1048576 %}{{ bytes | divided_by: 1024.0 | round: 1 }} KB{% else %}{{ bytes | divided_by: 1048576.0 | round: 1 }} MB{% endif %}';

const MATCHES = '{% if count == 0 %}no matches{% else %}' + n('count', 'match', 'matches') + '{% endif %}';
const SEARCH = `{% if q != blank %} for “{{ q }}”{% endif %}${IN_WORKSPACE}{% if count != blank %}: ${MATCHES}{% endif %}.`;

const PIPELINE =
  '{% if workflow != blank %}{{ workflow }}{% else %}CI{% endif %}{% if job != blank %} / {{ job }}{% endif %}';
const BUILT =
  `{% if repository != blank %} for {{ repository }}{% else %}${WHERE}{% endif %}` +
  '{% if branch != blank %} on {{ branch }}{% endif %}{% if sha != blank %} at {{ sha | slice: 0, 7 }}{% endif %}';
const DETAILS = '{% if run_url != blank %} Details: {{ run_url }}{% endif %}';

const WORK_ITEM =
  '{% if title != blank %}the active-work item “{{ title }}”{% elsif item_id != blank %}the active-work item {{ item_id }}{% else %}an active-work item{% endif %}';

/** English. */
export const en: BuiltInTemplates = {
  generic: `Action {{ action }} by {{ actor }}${WHERE}.`,
  actions: {
    'user.created':
      "{{ actor }} created {% if is_admin == true %}a server admin account{% else %}a user account{% endif %}{% if email != blank %} for {{ email }}{% endif %}{% if reason == 'first_start' %} at first start{% endif %}.",
    'api_key.created':
      "{{ actor }} created {% if label != blank %}the API key “{{ label }}”{% else %}an API key{% endif %}{% if expires_at != blank %}, valid until {{ expires_at | date: '%Y-%m-%d' }}{% endif %}{% if delivery == 'one_time_link' %}, to be collected through a one-time link{% endif %}.",
    'api_key.revoked':
      "{{ actor }} revoked {% if authority == 'self' %}one of their API keys{% else %}an API key{% if user_id != blank %} of user {{ user_id }}{% endif %}{% endif %}{% if key_id != blank %} ({{ key_id }}){% endif %}.",
    'api_key.reset':
      `{{ actor }} reset the API keys of {% if user_id != blank %}user {{ user_id }}{% else %}a user{% endif %}{% if revoked_key_ids != blank %}; ${n('revoked_key_ids.size', 'key was', 'keys were')} revoked{% endif %}.` +
      " The new key can be collected once through a link{% if link_expires_at != blank %} valid until {{ link_expires_at | date: '%Y-%m-%d %H:%M' }} UTC{% endif %}.",
    'api_key.one_time_view':
      'The one-time link to {% if key_id != blank %}API key {{ key_id }}{% else %}an API key{% endif %} was opened and no longer works.',
    'session.signed_in': '{{ actor }} signed in to the Admin UI.',
    'session.signed_out': '{{ actor }} signed out of the Admin UI.',
    'workspace.created':
      '{{ actor }} created {% if workspace_key != blank %}the workspace {{ workspace_key }}{% else %}a workspace{% endif %}{% if settings.name != blank and settings.name != workspace_key %} ({{ settings.name }}){% endif %}.',
    'workspace_settings.updated': `{{ actor }} changed the settings of ${THE_WORKSPACE}{% if changed_fields != blank %}: ${list('changed_fields')}{% endif %}${REASON}.`,
    'project.created': `{{ actor }} created {% if project_key != blank %}the project {{ project_key }}{% else %}a project{% endif %}{% if name != blank %} ({{ name }}){% endif %}${IN_WORKSPACE}.`,
    'access.workspace_member.added': `{{ actor }} added ${USER} to ${THE_WORKSPACE}${WITH_ROLE}${VIA}.`,
    'access.workspace_member.role_changed': `{{ actor }} changed the role of ${USER} in ${THE_WORKSPACE}${ROLE_CHANGE}${VIA}.`,
    'access.workspace_member.removed': `{{ actor }} removed ${USER}${OLD_ROLE} from ${THE_WORKSPACE}${VIA}.`,
    'access.project_member.added': `{{ actor }} added ${USER} to ${THE_PROJECT}${WITH_ROLE}${VIA}.`,
    'access.project_member.role_changed': `{{ actor }} changed the role of ${USER} in ${THE_PROJECT}${ROLE_CHANGE}${VIA}.`,
    'access.project_member.removed': `{{ actor }} removed ${USER}${OLD_ROLE} from ${THE_PROJECT}${VIA}.`,
    'project_mapping.created': `{{ actor }} added a project mapping{% if mapping.external_id != blank %} from {{ mapping.external_id }}{% endif %}{% if mapping.project_key != blank %} to project {{ mapping.project_key }}{% endif %}${IN_WORKSPACE}${REASON}.`,
    'project_mapping.updated': `{{ actor }} changed the project mapping{% if mapping.external_id != blank %} for {{ mapping.external_id }}{% endif %}${IN_WORKSPACE}{% if changed_fields != blank %}: ${list('changed_fields')}{% endif %}${REASON}.`,
    'project_mapping.deleted': `{{ actor }} removed the project mapping{% if mapping.external_id != blank %} from {{ mapping.external_id }}{% endif %}{% if mapping.project_key != blank %} to project {{ mapping.project_key }}{% endif %}${IN_WORKSPACE}${REASON}.`,
    'memory.created': `{{ actor }} saved a memory{% if type != blank %} (${KIND}{% if status != blank %}, ${STATUS}{% endif %}){% endif %}${WHERE}.${MASKED}`,
    'memory.updated':
      "{{ actor }} {% if to_status == 'confirmed' %}confirmed{% elsif to_status == 'rejected' %}rejected{% else %}updated{% endif %} " +
      `${MEMORY}${WHERE}{% if changed != blank %}{% if to_status == blank or changed.size > 1 %} (changed: ${list('changed')}){% endif %}{% endif %}.${MASKED}`,
    'memory.deleted': `{{ actor }} deleted ${MEMORY}{% if type != blank %} (${KIND}){% endif %}${WHERE}.`,
    'import.uploaded': `{{ actor }} uploaded {% if file_name != blank %}{{ file_name }}{% else %}a file{% endif %} for import${WHERE}{% if bytes != blank %} (${SIZE}){% endif %}.`,
    'import.parsed': `{{ actor }} parsed ${IMPORT}${WHERE}{% if stats.sessions != blank and stats.messages != blank %}: ${n('stats.sessions', 'session', 'sessions')} and ${n('stats.messages', 'message', 'messages')}{% endif %}.`,
    'import.extracted': `{{ actor }} extracted memory candidates from ${IMPORT}${WHERE}{% if stats.staged != blank %}; ${n('stats.staged', 'is', 'are')} waiting for review{% endif %}.`,
    'import.committed': `{{ actor }} committed ${IMPORT}${WHERE}{% if stats.memories_created != blank %}: ${n('stats.memories_created', `new ${AS_STATUS} memory`, `new ${AS_STATUS} memories`)}{% if stats.linked_existing > 0 %}, {{ stats.linked_existing }} already known{% endif %}{% endif %}.`,
    'import.failed':
      `{% if import_id != blank %}Import {{ import_id }}{% else %}An import{% endif %}${WHERE} failed` +
      "{% case step %}{% when 'parse' %} while parsing{% when 'extract' %} while extracting memories{% when 'commit' %} while committing{% endcase %}" +
      '{% if error != blank %}: {{ error }}{% else %}.{% endif %}',
    'import.staged_updated': `{{ actor }} edited a staged memory of ${IMPORT}${WHERE}{% if changed != blank %} (${list('changed')}){% endif %}.`,
    'import.staged_selected': `{{ actor }} {% if selected == false %}deselected{% else %}selected{% endif %} {% if changed != blank %}${n('changed', 'staged memory', 'staged memories')}{% else %}staged memories{% endif %} of ${IMPORT}${WHERE}{% if types != blank %} (${list('types')}){% endif %}{% if already_committed > 0 %}; ${n('already_committed', 'was committed already and left as it was', 'were committed already and left as they were')}{% endif %}.`,
    'import.expired': `{% if file_name != blank %}The import {{ file_name }}{% else %}An import{% endif %}${WHERE} expired{% if retention_hours != blank %} after ${n('retention_hours', 'hour', 'hours')}{% endif %} and was deleted.`,
    'import.deleted': `{{ actor }} deleted ${FILE}${WHERE}{% if raw_messages != blank %}, removing ${n('raw_messages', 'raw message', 'raw messages')}{% endif %}.`,
    'raw.search': `{{ actor }} searched the raw sessions{% if q != blank %} for “{{ q }}”{% endif %}${WHERE}{% if count != blank %}: ${MATCHES}{% endif %}.`,
    'raw.view': `{{ actor }} opened {% if message_id != blank %}raw message {{ message_id }}{% else %}a raw message{% endif %}${WHERE}.`,
    'integration.delivery_retried': `{{ actor }} sent a failed notification again{% if notified_action != blank %} (about {{ notified_action }}){% endif %}${IN_WORKSPACE}${REASON}.`,
    'integration.outbound_policy_updated':
      '{{ actor }} changed the message settings for {% if integration_type != blank %}{{ integration_type }}{% else %}an integration{% endif %}' +
      `{% if changed_templates != blank %}: templates {{ changed_templates | join: ', ' }}{% endif %}${IN_WORKSPACE}${REASON}.`,
    'integration.updated':
      "{{ actor }} {% if changed_fields contains 'enabled' %}{% if enabled == true %}turned on{% else %}turned off{% endif %}{% else %}updated{% endif %} " +
      "{% if provider == 'tracker' %}the issue tracker integration{% elsif provider == 'wiki' %}the wiki integration{% elsif provider != blank %}the {{ provider }} integration{% else %}an integration{% endif %}" +
      `${IN_WORKSPACE}${REASON}.`,
    'tracker.search': `{{ actor }} searched the issue tracker${SEARCH}`,
    'tracker.read': `{{ actor }} read {% if issue_key != blank %}issue {{ issue_key }}{% else %}an issue{% endif %} from the issue tracker${IN_WORKSPACE}.`,
    'wiki.search': `{{ actor }} searched the wiki${SEARCH}`,
    'wiki.read': `{{ actor }} read {% if page_id != blank %}wiki page {{ page_id }}{% else %}a wiki page{% endif %}${IN_WORKSPACE}.`,
    'ci.success': `${PIPELINE} passed${BUILT}.${DETAILS}`,
    'ci.failure': `${PIPELINE} failed${BUILT}{% if message != blank %} ({{ message }}){% endif %}.${DETAILS}`,
    'active_work.manual_confirm': `{{ actor }} confirmed ${WORK_ITEM}${WHERE}${REASON}.`,
    'active_work.manual_close': `{{ actor }} closed ${WORK_ITEM}${WHERE}${REASON}.`,
    'active_work.manual_reopen': `{{ actor }} reopened ${WORK_ITEM}${WHERE}${REASON}.`,
    'git.commit': `{{ actor }} committed{% if sha != blank %} {{ sha | slice: 0, 7 }}{% endif %}{% if branch != blank %} on {{ branch }}{% endif %}${WHERE}{% if subject != blank %}: “{{ subject }}”{% endif %}.`,
    'git.merge': `{{ actor }} merged{% if branch != blank %} into {{ branch }}{% endif %}${WHERE}{% if sha != blank %} ({{ sha | slice: 0, 7 }}){% endif %}{% if subject != blank %}: “{{ subject }}”{% endif %}.`,
    'codehost.installation.connected': `{{ actor }} connected the code host installation{% if account != blank %} of {{ account }}{% endif %}{% if installation_id != blank %} ({{ installation_id }}){% endif %}{% if workspace_key != blank %} to workspace {{ workspace_key }}{% endif %}.`,
    'codehost.repos.synced':
      `{{ actor }} synced the repositories from the code host${IN_WORKSPACE}` +
      '{% if added != blank and updated != blank and deactivated != blank %}: {{ added }} added, {{ updated }} updated, {{ deactivated }} deactivated{% endif %}' +
      `{% if total != blank %} (${n('total', 'active repository', 'active repositories')}){% endif %}.`,
    'codehost.repos.sync_failed': `The repository sync from the code host${IN_WORKSPACE} failed{% if error != blank %}: {{ error }}{% endif %}. Nothing was changed.`,
    'codehost.permissions.synced': `{{ actor }} synced project members with the code host's permissions${IN_WORKSPACE}{% if added != blank and changed != blank and removed != blank %}: {{ added }} added, {{ changed }} changed, {{ removed }} removed{% endif %}{% if skipped_unknown != blank and skipped_unknown > 0 %} ({{ skipped_unknown }} unknown to ctxhub){% endif %}.`,
    'codehost.installation.removed': `The code host app was uninstalled{% if account != blank %} from {{ account }}{% endif %}${IN_WORKSPACE}{% if deactivated != blank %}; {{ deactivated }} repository links deactivated{% endif %}.`,
    'codehost.installation.suspended': `The code host suspended the app{% if account != blank %} on {{ account }}{% endif %}${IN_WORKSPACE}; syncs wait until it is unsuspended.`,
    'codehost.installation.unsuspended': `The code host unsuspended the app{% if account != blank %} on {{ account }}{% endif %}${IN_WORKSPACE}; syncs run again.`,
    'user.codehost_login_set': `{{ actor }} {% if codehost_login != blank %}set the code host login{% if user_id != blank %} of {{ user_id }}{% endif %} to {{ codehost_login }}{% else %}cleared the code host login{% if user_id != blank %} of {{ user_id }}{% endif %}{% endif %}.`,
    'codehost.role_mapping.updated': `{{ actor }} changed how code host permissions map to project roles${IN_WORKSPACE}.`,
  },
};
