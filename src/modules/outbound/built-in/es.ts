import type { BuiltInTemplates } from './template-set.ts';

// Pieces shared by the Spanish templates below (each template is one string once assembled).

/** " en el proyecto P", else " en el espacio de trabajo W", else nothing. */
const WHERE =
  '{% if project_key != blank %} en el proyecto {{ project_key }}{% elsif workspace_key != blank %} en el espacio de trabajo {{ workspace_key }}{% endif %}';
/** The same with "de": " del proyecto P". */
const OF_WHERE =
  '{% if project_key != blank %} del proyecto {{ project_key }}{% elsif workspace_key != blank %} del espacio de trabajo {{ workspace_key }}{% endif %}';
const IN_WORKSPACE =
  '{% if workspace_key != blank %} en el espacio de trabajo {{ workspace_key }}{% endif %}';
const OF_WORKSPACE = '{% if workspace_key != blank %} del espacio de trabajo {{ workspace_key }}{% endif %}';
/** "espacio de trabajo W" (after an article: "al", "del", "en el"). */
const WORKSPACE = 'espacio de trabajo{% if workspace_key != blank %} {{ workspace_key }}{% endif %}';
const PROJECT = 'proyecto{% if project_key != blank %} {{ project_key }}{% endif %}';
const REASON = '{% if reason != blank %} (motivo: {{ reason }}){% endif %}';

/** The number in `v` with its noun: "1 resultado", "3 resultados". */
const n = (v: string, one: string, other: string) =>
  `{% if ${v} == 1 %}1 ${one}{% else %}{{ ${v} }} ${other}{% endif %}`;
const list = (v: string) => `{{ ${v} | join: ', ' }}`;

const USER = '{% if target_user != blank %}al usuario {{ target_user }}{% else %}a un usuario{% endif %}';
const OF_USER =
  '{% if target_user != blank %}del usuario {{ target_user }}{% else %}de un usuario{% endif %}';
const VIA =
  "{% case source %}{% when 'codehost' %} mediante la sincronización con la plataforma de código{% when 'oidc' %} mediante la sincronización con el proveedor de identidad{% when 'system' %} de forma automática{% endcase %}";
const WITH_ROLE = '{% if new_role != blank %} con el rol {{ new_role }}{% endif %}';
const ROLE_CHANGE =
  '{% if old_role != blank and new_role != blank %} de {{ old_role }} a {{ new_role }}{% elsif new_role != blank %} a {{ new_role }}{% endif %}';
const OLD_ROLE = '{% if old_role != blank %} ({{ old_role }}){% endif %}';

const KIND =
  "{% case type %}{% when 'decision' %}decisión{% when 'constraint' %}restricción{% when 'goal' %}objetivo{% when 'problem' %}problema{% when 'active_work' %}trabajo en curso{% when 'activity' %}actividad{% when 'note' %}nota{% when 'summary' %}resumen{% when 'caveat' %}advertencia{% else %}{{ type }}{% endcase %}";
const STATUS =
  "{% case status %}{% when 'draft' %}borrador{% when 'confirmed' %}confirmada{% when 'rejected' %}rechazada{% else %}{{ status }}{% endcase %}";
const MEMORY =
  '{% if memory_id != blank %}la entrada de memoria {{ memory_id }}{% else %}una entrada de memoria{% endif %}';
const MASKED =
  '{% if redactions > 0 %} {% if redactions == 1 %}Se ocultó 1 secreto.{% else %}Se ocultaron {{ redactions }} secretos.{% endif %}{% endif %}';

const IMPORT =
  '{% if import_id != blank %}la importación {{ import_id }}{% else %}una importación{% endif %}';
const SIZE =
  "{% if bytes < 1024 %}{{ bytes }} bytes{% elsif bytes < 1048576 %}{{ bytes | divided_by: 1024.0 | round: 1 | replace: '.', ',' }} KB{% else %}{{ bytes | divided_by: 1048576.0 | round: 1 | replace: '.', ',' }} MB{% endif %}";

const RESULTS = `{% if count == 0 %}sin resultados{% else %}${n('count', 'resultado', 'resultados')}{% endif %}`;
const QUERY = '{% if q != blank %} «{{ q }}»{% endif %}';
const FOUND = `{% if count != blank %}: ${RESULTS}{% endif %}.`;
const TRACKER = 'el gestor de incidencias';

const PIPELINE =
  '{% if workflow != blank %}{{ workflow }}{% else %}CI{% endif %}{% if job != blank %} / {{ job }}{% endif %}';
const BUILT =
  `{% if repository != blank %} en {{ repository }}{% else %}${WHERE}{% endif %}` +
  '{% if branch != blank %}, rama {{ branch }}{% endif %}{% if sha != blank %}, commit {{ sha | slice: 0, 7 }}{% endif %}';
const DETAILS = '{% if run_url != blank %} Detalles: {{ run_url }}{% endif %}';

const WORK_ITEM =
  '{% if title != blank %}el trabajo en curso «{{ title }}»{% elsif item_id != blank %}el trabajo en curso {{ item_id }}{% else %}un trabajo en curso{% endif %}';

/** Spanish. */
export const es: BuiltInTemplates = {
  generic: `Acción {{ action }} realizada por {{ actor }}${WHERE}.`,
  actions: {
    'user.created':
      "{{ actor }} creó {% if is_admin == true %}una cuenta de administrador del servidor{% else %}una cuenta de usuario{% endif %}{% if email != blank %} para {{ email }}{% endif %}{% if reason == 'first_start' %} durante el primer arranque{% endif %}.",
    'api_key.created':
      "{{ actor }} creó {% if label != blank %}la clave de API «{{ label }}»{% else %}una clave de API{% endif %}{% if expires_at != blank %}, válida hasta el {{ expires_at | date: '%d/%m/%Y' }}{% endif %}{% if delivery == 'one_time_link' %}, que se entrega mediante un enlace de un solo uso{% endif %}.",
    'api_key.revoked':
      "{{ actor }} revocó {% if authority == 'self' %}una de sus claves de API{% else %}una clave de API{% if user_id != blank %} del usuario {{ user_id }}{% endif %}{% endif %}{% if key_id != blank %} ({{ key_id }}){% endif %}.",
    'api_key.reset':
      '{{ actor }} restableció las claves de API {% if user_id != blank %}del usuario {{ user_id }}{% else %}de un usuario{% endif %}' +
      '{% if revoked_key_ids != blank %}; {% if revoked_key_ids.size == 1 %}se revocó 1 clave{% else %}se revocaron {{ revoked_key_ids.size }} claves{% endif %}{% endif %}.' +
      " La nueva clave se puede obtener una sola vez mediante un enlace{% if link_expires_at != blank %} válido hasta el {{ link_expires_at | date: '%d/%m/%Y a las %H:%M' }} (UTC){% endif %}.",
    'api_key.one_time_view':
      'Se abrió el enlace de un solo uso de {% if key_id != blank %}la clave de API {{ key_id }}{% else %}una clave de API{% endif %}, que ya no se puede volver a usar.',
    'session.signed_in': '{{ actor }} inició sesión en la interfaz de administración.',
    'session.signed_out': '{{ actor }} cerró sesión en la interfaz de administración.',
    'workspace.created':
      '{{ actor }} creó {% if workspace_key != blank %}el espacio de trabajo {{ workspace_key }}{% else %}un espacio de trabajo{% endif %}{% if settings.name != blank and settings.name != workspace_key %} ({{ settings.name }}){% endif %}.',
    'workspace_settings.updated': `{{ actor }} cambió la configuración del ${WORKSPACE}{% if changed_fields != blank %}: ${list('changed_fields')}{% endif %}${REASON}.`,
    'project.created': `{{ actor }} creó {% if project_key != blank %}el proyecto {{ project_key }}{% else %}un proyecto{% endif %}{% if name != blank %} ({{ name }}){% endif %}${IN_WORKSPACE}.`,
    'access.workspace_member.added': `{{ actor }} añadió ${USER} al ${WORKSPACE}${WITH_ROLE}${VIA}.`,
    'access.workspace_member.role_changed': `{{ actor }} cambió el rol ${OF_USER} en el ${WORKSPACE}${ROLE_CHANGE}${VIA}.`,
    'access.workspace_member.removed': `{{ actor }} quitó ${USER}${OLD_ROLE} del ${WORKSPACE}${VIA}.`,
    'access.project_member.added': `{{ actor }} añadió ${USER} al ${PROJECT}${WITH_ROLE}${VIA}.`,
    'access.project_member.role_changed': `{{ actor }} cambió el rol ${OF_USER} en el ${PROJECT}${ROLE_CHANGE}${VIA}.`,
    'access.project_member.removed': `{{ actor }} quitó ${USER}${OLD_ROLE} del ${PROJECT}${VIA}.`,
    'project_mapping.created': `{{ actor }} añadió una asignación de proyecto{% if mapping.external_id != blank %} de {{ mapping.external_id }}{% endif %}{% if mapping.project_key != blank %} al proyecto {{ mapping.project_key }}{% endif %}${IN_WORKSPACE}${REASON}.`,
    'project_mapping.updated': `{{ actor }} cambió la asignación de proyecto{% if mapping.external_id != blank %} de {{ mapping.external_id }}{% endif %}${IN_WORKSPACE}{% if changed_fields != blank %}: ${list('changed_fields')}{% endif %}${REASON}.`,
    'project_mapping.deleted': `{{ actor }} eliminó la asignación de proyecto{% if mapping.external_id != blank %} de {{ mapping.external_id }}{% endif %}{% if mapping.project_key != blank %} al proyecto {{ mapping.project_key }}{% endif %}${IN_WORKSPACE}${REASON}.`,
    'memory.created': `{{ actor }} guardó una entrada de memoria{% if type != blank %} (${KIND}{% if status != blank %}, ${STATUS}{% endif %}){% endif %}${WHERE}.${MASKED}`,
    'memory.updated':
      "{{ actor }} {% if to_status == 'confirmed' %}confirmó{% elsif to_status == 'rejected' %}rechazó{% else %}actualizó{% endif %} " +
      `${MEMORY}${OF_WHERE}{% if changed != blank %}{% if to_status == blank or changed.size > 1 %} (cambios: ${list('changed')}){% endif %}{% endif %}.${MASKED}`,
    'memory.deleted': `{{ actor }} eliminó ${MEMORY}{% if type != blank %} (${KIND}){% endif %}${OF_WHERE}.`,
    'import.uploaded': `{{ actor }} subió {% if file_name != blank %}{{ file_name }}{% else %}un archivo{% endif %} para importarlo${WHERE}{% if bytes != blank %} (${SIZE}){% endif %}.`,
    'import.parsed': `{{ actor }} procesó ${IMPORT}${OF_WHERE}{% if stats.sessions != blank and stats.messages != blank %}: ${n('stats.sessions', 'sesión', 'sesiones')} y ${n('stats.messages', 'mensaje', 'mensajes')}{% endif %}.`,
    'import.extracted': `{{ actor }} extrajo propuestas de memoria de ${IMPORT}${OF_WHERE}{% if stats.staged != blank %}; ${n('stats.staged', 'está pendiente', 'están pendientes')} de revisión{% endif %}.`,
    'import.committed': `{{ actor }} aplicó ${IMPORT}${OF_WHERE}{% if stats.memories_created != blank %}: {% if status == 'confirmed' %}${n('stats.memories_created', 'nueva entrada de memoria confirmada', 'nuevas entradas de memoria confirmadas')}{% else %}${n('stats.memories_created', 'nueva entrada de memoria en borrador', 'nuevas entradas de memoria en borrador')}{% endif %}{% if stats.linked_existing > 0 %}, ${n('stats.linked_existing', 'ya existente', 'ya existentes')}{% endif %}{% endif %}.`,
    'import.failed':
      `{% if import_id != blank %}La importación {{ import_id }}{% else %}Una importación{% endif %}${OF_WHERE} falló` +
      "{% case step %}{% when 'parse' %} al procesarse{% when 'extract' %} al extraer las propuestas de memoria{% when 'commit' %} al aplicarse{% endcase %}" +
      '{% if error != blank %}: {{ error }}{% else %}.{% endif %}',
    'import.staged_updated': `{{ actor }} editó una propuesta de memoria de ${IMPORT}${OF_WHERE}{% if changed != blank %} (${list('changed')}){% endif %}.`,
    'import.staged_selected': `{{ actor }} {% if selected == false %}deseleccionó{% else %}seleccionó{% endif %} {% if changed != blank %}${n('changed', 'propuesta de memoria', 'propuestas de memoria')}{% else %}propuestas de memoria{% endif %} de ${IMPORT}${OF_WHERE}{% if types != blank %} (${list('types')}){% endif %}{% if already_committed > 0 %}; ${n('already_committed', 'ya aplicada quedó', 'ya aplicadas quedaron')} sin cambios{% endif %}.`,
    'import.expired': `{% if file_name != blank %}La importación {{ file_name }}{% else %}Una importación{% endif %}${OF_WHERE} caducó{% if retention_hours != blank %} tras ${n('retention_hours', 'hora', 'horas')}{% endif %} y se eliminó.`,
    'import.deleted': `{{ actor }} eliminó {% if file_name != blank %}la importación {{ file_name }}{% else %}una importación{% endif %}${OF_WHERE}{% if raw_messages != blank %} junto con ${n('raw_messages', 'mensaje en bruto', 'mensajes en bruto')}{% endif %}.`,
    'raw.search': `{{ actor }} buscó${QUERY} en las sesiones en bruto${OF_WHERE}${FOUND}`,
    'raw.view': `{{ actor }} abrió {% if message_id != blank %}el mensaje en bruto {{ message_id }}{% else %}un mensaje en bruto{% endif %}${OF_WHERE}.`,
    'integration.delivery_retried': `{{ actor }} volvió a enviar una notificación fallida{% if notified_action != blank %} (sobre {{ notified_action }}){% endif %}${IN_WORKSPACE}${REASON}.`,
    'integration.outbound_policy_updated':
      '{{ actor }} cambió la configuración de los mensajes de {% if integration_type != blank %}{{ integration_type }}{% else %}una integración{% endif %}' +
      `{% if changed_templates != blank %}: plantillas {{ changed_templates | join: ', ' }}{% endif %}${IN_WORKSPACE}${REASON}.`,
    'integration.updated':
      "{{ actor }} {% if changed_fields contains 'enabled' %}{% if enabled == true %}activó{% else %}desactivó{% endif %}{% else %}actualizó{% endif %} " +
      `{% if provider == 'tracker' %}la integración con ${TRACKER}{% elsif provider == 'wiki' %}la integración con la wiki{% elsif provider != blank %}la integración {{ provider }}{% else %}una integración{% endif %}` +
      `${IN_WORKSPACE}${REASON}.`,
    'tracker.search': `{{ actor }} buscó${QUERY} en ${TRACKER}${OF_WORKSPACE}${FOUND}`,
    'tracker.read': `{{ actor }} consultó {% if issue_key != blank %}la incidencia {{ issue_key }}{% else %}una incidencia{% endif %} en ${TRACKER}${OF_WORKSPACE}.`,
    'wiki.search': `{{ actor }} buscó${QUERY} en la wiki${OF_WORKSPACE}${FOUND}`,
    'wiki.read': `{{ actor }} consultó {% if page_id != blank %}la página {{ page_id }}{% else %}una página{% endif %} de la wiki${OF_WORKSPACE}.`,
    'ci.success': `${PIPELINE} se completó correctamente${BUILT}.${DETAILS}`,
    'ci.failure': `${PIPELINE} falló${BUILT}{% if message != blank %} ({{ message }}){% endif %}.${DETAILS}`,
    'active_work.manual_confirm': `{{ actor }} confirmó ${WORK_ITEM}${OF_WHERE}${REASON}.`,
    'active_work.manual_close': `{{ actor }} cerró ${WORK_ITEM}${OF_WHERE}${REASON}.`,
    'active_work.manual_reopen': `{{ actor }} reabrió ${WORK_ITEM}${OF_WHERE}${REASON}.`,
    'git.commit': `{{ actor }} hizo {% if sha != blank %}el commit {{ sha | slice: 0, 7 }}{% else %}un commit{% endif %}{% if branch != blank %} en la rama {{ branch }}{% endif %}${WHERE}{% if subject != blank %}: «{{ subject }}»{% endif %}.`,
    'git.merge': `{{ actor }} fusionó cambios{% if branch != blank %} en la rama {{ branch }}{% endif %}${WHERE}{% if sha != blank %} ({{ sha | slice: 0, 7 }}){% endif %}{% if subject != blank %}: «{{ subject }}»{% endif %}.`,
    'codehost.installation.connected': `{{ actor }} conectó la instalación de la plataforma de código{% if account != blank %} de {{ account }}{% endif %}{% if installation_id != blank %} ({{ installation_id }}){% endif %}{% if workspace_key != blank %} al espacio de trabajo {{ workspace_key }}{% endif %}.`,
    'codehost.repos.synced':
      `{{ actor }} sincronizó los repositorios desde la plataforma de código${IN_WORKSPACE}` +
      `{% if added != blank and updated != blank and deactivated != blank %}: ${n('added', 'añadido', 'añadidos')}, ${n('updated', 'actualizado', 'actualizados')}, ${n('deactivated', 'desactivado', 'desactivados')}{% endif %}` +
      `{% if total != blank %} (${n('total', 'repositorio activo', 'repositorios activos')}){% endif %}.`,
    'codehost.repos.sync_failed': `Falló la sincronización de repositorios desde la plataforma de código${IN_WORKSPACE}{% if error != blank %}: {{ error }}{% endif %}. No se cambió nada.`,
    'codehost.permissions.synced': `{{ actor }} sincronizó los miembros de los proyectos con los permisos de la plataforma de código${IN_WORKSPACE}{% if added != blank and changed != blank and removed != blank %}: {{ added }} añadidos, {{ changed }} cambiados, {{ removed }} eliminados{% endif %}{% if skipped_unknown != blank and skipped_unknown > 0 %} ({{ skipped_unknown }} desconocidos en ctxhub){% endif %}.`,
    'codehost.installation.removed': `Se desinstaló la aplicación de la plataforma de código{% if account != blank %} de {{ account }}{% endif %}${IN_WORKSPACE}{% if deactivated != blank %}; {{ deactivated }} repositorios vinculados desactivados{% endif %}.`,
    'codehost.installation.suspended': `La plataforma de código suspendió la aplicación{% if account != blank %} en {{ account }}{% endif %}${IN_WORKSPACE}; las sincronizaciones esperan a que se reactive.`,
    'codehost.installation.unsuspended': `La plataforma de código reactivó la aplicación{% if account != blank %} en {{ account }}{% endif %}${IN_WORKSPACE}; las sincronizaciones vuelven a ejecutarse.`,
    'user.codehost_login_set': `{{ actor }} {% if codehost_login != blank %}estableció el usuario{% if user_id != blank %} de {{ user_id }}{% endif %} en la plataforma de código a {{ codehost_login }}{% else %}borró el usuario{% if user_id != blank %} de {{ user_id }}{% endif %} en la plataforma de código{% endif %}.`,
    'codehost.role_mapping.updated': `{{ actor }} cambió cómo los permisos de la plataforma de código se asignan a roles de proyecto${IN_WORKSPACE}.`,
  },
};
