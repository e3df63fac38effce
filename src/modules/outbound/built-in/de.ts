import type { BuiltInTemplates } from './template-set.ts';

// Pieces shared by the German templates below (each template is one string once assembled).
// The participle closes the sentence, so the optional pieces sit before it.

/** " im Projekt P", else " im Workspace W", else nothing. */
const WHERE =
  '{% if project_key != blank %} im Projekt {{ project_key }}{% elsif workspace_key != blank %} im Workspace {{ workspace_key }}{% endif %}';
/** The same in the genitive: " des Projekts P". */
const OF_WHERE =
  '{% if project_key != blank %} des Projekts {{ project_key }}{% elsif workspace_key != blank %} des Workspace {{ workspace_key }}{% endif %}';
const IN_WORKSPACE = '{% if workspace_key != blank %} im Workspace {{ workspace_key }}{% endif %}';
/** "Workspace W" (after "zum", "im", "aus dem", "des"). */
const WORKSPACE = 'Workspace{% if workspace_key != blank %} {{ workspace_key }}{% endif %}';
const PROJECT = 'Projekt{% if project_key != blank %} {{ project_key }}{% endif %}';
const REASON = '{% if reason != blank %} (Begründung: {{ reason }}){% endif %}';

/** The number in `v` with its noun: "1 Sitzung", "3 Sitzungen". */
const n = (v: string, one: string, other: string) =>
  `{% if ${v} == 1 %}1 ${one}{% else %}{{ ${v} }} ${other}{% endif %}`;
const list = (v: string) => `{{ ${v} | join: ', ' }}`;

const USER = '{% if target_user != blank %}Benutzer {{ target_user }}{% else %}einen Benutzer{% endif %}';
const OF_USER =
  '{% if target_user != blank %}von Benutzer {{ target_user }}{% else %}eines Benutzers{% endif %}';
const VIA =
  "{% case source %}{% when 'codehost' %} (per Synchronisierung mit der Code-Hosting-Plattform){% when 'oidc' %} (per Synchronisierung mit dem Identitätsanbieter){% when 'system' %} (automatisch){% endcase %}";
const WITH_ROLE = '{% if new_role != blank %} mit der Rolle {{ new_role }}{% endif %}';
const ROLE_CHANGE =
  '{% if old_role != blank and new_role != blank %} von {{ old_role }} auf {{ new_role }}{% elsif new_role != blank %} auf {{ new_role }}{% endif %}';
const OLD_ROLE = '{% if old_role != blank %} ({{ old_role }}){% endif %}';

const KIND =
  "{% case type %}{% when 'decision' %}Entscheidung{% when 'constraint' %}Randbedingung{% when 'goal' %}Ziel{% when 'problem' %}Problem{% when 'active_work' %}laufende Arbeit{% when 'activity' %}Aktivität{% when 'note' %}Notiz{% when 'summary' %}Zusammenfassung{% when 'caveat' %}Vorbehalt{% else %}{{ type }}{% endcase %}";
const STATUS =
  "{% case status %}{% when 'draft' %}Entwurf{% when 'confirmed' %}bestätigt{% when 'rejected' %}abgelehnt{% else %}{{ status }}{% endcase %}";
const MEMORY =
  '{% if memory_id != blank %}den Memory-Eintrag {{ memory_id }}{% else %}einen Memory-Eintrag{% endif %}';
const MASKED =
  '{% if redactions > 0 %} {% if redactions == 1 %}1 Secret wurde maskiert.{% else %}{{ redactions }} Secrets wurden maskiert.{% endif %}{% endif %}';

const IMPORT = '{% if import_id != blank %}den Import {{ import_id }}{% else %}einen Import{% endif %}';
const FROM_IMPORT =
  '{% if import_id != blank %}aus dem Import {{ import_id }}{% else %}aus einem Import{% endif %}';
const SIZE =
  "{% if bytes < 1024 %}{{ bytes }} Byte{% elsif bytes < 1048576 %}{{ bytes | divided_by: 1024.0 | round: 1 | replace: '.', ',' }} KB{% else %}{{ bytes | divided_by: 1048576.0 | round: 1 | replace: '.', ',' }} MB{% endif %}";

const RESULTS = `{% if count == 0 %}keine Treffer{% else %}{{ count }} Treffer{% endif %}`;
const QUERY = '{% if q != blank %} nach „{{ q }}“{% endif %}';
const FOUND = `{% if count != blank %}: ${RESULTS}{% endif %}.`;

const PIPELINE =
  '{% if workflow != blank %}{{ workflow }}{% else %}CI{% endif %}{% if job != blank %} / {{ job }}{% endif %}';
const BUILT =
  `{% if repository != blank %} für {{ repository }}{% else %}${WHERE}{% endif %}` +
  '{% if branch != blank %}, Branch {{ branch }}{% endif %}{% if sha != blank %}, Commit {{ sha | slice: 0, 7 }}{% endif %}';
const DETAILS = '{% if run_url != blank %} Details: {{ run_url }}{% endif %}';

const WORK_ITEM =
  '{% if title != blank %}die laufende Arbeit „{{ title }}“{% elsif item_id != blank %}die laufende Arbeit {{ item_id }}{% else %}eine laufende Arbeit{% endif %}';

/** German. */
export const de: BuiltInTemplates = {
  generic: `Aktion {{ action }} von {{ actor }}${WHERE}.`,
  actions: {
    'user.created':
      "{{ actor }} hat {% if is_admin == true %}ein Serveradministrator-Konto{% else %}ein Benutzerkonto{% endif %}{% if email != blank %} für {{ email }}{% endif %}{% if reason == 'first_start' %} beim ersten Start{% endif %} angelegt.",
    'api_key.created':
      "{{ actor }} hat {% if label != blank %}den API-Schlüssel „{{ label }}“{% else %}einen API-Schlüssel{% endif %} erstellt{% if expires_at != blank %}, gültig bis zum {{ expires_at | date: '%d.%m.%Y' }}{% endif %}{% if delivery == 'one_time_link' %}; er wird über einen Einmal-Link übergeben{% endif %}.",
    'api_key.revoked':
      "{{ actor }} hat {% if authority == 'self' %}einen eigenen API-Schlüssel{% else %}einen API-Schlüssel{% if user_id != blank %} von Benutzer {{ user_id }}{% endif %}{% endif %}{% if key_id != blank %} ({{ key_id }}){% endif %} widerrufen.",
    'api_key.reset':
      '{{ actor }} hat die API-Schlüssel {% if user_id != blank %}von Benutzer {{ user_id }}{% else %}eines Benutzers{% endif %} zurückgesetzt' +
      '{% if revoked_key_ids != blank %} ({{ revoked_key_ids.size }} Schlüssel widerrufen){% endif %}.' +
      " Der neue Schlüssel kann einmalig über einen Link abgerufen werden{% if link_expires_at != blank %}, der bis {{ link_expires_at | date: '%d.%m.%Y, %H:%M' }} Uhr (UTC) gültig ist{% endif %}.",
    'api_key.one_time_view':
      'Der Einmal-Link {% if key_id != blank %}zum API-Schlüssel {{ key_id }}{% else %}zu einem API-Schlüssel{% endif %} wurde geöffnet und ist jetzt ungültig.',
    'session.signed_in': '{{ actor }} hat sich bei der Admin-Oberfläche angemeldet.',
    'session.signed_out': '{{ actor }} hat sich von der Admin-Oberfläche abgemeldet.',
    'workspace.created':
      '{{ actor }} hat {% if workspace_key != blank %}den Workspace {{ workspace_key }}{% else %}einen Workspace{% endif %}{% if settings.name != blank and settings.name != workspace_key %} ({{ settings.name }}){% endif %} erstellt.',
    'workspace_settings.updated': `{{ actor }} hat die Einstellungen des ${WORKSPACE} geändert{% if changed_fields != blank %}: ${list('changed_fields')}{% endif %}${REASON}.`,
    'project.created': `{{ actor }} hat {% if project_key != blank %}das Projekt {{ project_key }}{% else %}ein Projekt{% endif %}{% if name != blank %} ({{ name }}){% endif %}${IN_WORKSPACE} erstellt.`,
    'access.workspace_member.added': `{{ actor }} hat ${USER}${WITH_ROLE} zum ${WORKSPACE} hinzugefügt${VIA}.`,
    'access.workspace_member.role_changed': `{{ actor }} hat die Rolle ${OF_USER} im ${WORKSPACE}${ROLE_CHANGE} geändert${VIA}.`,
    'access.workspace_member.removed': `{{ actor }} hat ${USER}${OLD_ROLE} aus dem ${WORKSPACE} entfernt${VIA}.`,
    'access.project_member.added': `{{ actor }} hat ${USER}${WITH_ROLE} zum ${PROJECT} hinzugefügt${VIA}.`,
    'access.project_member.role_changed': `{{ actor }} hat die Rolle ${OF_USER} im ${PROJECT}${ROLE_CHANGE} geändert${VIA}.`,
    'access.project_member.removed': `{{ actor }} hat ${USER}${OLD_ROLE} aus dem ${PROJECT} entfernt${VIA}.`,
    'project_mapping.created': `{{ actor }} hat${IN_WORKSPACE} eine Projektzuordnung{% if mapping.external_id != blank %} von {{ mapping.external_id }}{% endif %}{% if mapping.project_key != blank %} zum Projekt {{ mapping.project_key }}{% endif %} hinzugefügt${REASON}.`,
    'project_mapping.updated': `{{ actor }} hat${IN_WORKSPACE} die Projektzuordnung{% if mapping.external_id != blank %} für {{ mapping.external_id }}{% endif %} geändert{% if changed_fields != blank %}: ${list('changed_fields')}{% endif %}${REASON}.`,
    'project_mapping.deleted': `{{ actor }} hat${IN_WORKSPACE} die Projektzuordnung{% if mapping.external_id != blank %} von {{ mapping.external_id }}{% endif %}{% if mapping.project_key != blank %} zum Projekt {{ mapping.project_key }}{% endif %} entfernt${REASON}.`,
    'memory.created': `{{ actor }} hat${WHERE} einen Memory-Eintrag{% if type != blank %} (${KIND}{% if status != blank %}, ${STATUS}{% endif %}){% endif %} gespeichert.${MASKED}`,
    'memory.updated':
      `{{ actor }} hat ${MEMORY}${WHERE} ` +
      "{% if to_status == 'confirmed' %}bestätigt{% elsif to_status == 'rejected' %}abgelehnt{% else %}geändert{% endif %}" +
      `{% if changed != blank %}{% if to_status == blank or changed.size > 1 %} (Felder: ${list('changed')}){% endif %}{% endif %}.${MASKED}`,
    'memory.deleted': `{{ actor }} hat ${MEMORY}{% if type != blank %} (${KIND}){% endif %}${WHERE} gelöscht.`,
    'import.uploaded': `{{ actor }} hat {% if file_name != blank %}{{ file_name }}{% else %}eine Datei{% endif %}{% if bytes != blank %} (${SIZE}){% endif %}${WHERE} zum Import hochgeladen.`,
    'import.parsed': `{{ actor }} hat ${IMPORT}${WHERE} verarbeitet{% if stats.sessions != blank and stats.messages != blank %}: ${n('stats.sessions', 'Sitzung', 'Sitzungen')} und ${n('stats.messages', 'Nachricht', 'Nachrichten')}{% endif %}.`,
    'import.extracted': `{{ actor }} hat ${FROM_IMPORT}${WHERE} Vorschläge für Memory-Einträge extrahiert{% if stats.staged != blank %}; ${n('stats.staged', 'wartet', 'warten')} auf Prüfung{% endif %}.`,
    'import.committed': `{{ actor }} hat ${IMPORT}${WHERE} übernommen{% if stats.memories_created != blank %}: {% if status == 'confirmed' %}${n('stats.memories_created', 'neuer bestätigter Memory-Eintrag', 'neue bestätigte Memory-Einträge')}{% else %}${n('stats.memories_created', 'neuer Memory-Eintrag als Entwurf', 'neue Memory-Einträge als Entwurf')}{% endif %}{% if stats.linked_existing > 0 %}, {{ stats.linked_existing }} bereits vorhanden{% endif %}{% endif %}.`,
    'import.failed':
      `{% if import_id != blank %}Der Import {{ import_id }}{% else %}Ein Import{% endif %}${WHERE} ist ` +
      "{% case step %}{% when 'parse' %}bei der Verarbeitung {% when 'extract' %}bei der Extraktion {% when 'commit' %}bei der Übernahme {% endcase %}fehlgeschlagen" +
      '{% if error != blank %}: {{ error }}{% else %}.{% endif %}',
    'import.staged_updated': `{{ actor }} hat einen Vorschlag ${FROM_IMPORT}${WHERE} bearbeitet{% if changed != blank %} (${list('changed')}){% endif %}.`,
    'import.staged_selected': `{{ actor }} hat {% if changed != blank %}${n('changed', 'Vorschlag', 'Vorschläge')}{% else %}Vorschläge{% endif %} ${FROM_IMPORT}${WHERE} {% if selected == false %}abgewählt{% else %}zur Übernahme ausgewählt{% endif %}{% if types != blank %} (${list('types')}){% endif %}{% if already_committed > 0 %}; ${n('already_committed', 'bereits übernommener blieb', 'bereits übernommene blieben')} unverändert{% endif %}.`,
    'import.expired': `{% if file_name != blank %}Der Import {{ file_name }}{% else %}Ein Import{% endif %}${WHERE} ist{% if retention_hours != blank %} nach ${n('retention_hours', 'Stunde', 'Stunden')}{% endif %} abgelaufen und wurde gelöscht.`,
    'import.deleted': `{{ actor }} hat {% if file_name != blank %}den Import {{ file_name }}{% else %}einen Import{% endif %}${WHERE}{% if raw_messages != blank %} samt ${n('raw_messages', 'Rohnachricht', 'Rohnachrichten')}{% endif %} gelöscht.`,
    'raw.search': `{{ actor }} hat die Sitzungsrohdaten${OF_WHERE}${QUERY} durchsucht${FOUND}`,
    'raw.view': `{{ actor }} hat {% if message_id != blank %}die Rohnachricht {{ message_id }}{% else %}eine Rohnachricht{% endif %}${WHERE} geöffnet.`,
    'integration.delivery_retried': `{{ actor }} hat eine fehlgeschlagene Benachrichtigung{% if notified_action != blank %} zu {{ notified_action }}{% endif %}${IN_WORKSPACE} erneut gesendet${REASON}.`,
    'integration.outbound_policy_updated':
      '{{ actor }} hat die Nachrichteneinstellungen für {% if integration_type != blank %}{{ integration_type }}{% else %}eine Integration{% endif %}' +
      `${IN_WORKSPACE} geändert{% if changed_templates != blank %} (Vorlagen: {{ changed_templates | join: ', ' }}){% endif %}${REASON}.`,
    'integration.updated':
      "{{ actor }} hat {% if provider == 'tracker' %}die Issue-Tracker-Integration{% elsif provider == 'wiki' %}die Wiki-Integration{% elsif provider != blank %}die Integration {{ provider }}{% else %}eine Integration{% endif %}" +
      `${IN_WORKSPACE} ` +
      "{% if changed_fields contains 'enabled' %}{% if enabled == true %}aktiviert{% else %}deaktiviert{% endif %}{% else %}geändert{% endif %}" +
      `${REASON}.`,
    'tracker.search': `{{ actor }} hat${IN_WORKSPACE} den Issue-Tracker${QUERY} durchsucht${FOUND}`,
    'tracker.read': `{{ actor }} hat${IN_WORKSPACE} {% if issue_key != blank %}das Issue {{ issue_key }}{% else %}ein Issue{% endif %} aus dem Issue-Tracker aufgerufen.`,
    'wiki.search': `{{ actor }} hat${IN_WORKSPACE} das Wiki${QUERY} durchsucht${FOUND}`,
    'wiki.read': `{{ actor }} hat${IN_WORKSPACE} {% if page_id != blank %}die Wiki-Seite {{ page_id }}{% else %}eine Wiki-Seite{% endif %} aufgerufen.`,
    'ci.success': `${PIPELINE} erfolgreich${BUILT}.${DETAILS}`,
    'ci.failure': `${PIPELINE} fehlgeschlagen${BUILT}{% if message != blank %} ({{ message }}){% endif %}.${DETAILS}`,
    'active_work.manual_confirm': `{{ actor }} hat ${WORK_ITEM}${WHERE} bestätigt${REASON}.`,
    'active_work.manual_close': `{{ actor }} hat ${WORK_ITEM}${WHERE} abgeschlossen${REASON}.`,
    'active_work.manual_reopen': `{{ actor }} hat ${WORK_ITEM}${WHERE} wieder geöffnet${REASON}.`,
    'git.commit': `{{ actor }} hat${WHERE}{% if branch != blank %} auf dem Branch {{ branch }}{% endif %} {% if sha != blank %}den Commit {{ sha | slice: 0, 7 }}{% else %}einen Commit{% endif %} erstellt{% if subject != blank %}: „{{ subject }}“{% endif %}.`,
    'git.merge': `{{ actor }} hat${WHERE}{% if branch != blank %} in den Branch {{ branch }}{% endif %} zusammengeführt{% if sha != blank %} ({{ sha | slice: 0, 7 }}){% endif %}{% if subject != blank %}: „{{ subject }}“{% endif %}.`,
    'codehost.installation.connected': `{{ actor }} hat die Installation der Code-Hosting-Plattform{% if account != blank %} für {{ account }}{% endif %}{% if installation_id != blank %} ({{ installation_id }}){% endif %}{% if workspace_key != blank %} mit dem Workspace {{ workspace_key }}{% endif %} verbunden.`,
    'codehost.repos.synced':
      `{{ actor }} hat${IN_WORKSPACE} die Repositorys mit der Code-Hosting-Plattform synchronisiert` +
      '{% if added != blank and updated != blank and deactivated != blank %}: {{ added }} hinzugefügt, {{ updated }} aktualisiert, {{ deactivated }} deaktiviert{% endif %}' +
      `{% if total != blank %} (${n('total', 'aktives Repository', 'aktive Repositorys')}){% endif %}.`,
    'codehost.repos.sync_failed': `Die Synchronisierung der Repositorys mit der Code-Hosting-Plattform${IN_WORKSPACE} ist fehlgeschlagen{% if error != blank %}: {{ error }}{% endif %}. Es wurde nichts geändert.`,
    'codehost.permissions.synced': `{{ actor }} hat${IN_WORKSPACE} die Projektmitglieder mit den Berechtigungen der Code-Hosting-Plattform abgeglichen{% if added != blank and changed != blank and removed != blank %}: {{ added }} hinzugefügt, {{ changed }} geändert, {{ removed }} entfernt{% endif %}{% if skipped_unknown != blank and skipped_unknown > 0 %} ({{ skipped_unknown }} in ctxhub unbekannt){% endif %}.`,
    'codehost.installation.removed': `Die App der Code-Hosting-Plattform wurde{% if account != blank %} bei {{ account }}{% endif %} deinstalliert${IN_WORKSPACE}{% if deactivated != blank %}; {{ deactivated }} Repository-Verknüpfungen deaktiviert{% endif %}.`,
    'codehost.installation.suspended': `Die Code-Hosting-Plattform hat die App{% if account != blank %} bei {{ account }}{% endif %}${IN_WORKSPACE} gesperrt; Synchronisierungen warten, bis sie wieder freigegeben ist.`,
    'codehost.installation.unsuspended': `Die Code-Hosting-Plattform hat die App{% if account != blank %} bei {{ account }}{% endif %}${IN_WORKSPACE} wieder freigegeben; Synchronisierungen laufen wieder.`,
    'user.codehost_login_set': `{{ actor }} hat den Login{% if user_id != blank %} von {{ user_id }}{% endif %} auf der Code-Hosting-Plattform {% if codehost_login != blank %}auf {{ codehost_login }} gesetzt{% else %}entfernt{% endif %}.`,
    'codehost.role_mapping.updated': `{{ actor }} hat${IN_WORKSPACE} geändert, welche Projektrollen die Berechtigungen der Code-Hosting-Plattform ergeben.`,
  },
};
