import type { BuiltInTemplates } from './template-set.ts';

// Pieces shared by the Korean templates below (each template is one string once assembled).
// Formal style (〜했습니다), words spaced, half-width punctuation, brackets attached to the word
// before them. A particle never follows a value directly when its form depends on the value's
// last sound (을/를, 이/가, 은/는, 으로/로, 과/와): the value comes first and a noun after it carries
// the particle ("acme 워크스페이스를", "ADMIN 역할로"); only 의, 에, 에서 follow a value directly. A person
// acting is "님이"; the server acting is "에서" (as for an organisation: "ctxhub에서"), so where the
// server may act the place takes 의 or 에 rather than a second 에서.

/** "Ana Souza 님이", or "ctxhub에서" when the server acted. */
const WHO = '{{ actor }}{% if actor_email != blank %} 님이{% else %}에서{% endif %}';

/** A value and the noun it names, ready for a particle: "acme 워크스페이스" or "워크스페이스". */
const named = (noun: string, v: string) => `{% if ${v} != blank %}{{ ${v} }} {% endif %}${noun}`;

/** " github:acme/api 프로젝트에서", else " acme 워크스페이스에서", else nothing (with the particle given). */
const where = (particle: string) =>
  `{% if project_key != blank %} {{ project_key }} 프로젝트${particle}{% elsif workspace_key != blank %} {{ workspace_key }} 워크스페이스${particle}{% endif %}`;
const WHERE = where('에서');
const OF_WHERE = where('의');
const TO_WHERE = where('에');
const INTO_WHERE = where('로');
/** OF_WHERE at the start of a sentence: "github:acme/api 프로젝트의 ". */
const OF_WHERE_FIRST =
  '{% if project_key != blank %}{{ project_key }} 프로젝트의 {% elsif workspace_key != blank %}{{ workspace_key }} 워크스페이스의 {% endif %}';
const IN_WORKSPACE = '{% if workspace_key != blank %} {{ workspace_key }} 워크스페이스에서{% endif %}';
const TO_WORKSPACE = '{% if workspace_key != blank %} {{ workspace_key }} 워크스페이스에{% endif %}';
const OF_WORKSPACE = '{% if workspace_key != blank %} {{ workspace_key }} 워크스페이스의{% endif %}';
const WORKSPACE = named('워크스페이스', 'workspace_key');
const PROJECT = named('프로젝트', 'project_key');
const REASON = '{% if reason != blank %}(사유: {{ reason }}){% endif %}';

const list = (v: string) => `{{ ${v} | join: ', ' }}`;

const USER = named('사용자', 'target_user');
/** How the change came about, after the subject: " 코드 호스팅 서비스 동기화를 통해". */
const VIA =
  "{% case source %}{% when 'codehost' %} 코드 호스팅 서비스 동기화를 통해{% when 'oidc' %} ID 공급자 동기화를 통해{% when 'system' %} 자동으로{% endcase %}";
const WITH_ROLE = '{% if new_role != blank %} {{ new_role }} 역할로{% endif %}';
/** After "… 사용자": "를 MEMBER에서 ADMIN 역할로", else "의 역할을". */
const ROLE_CHANGE =
  '{% if new_role != blank %}를{% if old_role != blank %} {{ old_role }}에서{% endif %} {{ new_role }} 역할로{% else %}의 역할을{% endif %}';
const OLD_ROLE = '{% if old_role != blank %}({{ old_role }}){% endif %}';

/** The mapping as a phrase before "프로젝트 매핑": " X에서 P 프로젝트로 연결되는". */
const MAPPING =
  '{% if mapping.external_id != blank and mapping.project_key != blank %} {{ mapping.external_id }}에서 {{ mapping.project_key }} 프로젝트로 연결되는' +
  '{% elsif mapping.external_id != blank %} {{ mapping.external_id }}의{% elsif mapping.project_key != blank %} {{ mapping.project_key }} 프로젝트로 연결되는{% endif %}';

const KIND =
  "{% case type %}{% when 'decision' %}결정{% when 'constraint' %}제약{% when 'goal' %}목표{% when 'problem' %}문제{% when 'active_work' %}진행 중인 작업{% when 'activity' %}활동{% when 'note' %}메모{% when 'summary' %}요약{% when 'caveat' %}주의 사항{% else %}{{ type }}{% endcase %}";
const STATUS =
  "{% case status %}{% when 'draft' %}초안{% when 'confirmed' %}확정{% when 'rejected' %}반려{% else %}{{ status }}{% endcase %}";
const MEMORY = named('메모리', 'memory_id');
const MASKED = '{% if redactions > 0 %} 비밀 정보 {{ redactions }}건을 마스킹했습니다.{% endif %}';

const IMPORT = named('가져오기 작업', 'import_id');
const SIZE =
  '{% if bytes < 1024 %}{{ bytes }}바이트{% elsif bytes < 1048576 %}{{ bytes | divided_by: 1024.0 | round: 1 }}KB{% else %}{{ bytes | divided_by: 1048576.0 | round: 1 }}MB{% endif %}';

/** The search text, after what was searched and before 검색: " “q” 키워드로". */
const QUERY = '{% if q != blank %} “{{ q }}” 키워드로{% endif %}';
/** How a search ended, after 검색: "하여 3건을 찾았습니다.", "했지만 결과가 없었습니다.". */
const FOUND =
  '{% if count != blank %}{% if count == 0 %}했지만 결과가 없었습니다{% else %}하여 {{ count }}건을 찾았습니다{% endif %}{% else %}했습니다{% endif %}.';

const PIPELINE =
  '{% if workflow != blank %}{{ workflow }}{% else %}CI{% endif %}{% if job != blank %} / {{ job }}{% endif %}';
/** Where it ran, opening the sentence: "acme/api 저장소에서 ". */
const RAN_IN =
  '{% if repository != blank %}{{ repository }} 저장소에서 {% elsif project_key != blank %}{{ project_key }} 프로젝트에서 {% elsif workspace_key != blank %}{{ workspace_key }} 워크스페이스에서 {% endif %}';
const SHA = '{{ sha | slice: 0, 7 }}';
const BUILT_FROM =
  '{% if branch != blank and sha != blank %}(브랜치 {{ branch }}, 커밋 ' +
  SHA +
  '){% elsif branch != blank %}(브랜치 {{ branch }}){% elsif sha != blank %}(커밋 ' +
  SHA +
  '){% endif %}';
const DETAILS = '{% if run_url != blank %} 자세한 내용: {{ run_url }}{% endif %}';

const WORK_ITEM =
  '{% if title != blank %}“{{ title }}” {% elsif item_id != blank %}{{ item_id }} {% endif %}진행 중인 작업';

/** Korean. */
export const ko: BuiltInTemplates = {
  generic: `${WHO}${WHERE} {{ action }} 작업을 실행했습니다.`,
  actions: {
    'user.created':
      `${WHO}{% if reason == 'first_start' %} 최초 실행 시{% endif %}{% if email != blank %} {{ email }}의{% endif %}` +
      ' {% if is_admin == true %}서버 관리자 계정을{% else %}사용자 계정을{% endif %} 생성했습니다.',
    'api_key.created':
      `${WHO} {% if label != blank %}“{{ label }}” {% endif %}API 키{% if expires_at != blank %}(만료일: {{ expires_at | date: '%Y년 %-m월 %-d일' }}){% endif %}를 생성했습니다.` +
      "{% if delivery == 'one_time_link' %} 키는 일회용 링크로 전달됩니다.{% endif %}",
    'api_key.revoked':
      `${WHO} {% if authority == 'self' %}본인의 {% elsif user_id != blank %}{{ user_id }} 사용자의 {% endif %}` +
      'API 키{% if key_id != blank %}({{ key_id }}){% endif %}를 폐기했습니다.',
    'api_key.reset':
      `${WHO} {% if user_id != blank %}{{ user_id }} {% endif %}사용자의 API 키를 재설정` +
      '{% if revoked_key_ids != blank %}하고 기존 키 {{ revoked_key_ids.size }}개를 폐기{% endif %}했습니다.' +
      " 새 키는 링크를 통해 한 번만 받을 수 있습니다{% if link_expires_at != blank %}. 링크는 {{ link_expires_at | date: '%Y년 %-m월 %-d일 %H:%M' }}(UTC)까지 유효합니다{% endif %}.",
    'api_key.one_time_view':
      '{% if key_id != blank %}{{ key_id }} {% endif %}API 키의 일회용 링크가 열렸으므로 더 이상 사용할 수 없습니다.',
    'session.signed_in': `${WHO} 관리 화면에 로그인했습니다.`,
    'session.signed_out': `${WHO} 관리 화면에서 로그아웃했습니다.`,
    'workspace.created': `${WHO} ${WORKSPACE}{% if settings.name != blank and settings.name != workspace_key %}({{ settings.name }}){% endif %}를 생성했습니다.`,
    'workspace_settings.updated': `${WHO} ${WORKSPACE}의{% if changed_fields != blank %} ${list('changed_fields')}{% endif %} 설정을 변경했습니다${REASON}.`,
    'project.created': `${WHO}${TO_WORKSPACE} ${PROJECT}{% if name != blank %}({{ name }}){% endif %}를 생성했습니다.`,
    'access.workspace_member.added': `${WHO}${VIA} ${USER}를 ${WORKSPACE}에${WITH_ROLE} 추가했습니다.`,
    'access.workspace_member.role_changed': `${WHO}${VIA} ${WORKSPACE}의 ${USER}${ROLE_CHANGE} 변경했습니다.`,
    'access.workspace_member.removed': `${WHO}${VIA} ${WORKSPACE}의 ${USER}${OLD_ROLE}를 제거했습니다.`,
    'access.project_member.added': `${WHO}${VIA} ${USER}를 ${PROJECT}에${WITH_ROLE} 추가했습니다.`,
    'access.project_member.role_changed': `${WHO}${VIA} ${PROJECT}의 ${USER}${ROLE_CHANGE} 변경했습니다.`,
    'access.project_member.removed': `${WHO}${VIA} ${PROJECT}의 ${USER}${OLD_ROLE}를 제거했습니다.`,
    'project_mapping.created': `${WHO}${TO_WORKSPACE}${MAPPING} 프로젝트 매핑을 추가했습니다${REASON}.`,
    'project_mapping.updated': `${WHO}${IN_WORKSPACE} {% if mapping.external_id != blank %}{{ mapping.external_id }} {% endif %}프로젝트 매핑{% if changed_fields != blank %}의 ${list('changed_fields')} 항목{% endif %}을 변경했습니다${REASON}.`,
    'project_mapping.deleted': `${WHO}${OF_WORKSPACE}${MAPPING} 프로젝트 매핑을 삭제했습니다${REASON}.`,
    'memory.created': `${WHO}${TO_WHERE} 메모리{% if type != blank %}(${KIND}{% if status != blank %}, ${STATUS}{% endif %}){% endif %}를 저장했습니다.${MASKED}`,
    'memory.updated':
      `${WHO}${OF_WHERE} ${MEMORY}를 ` +
      "{% if to_status == 'confirmed' %}확정했습니다{% elsif to_status == 'rejected' %}반려했습니다{% else %}수정했습니다{% endif %}" +
      `{% if changed != blank %}{% if to_status == blank or changed.size > 1 %}(변경 항목: ${list('changed')}){% endif %}{% endif %}.${MASKED}`,
    'memory.deleted': `${WHO}${OF_WHERE} ${MEMORY}{% if type != blank %}(${KIND}){% endif %}를 삭제했습니다.`,
    'import.uploaded': `${WHO}${INTO_WHERE} 가져올 ${named('파일', 'file_name')}{% if bytes != blank %}(${SIZE}){% endif %}을 업로드했습니다.`,
    'import.parsed':
      `${WHO}${OF_WHERE} ${IMPORT}을 ` +
      '{% if stats.sessions != blank and stats.messages != blank %}분석하여 세션 {{ stats.sessions }}개와 메시지 {{ stats.messages }}개를 읽어 들였습니다{% else %}분석했습니다{% endif %}.',
    'import.extracted': `${WHO}${OF_WHERE} ${IMPORT}에서 메모리 후보를 추출했습니다.{% if stats.staged != blank %} {{ stats.staged }}건이 검토를 기다리고 있습니다.{% endif %}`,
    'import.committed':
      `${WHO}${OF_WHERE} ${IMPORT}을 확정` +
      "{% if stats.memories_created != blank %}하여 {% if status == 'confirmed' %}확정된{% else %}초안{% endif %} 메모리 {{ stats.memories_created }}개를 만들었" +
      '{% if stats.linked_existing > 0 %}고, 기존 메모리 {{ stats.linked_existing }}개를 연결했{% endif %}{% else %}했{% endif %}습니다.',
    'import.failed':
      `${OF_WHERE_FIRST}${IMPORT}이` +
      "{% case step %}{% when 'parse' %} 분석 중에{% when 'extract' %} 메모리 후보 추출 중에{% when 'commit' %} 확정 중에{% endcase %} 실패했습니다" +
      '{% if error != blank %}(오류: {{ error }}){% endif %}.',
    'import.staged_updated': `${WHO}${OF_WHERE} ${IMPORT}의 메모리 후보를 수정했습니다{% if changed != blank %}(변경 항목: ${list('changed')}){% endif %}.`,
    'import.staged_selected': `${WHO}${OF_WHERE} ${IMPORT}의 메모리 후보{% if changed != blank %} {{ changed }}개{% endif %}를 {% if selected == false %}선택 해제했습니다{% else %}확정 대상으로 선택했습니다{% endif %}{% if types != blank %}(유형: ${list('types')}){% endif %}.{% if already_committed > 0 %} 이미 확정된 {{ already_committed }}개는 그대로 두었습니다.{% endif %}`,
    'import.expired': `${OF_WHERE_FIRST}${named('가져오기 작업', 'file_name')}은 보관 기간{% if retention_hours != blank %}({{ retention_hours }}시간){% endif %}이 지나 삭제되었습니다.`,
    'import.deleted': `${WHO}${OF_WHERE} ${named('가져오기 작업', 'file_name')}{% if raw_messages != blank %}과 원본 메시지 {{ raw_messages }}개를{% else %}을{% endif %} 삭제했습니다.`,
    'raw.search': `${WHO}${OF_WHERE} 원본 세션을${QUERY} 검색${FOUND}`,
    'raw.view': `${WHO}${OF_WHERE} ${named('원본 메시지', 'message_id')}를 열람했습니다.`,
    'integration.delivery_retried': `${WHO} 전송에 실패한${OF_WORKSPACE} {% if integration != blank %}{{ integration }} {% endif %}알림을 다시 보냈습니다${REASON}.`,
    'integration.outbound_policy_updated':
      `${WHO}${OF_WORKSPACE} {% if integration_type != blank %}{{ integration_type }} {% endif %}연동 메시지 설정` +
      `{% if changed_templates != blank %}(템플릿: ${list('changed_templates')}){% endif %}을 변경했습니다${REASON}.`,
    'integration.updated':
      `${WHO}${OF_WORKSPACE} ` +
      "{% if provider == 'tracker' %}이슈 트래커 {% elsif provider == 'wiki' %}위키 {% elsif provider != blank %}{{ provider }} {% endif %}연동을 " +
      "{% if changed_fields contains 'enabled' %}{% if enabled == true %}활성화했습니다{% else %}비활성화했습니다{% endif %}{% else %}수정했습니다{% endif %}" +
      `${REASON}.`,
    'tracker.search': `${WHO}${OF_WORKSPACE} 이슈 트래커를${QUERY} 검색${FOUND}`,
    'tracker.read': `${WHO}${OF_WORKSPACE} 이슈 트래커에서 ${named('이슈', 'issue_key')}를 열람했습니다.`,
    'wiki.search': `${WHO}${OF_WORKSPACE} 위키를${QUERY} 검색${FOUND}`,
    'wiki.read': `${WHO}${OF_WORKSPACE} ${named('위키 페이지', 'page_id')}를 열람했습니다.`,
    'ci.success': `${RAN_IN}${PIPELINE} 실행이 성공했습니다${BUILT_FROM}.${DETAILS}`,
    'ci.failure': `${RAN_IN}${PIPELINE} 실행이 실패했습니다${BUILT_FROM}.{% if message != blank %} 요약: {{ message }}.{% endif %}${DETAILS}`,
    'active_work.manual_confirm': `${WHO}${OF_WHERE} ${WORK_ITEM}을 확인했습니다${REASON}.`,
    'active_work.manual_close': `${WHO}${OF_WHERE} ${WORK_ITEM}을 완료 처리했습니다${REASON}.`,
    'active_work.manual_reopen': `${WHO}${OF_WHERE} ${WORK_ITEM}을 다시 열었습니다${REASON}.`,
    'git.commit': `${WHO}${WHERE}{% if branch != blank %} {{ branch }} 브랜치에{% endif %} 커밋했습니다{% if sha != blank %}({{ sha | slice: 0, 7 }}){% endif %}{% if subject != blank %}: “{{ subject }}”{% endif %}.`,
    'git.merge': `${WHO}${WHERE}{% if branch != blank %} {{ branch }} 브랜치로{% endif %} 병합했습니다{% if sha != blank %}({{ sha | slice: 0, 7 }}){% endif %}{% if subject != blank %}: “{{ subject }}”{% endif %}.`,
    'codehost.installation.connected':
      `${WHO}{% if account != blank %} {{ account }} 계정의{% endif %} 코드 호스팅 서비스 설치{% if installation_id != blank %}({{ installation_id }}){% endif %}를 ` +
      `${WORKSPACE}에 연결했습니다.`,
    'codehost.repos.synced':
      `${WHO}${OF_WORKSPACE} 저장소를 코드 호스팅 서비스와 동기화했습니다` +
      '{% if added != blank and updated != blank and deactivated != blank %}(추가 {{ added }}개, 업데이트 {{ updated }}개, 비활성화 {{ deactivated }}개){% endif %}.' +
      '{% if total != blank %} 현재 활성 저장소는 {{ total }}개입니다.{% endif %}',
    'codehost.repos.sync_failed': `{% if workspace_key != blank %}{{ workspace_key }} 워크스페이스에서 {% endif %}코드 호스팅 서비스와의 저장소 동기화에 실패했습니다{% if error != blank %}({{ error }}){% endif %}. 변경된 내용은 없습니다.`,
    'codehost.permissions.synced': `${WHO}${OF_WORKSPACE} 프로젝트 멤버를 코드 호스팅 서비스의 권한과 동기화했습니다{% if added != blank and changed != blank and removed != blank %}(추가 {{ added }}명, 변경 {{ changed }}명, 제거 {{ removed }}명){% endif %}.{% if skipped_unknown != blank and skipped_unknown > 0 %} ctxhub에 없는 사용자 {{ skipped_unknown }}명은 건너뛰었습니다.{% endif %}`,
    'codehost.installation.removed': `{% if workspace_key != blank %}{{ workspace_key }} 워크스페이스에서 {% endif %}{% if account != blank %}{{ account }}의 {% endif %}코드 호스팅 앱이 제거되었습니다{% if deactivated != blank %}(저장소 연결 {{ deactivated }}개 비활성화){% endif %}.`,
    'codehost.installation.suspended': `{% if workspace_key != blank %}{{ workspace_key }} 워크스페이스에서 {% endif %}코드 호스팅 서비스가 {% if account != blank %}{{ account }}의 {% endif %}앱을 일시 중지했습니다. 다시 활성화될 때까지 동기화는 대기합니다.`,
    'codehost.installation.unsuspended': `{% if workspace_key != blank %}{{ workspace_key }} 워크스페이스에서 {% endif %}코드 호스팅 서비스가 {% if account != blank %}{{ account }}의 {% endif %}앱 일시 중지를 해제했습니다. 동기화가 다시 실행됩니다.`,
    'user.codehost_login_set': `${WHO}{% if user_id != blank %} {{ user_id }}의{% endif %} 코드 호스팅 로그인을{% if codehost_login != blank %} {{ codehost_login }}(으)로 설정했습니다{% else %} 삭제했습니다{% endif %}.`,
    'codehost.role_mapping.updated': `${WHO}${IN_WORKSPACE} 코드 호스팅 권한과 프로젝트 역할의 대응을 변경했습니다.`,
  },
};
