import type { BuiltInTemplates } from './template-set.ts';

// Pieces shared by the French templates below (each template is one string once assembled).
// French typography: a no-break space (U+00A0) before « : », inside « guillemets ».

/** " dans le projet P", else " dans l’espace de travail W", else nothing. */
const WHERE =
  '{% if project_key != blank %} dans le projet {{ project_key }}{% elsif workspace_key != blank %} dans l’espace de travail {{ workspace_key }}{% endif %}';
/** The same with "de": " du projet P". */
const OF_WHERE =
  '{% if project_key != blank %} du projet {{ project_key }}{% elsif workspace_key != blank %} de l’espace de travail {{ workspace_key }}{% endif %}';
const IN_WORKSPACE =
  '{% if workspace_key != blank %} dans l’espace de travail {{ workspace_key }}{% endif %}';
const OF_WORKSPACE = '{% if workspace_key != blank %} de l’espace de travail {{ workspace_key }}{% endif %}';
/** "l’espace de travail W" (after "à", "de", "dans"). */
const WORKSPACE = 'l’espace de travail{% if workspace_key != blank %} {{ workspace_key }}{% endif %}';
/** "projet P" (after "au", "du", "dans le"). */
const PROJECT = 'projet{% if project_key != blank %} {{ project_key }}{% endif %}';
const REASON = '{% if reason != blank %} (motif\u00a0: {{ reason }}){% endif %}';
const quoted = (v: string) => `«\u00a0{{ ${v} }}\u00a0»`;

/** The number in `v` with its noun; in French 0 and 1 take the singular: "0 dépôt ajouté", "2 dépôts ajoutés". */
const n = (v: string, one: string, other: string) =>
  `{% if ${v} == 0 or ${v} == 1 %}{{ ${v} }} ${one}{% else %}{{ ${v} }} ${other}{% endif %}`;
const list = (v: string) => `{{ ${v} | join: ', ' }}`;

const USER =
  '{% if target_user != blank %}l’utilisateur {{ target_user }}{% else %}un utilisateur{% endif %}';
const OF_USER =
  '{% if target_user != blank %}de l’utilisateur {{ target_user }}{% else %}d’un utilisateur{% endif %}';
const VIA =
  "{% case source %}{% when 'codehost' %} via la synchronisation avec l’hébergeur de code{% when 'oidc' %} via la synchronisation avec le fournisseur d’identité{% when 'system' %} automatiquement{% endcase %}";
const WITH_ROLE = '{% if new_role != blank %} avec le rôle {{ new_role }}{% endif %}';
const ROLE_CHANGE =
  '{% if old_role != blank and new_role != blank %} de {{ old_role }} à {{ new_role }}{% elsif new_role != blank %} en {{ new_role }}{% endif %}';
const OLD_ROLE = '{% if old_role != blank %} ({{ old_role }}){% endif %}';

const KIND =
  "{% case type %}{% when 'decision' %}décision{% when 'constraint' %}contrainte{% when 'goal' %}objectif{% when 'problem' %}problème{% when 'active_work' %}travail en cours{% when 'activity' %}activité{% when 'note' %}note{% when 'summary' %}résumé{% when 'caveat' %}mise en garde{% else %}{{ type }}{% endcase %}";
const STATUS =
  "{% case status %}{% when 'draft' %}brouillon{% when 'confirmed' %}confirmée{% when 'rejected' %}rejetée{% else %}{{ status }}{% endcase %}";
const MEMORY =
  '{% if memory_id != blank %}l’entrée de mémoire {{ memory_id }}{% else %}une entrée de mémoire{% endif %}';
const MASKED =
  '{% if redactions > 0 %} {% if redactions == 1 %}1 secret a été masqué.{% else %}{{ redactions }} secrets ont été masqués.{% endif %}{% endif %}';

const IMPORT = '{% if import_id != blank %}l’import {{ import_id }}{% else %}un import{% endif %}';
const OF_IMPORT = '{% if import_id != blank %}de l’import {{ import_id }}{% else %}d’un import{% endif %}';
const SIZE =
  "{% if bytes < 1024 %}{{ bytes }} octets{% elsif bytes < 1048576 %}{{ bytes | divided_by: 1024.0 | round: 1 | replace: '.', ',' }} Ko{% else %}{{ bytes | divided_by: 1048576.0 | round: 1 | replace: '.', ',' }} Mo{% endif %}";

const RESULTS = `{% if count == 0 %}aucun résultat{% else %}${n('count', 'résultat', 'résultats')}{% endif %}`;
const QUERY = `{% if q != blank %} ${quoted('q')}{% endif %}`;
const FOUND = `{% if count != blank %}\u00a0: ${RESULTS}{% endif %}.`;
const TRACKER = 'le gestionnaire de tickets';

const PIPELINE =
  '{% if workflow != blank %}{{ workflow }}{% else %}CI{% endif %}{% if job != blank %} / {{ job }}{% endif %}';
const BUILT =
  `{% if repository != blank %} sur {{ repository }}{% else %}${WHERE}{% endif %}` +
  '{% if branch != blank %}, branche {{ branch }}{% endif %}{% if sha != blank %}, commit {{ sha | slice: 0, 7 }}{% endif %}';
const DETAILS = '{% if run_url != blank %} Détails\u00a0: {{ run_url }}{% endif %}';

const WORK_ITEM = `{% if title != blank %}le travail en cours ${quoted('title')}{% elsif item_id != blank %}le travail en cours {{ item_id }}{% else %}un travail en cours{% endif %}`;

/** French. */
export const fr: BuiltInTemplates = {
  generic: `Action {{ action }} effectuée par {{ actor }}${WHERE}.`,
  actions: {
    'user.created':
      "{{ actor }} a créé {% if is_admin == true %}un compte administrateur du serveur{% else %}un compte utilisateur{% endif %}{% if email != blank %} pour {{ email }}{% endif %}{% if reason == 'first_start' %} lors du premier démarrage{% endif %}.",
    'api_key.created': `{{ actor }} a créé {% if label != blank %}la clé d’API ${quoted('label')}{% else %}une clé d’API{% endif %}{% if expires_at != blank %}, valable jusqu’au {{ expires_at | date: '%d/%m/%Y' }}{% endif %}{% if delivery == 'one_time_link' %}, à récupérer via un lien à usage unique{% endif %}.`,
    'api_key.revoked':
      "{{ actor }} a révoqué {% if authority == 'self' %}une de ses clés d’API{% else %}une clé d’API{% if user_id != blank %} de l’utilisateur {{ user_id }}{% endif %}{% endif %}{% if key_id != blank %} ({{ key_id }}){% endif %}.",
    'api_key.reset':
      '{{ actor }} a réinitialisé les clés d’API {% if user_id != blank %}de l’utilisateur {{ user_id }}{% else %}d’un utilisateur{% endif %}' +
      `{% if revoked_key_ids != blank %} (${n('revoked_key_ids.size', 'clé révoquée', 'clés révoquées')}){% endif %}.` +
      " La nouvelle clé peut être récupérée une seule fois via un lien{% if link_expires_at != blank %} valable jusqu’au {{ link_expires_at | date: '%d/%m/%Y à %H:%M' }} (UTC){% endif %}.",
    'api_key.one_time_view':
      'Le lien à usage unique vers {% if key_id != blank %}la clé d’API {{ key_id }}{% else %}une clé d’API{% endif %} a été ouvert et n’est plus valable.',
    'session.signed_in': '{{ actor }} a ouvert une session dans l’interface d’administration.',
    'session.signed_out': '{{ actor }} a fermé sa session dans l’interface d’administration.',
    'workspace.created':
      '{{ actor }} a créé {% if workspace_key != blank %}l’espace de travail {{ workspace_key }}{% else %}un espace de travail{% endif %}{% if settings.name != blank and settings.name != workspace_key %} ({{ settings.name }}){% endif %}.',
    'workspace_settings.updated': `{{ actor }} a modifié les paramètres de ${WORKSPACE}{% if changed_fields != blank %}\u00a0: ${list('changed_fields')}{% endif %}${REASON}.`,
    'project.created': `{{ actor }} a créé {% if project_key != blank %}le projet {{ project_key }}{% else %}un projet{% endif %}{% if name != blank %} ({{ name }}){% endif %}${IN_WORKSPACE}.`,
    'access.workspace_member.added': `{{ actor }} a ajouté ${USER} à ${WORKSPACE}${WITH_ROLE}${VIA}.`,
    'access.workspace_member.role_changed': `{{ actor }} a modifié le rôle ${OF_USER} dans ${WORKSPACE}${ROLE_CHANGE}${VIA}.`,
    'access.workspace_member.removed': `{{ actor }} a retiré ${USER}${OLD_ROLE} de ${WORKSPACE}${VIA}.`,
    'access.project_member.added': `{{ actor }} a ajouté ${USER} au ${PROJECT}${WITH_ROLE}${VIA}.`,
    'access.project_member.role_changed': `{{ actor }} a modifié le rôle ${OF_USER} dans le ${PROJECT}${ROLE_CHANGE}${VIA}.`,
    'access.project_member.removed': `{{ actor }} a retiré ${USER}${OLD_ROLE} du ${PROJECT}${VIA}.`,
    'project_mapping.created': `{{ actor }} a ajouté une correspondance de projet{% if mapping.external_id != blank %} de {{ mapping.external_id }}{% endif %}{% if mapping.project_key != blank %} vers le projet {{ mapping.project_key }}{% endif %}${IN_WORKSPACE}${REASON}.`,
    'project_mapping.updated': `{{ actor }} a modifié la correspondance de projet{% if mapping.external_id != blank %} de {{ mapping.external_id }}{% endif %}${IN_WORKSPACE}{% if changed_fields != blank %}\u00a0: ${list('changed_fields')}{% endif %}${REASON}.`,
    'project_mapping.deleted': `{{ actor }} a supprimé la correspondance de projet{% if mapping.external_id != blank %} de {{ mapping.external_id }}{% endif %}{% if mapping.project_key != blank %} vers le projet {{ mapping.project_key }}{% endif %}${IN_WORKSPACE}${REASON}.`,
    'memory.created': `{{ actor }} a enregistré une entrée de mémoire{% if type != blank %} (${KIND}{% if status != blank %}, ${STATUS}{% endif %}){% endif %}${WHERE}.${MASKED}`,
    'memory.updated':
      "{{ actor }} a {% if to_status == 'confirmed' %}confirmé{% elsif to_status == 'rejected' %}rejeté{% else %}modifié{% endif %} " +
      `${MEMORY}${OF_WHERE}{% if changed != blank %}{% if to_status == blank or changed.size > 1 %} (champs modifiés\u00a0: ${list('changed')}){% endif %}{% endif %}.${MASKED}`,
    'memory.deleted': `{{ actor }} a supprimé ${MEMORY}{% if type != blank %} (${KIND}){% endif %}${OF_WHERE}.`,
    'import.uploaded': `{{ actor }} a envoyé {% if file_name != blank %}le fichier {{ file_name }}{% else %}un fichier{% endif %} pour import${WHERE}{% if bytes != blank %} (${SIZE}){% endif %}.`,
    'import.parsed': `{{ actor }} a analysé ${IMPORT}${OF_WHERE}{% if stats.sessions != blank and stats.messages != blank %}\u00a0: ${n('stats.sessions', 'session', 'sessions')} et ${n('stats.messages', 'message', 'messages')}{% endif %}.`,
    'import.extracted': `{{ actor }} a extrait des propositions de mémoire ${OF_IMPORT}${OF_WHERE}{% if stats.staged != blank %}\u00a0: ${n('stats.staged', 'proposition à relire', 'propositions à relire')}{% endif %}.`,
    'import.committed': `{{ actor }} a validé ${IMPORT}${OF_WHERE}{% if stats.memories_created != blank %}\u00a0: {% if status == 'confirmed' %}${n('stats.memories_created', 'nouvelle entrée de mémoire confirmée', 'nouvelles entrées de mémoire confirmées')}{% else %}${n('stats.memories_created', 'nouvelle entrée de mémoire en brouillon', 'nouvelles entrées de mémoire en brouillon')}{% endif %}{% if stats.linked_existing > 0 %}, ${n('stats.linked_existing', 'déjà connue', 'déjà connues')}{% endif %}{% endif %}.`,
    'import.failed':
      `{% if import_id != blank %}L’import {{ import_id }}{% else %}Un import{% endif %}${OF_WHERE} a échoué` +
      "{% case step %}{% when 'parse' %} lors de l’analyse{% when 'extract' %} lors de l’extraction des propositions{% when 'commit' %} lors de la validation{% endcase %}" +
      '{% if error != blank %}\u00a0: {{ error }}{% else %}.{% endif %}',
    'import.staged_updated': `{{ actor }} a modifié une proposition de mémoire ${OF_IMPORT}${OF_WHERE}{% if changed != blank %} (${list('changed')}){% endif %}.`,
    'import.staged_selected': `{{ actor }} a {% if selected == false %}désélectionné{% else %}sélectionné{% endif %} {% if changed != blank %}${n('changed', 'proposition de mémoire', 'propositions de mémoire')}{% else %}des propositions de mémoire{% endif %} ${OF_IMPORT}${OF_WHERE}{% if types != blank %} (${list('types')}){% endif %}{% if already_committed > 0 %}\u00a0; ${n('already_committed', 'proposition déjà validée reste inchangée', 'propositions déjà validées restent inchangées')}{% endif %}.`,
    'import.expired': `{% if file_name != blank %}L’import {{ file_name }}{% else %}Un import{% endif %}${OF_WHERE} a expiré{% if retention_hours != blank %} au bout de ${n('retention_hours', 'heure', 'heures')}{% endif %} et a été supprimé.`,
    'import.deleted': `{{ actor }} a supprimé {% if file_name != blank %}l’import {{ file_name }}{% else %}un import{% endif %}${OF_WHERE}{% if raw_messages != blank %}, ainsi que ${n('raw_messages', 'message brut', 'messages bruts')}{% endif %}.`,
    'raw.search': `{{ actor }} a recherché${QUERY} dans les sessions brutes${OF_WHERE}${FOUND}`,
    'raw.view': `{{ actor }} a consulté {% if message_id != blank %}le message brut {{ message_id }}{% else %}un message brut{% endif %}${OF_WHERE}.`,
    'integration.delivery_retried': `{{ actor }} a renvoyé une notification en échec{% if notified_action != blank %} (concernant {{ notified_action }}){% endif %}${IN_WORKSPACE}${REASON}.`,
    'integration.outbound_policy_updated':
      '{{ actor }} a modifié les réglages des messages {% if integration_type != blank %}{{ integration_type }}{% else %}d’une intégration{% endif %}' +
      `{% if changed_templates != blank %} (modèles\u00a0: {{ changed_templates | join: ', ' }}){% endif %}${IN_WORKSPACE}${REASON}.`,
    'integration.updated':
      "{{ actor }} a {% if changed_fields contains 'enabled' %}{% if enabled == true %}activé{% else %}désactivé{% endif %}{% else %}modifié{% endif %} " +
      "{% if provider == 'tracker' %}l’intégration du gestionnaire de tickets{% elsif provider == 'wiki' %}l’intégration du wiki{% elsif provider != blank %}l’intégration {{ provider }}{% else %}une intégration{% endif %}" +
      `${IN_WORKSPACE}${REASON}.`,
    'tracker.search': `{{ actor }} a recherché${QUERY} dans ${TRACKER}${OF_WORKSPACE}${FOUND}`,
    'tracker.read': `{{ actor }} a consulté {% if issue_key != blank %}le ticket {{ issue_key }}{% else %}un ticket{% endif %} dans ${TRACKER}${OF_WORKSPACE}.`,
    'wiki.search': `{{ actor }} a recherché${QUERY} dans le wiki${OF_WORKSPACE}${FOUND}`,
    'wiki.read': `{{ actor }} a consulté {% if page_id != blank %}la page wiki {{ page_id }}{% else %}une page wiki{% endif %}${IN_WORKSPACE}.`,
    'ci.success': `${PIPELINE} a réussi${BUILT}.${DETAILS}`,
    'ci.failure': `${PIPELINE} a échoué${BUILT}{% if message != blank %} ({{ message }}){% endif %}.${DETAILS}`,
    'active_work.manual_confirm': `{{ actor }} a confirmé ${WORK_ITEM}${OF_WHERE}${REASON}.`,
    'active_work.manual_close': `{{ actor }} a clôturé ${WORK_ITEM}${OF_WHERE}${REASON}.`,
    'active_work.manual_reopen': `{{ actor }} a rouvert ${WORK_ITEM}${OF_WHERE}${REASON}.`,
    'git.commit': `{{ actor }} a créé {% if sha != blank %}le commit {{ sha | slice: 0, 7 }}{% else %}un commit{% endif %}{% if branch != blank %} sur la branche {{ branch }}{% endif %}${WHERE}{% if subject != blank %}\u00a0: ${quoted('subject')}{% endif %}.`,
    'git.merge': `{{ actor }} a fusionné{% if branch != blank %} dans la branche {{ branch }}{% endif %}${WHERE}{% if sha != blank %} ({{ sha | slice: 0, 7 }}){% endif %}{% if subject != blank %}\u00a0: ${quoted('subject')}{% endif %}.`,
    'codehost.installation.connected': `{{ actor }} a connecté l’installation de l’hébergeur de code{% if account != blank %} du compte {{ account }}{% endif %}{% if installation_id != blank %} ({{ installation_id }}){% endif %}{% if workspace_key != blank %} à l’espace de travail {{ workspace_key }}{% endif %}.`,
    'codehost.repos.synced':
      `{{ actor }} a synchronisé les dépôts depuis l’hébergeur de code${IN_WORKSPACE}` +
      `{% if added != blank and updated != blank and deactivated != blank %}\u00a0: ${n('added', 'ajouté', 'ajoutés')}, ${n('updated', 'mis à jour', 'mis à jour')}, ${n('deactivated', 'désactivé', 'désactivés')}{% endif %}` +
      `{% if total != blank %} (${n('total', 'dépôt actif', 'dépôts actifs')}){% endif %}.`,
    'codehost.repos.sync_failed': `La synchronisation des dépôts depuis l’hébergeur de code${IN_WORKSPACE} a échoué{% if error != blank %}\u00a0: {{ error }}{% endif %}. Rien n’a été modifié.`,
    'codehost.permissions.synced': `{{ actor }} a synchronisé les membres des projets avec les permissions de l’hébergeur de code${IN_WORKSPACE}{% if added != blank and changed != blank and removed != blank %}\u00a0: {{ added }} ajoutés, {{ changed }} modifiés, {{ removed }} retirés{% endif %}{% if skipped_unknown != blank and skipped_unknown > 0 %} ({{ skipped_unknown }} inconnus de ctxhub){% endif %}.`,
    'codehost.installation.removed': `L’application de l’hébergeur de code a été désinstallée{% if account != blank %} de {{ account }}{% endif %}${IN_WORKSPACE}{% if deactivated != blank %}\u00a0; {{ deactivated }} dépôts liés désactivés{% endif %}.`,
    'codehost.installation.suspended': `L’hébergeur de code a suspendu l’application{% if account != blank %} sur {{ account }}{% endif %}${IN_WORKSPACE}\u00a0; les synchronisations attendent sa réactivation.`,
    'codehost.installation.unsuspended': `L’hébergeur de code a réactivé l’application{% if account != blank %} sur {{ account }}{% endif %}${IN_WORKSPACE}\u00a0; les synchronisations reprennent.`,
    'user.codehost_login_set': `{{ actor }} a {% if codehost_login != blank %}défini l’identifiant{% if user_id != blank %} de {{ user_id }}{% endif %} sur l’hébergeur de code à {{ codehost_login }}{% else %}effacé l’identifiant{% if user_id != blank %} de {{ user_id }}{% endif %} sur l’hébergeur de code{% endif %}.`,
    'codehost.role_mapping.updated': `{{ actor }} a modifié la correspondance entre les permissions de l’hébergeur de code et les rôles de projet${IN_WORKSPACE}.`,
  },
};
