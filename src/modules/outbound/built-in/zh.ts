import type { BuiltInTemplates } from './template-set.ts';

// Pieces shared by the Simplified Chinese templates below (each template is one string once
// assembled). Neutral product register; full-width punctuation ，、。：（）and “” quotes; a half-width
// space sets off each inserted value (an id, a name, a number) from the Chinese text around it,
// never next to punctuation.

/** Who acted, then the rest of the sentence: "Ana Souza 更改了…". */
const WHO = '{{ actor }} ';

/** A noun and, when present, its value, before more Chinese text: "工作区 acme " or "工作区". */
const named = (noun: string, v: string) => `${noun}{% if ${v} != blank %} {{ ${v} }} {% endif %}`;
/** The same before punctuation: "工作区 acme" or "工作区". */
const last = (noun: string, v: string) => `${noun}{% if ${v} != blank %} {{ ${v} }}{% endif %}`;
/** A noun, its value and a note in brackets: "用户 usr_1（MEMBER）", "用户 usr_1 ", "用户（MEMBER）", "用户". */
const noted = (noun: string, v: string, when: string, note: string) =>
  `${noun}{% if ${v} != blank %} {{ ${v} }}{% endif %}{% if ${when} %}（${note}）{% elsif ${v} != blank %} {% endif %}`;

/** "在项目 P 中", else "在工作区 W 中", else nothing. */
const WHERE =
  '{% if project_key != blank %}在项目 {{ project_key }} 中{% elsif workspace_key != blank %}在工作区 {{ workspace_key }} 中{% endif %}';
/** "项目 P 的", else "工作区 W 的", else nothing. */
const OF_WHERE =
  '{% if project_key != blank %}项目 {{ project_key }} 的{% elsif workspace_key != blank %}工作区 {{ workspace_key }} 的{% endif %}';
const IN_WORKSPACE = '{% if workspace_key != blank %}在工作区 {{ workspace_key }} 中{% endif %}';
const OF_WORKSPACE = '{% if workspace_key != blank %}工作区 {{ workspace_key }} 的{% endif %}';
const REASON = '{% if reason != blank %}（原因：{{ reason }}）{% endif %}';

/** A list of names, joined the Chinese way: "a、b". */
const list = (v: string) => `{{ ${v} | join: '、' }}`;

const USER = named('用户', 'target_user');
/** How the change came about, before the verb: "通过代码托管平台同步". */
const VIA =
  "{% case source %}{% when 'codehost' %}通过代码托管平台同步{% when 'oidc' %}通过身份提供方同步{% when 'system' %}自动{% endcase %}";
const WITH_ROLE = '{% if new_role != blank %}，角色为 {{ new_role }}{% endif %}';
/** "将用户 U 在工作区 W 中的角色从 A 更改为 B", else "更改了用户 U 在工作区 W 中的角色". */
const roleChange = (scope: string) =>
  `{% if new_role != blank %}将${USER}在${scope}中的角色{% if old_role != blank %}从 {{ old_role }} {% endif %}更改为 {{ new_role }}` +
  `{% else %}更改了${USER}在${scope}中的角色{% endif %}`;
const REMOVED_USER = noted('用户', 'target_user', 'old_role != blank', '{{ old_role }}');

/** The mapping, before "项目映射": "将 X 映射到项目 P 的". */
const MAPPING =
  '{% if mapping.external_id != blank and mapping.project_key != blank %}将 {{ mapping.external_id }} 映射到项目 {{ mapping.project_key }} 的' +
  '{% elsif mapping.external_id != blank %} {{ mapping.external_id }} 的{% elsif mapping.project_key != blank %}映射到项目 {{ mapping.project_key }} 的{% endif %}';

const KIND =
  "{% case type %}{% when 'decision' %}决策{% when 'constraint' %}约束{% when 'goal' %}目标{% when 'problem' %}问题{% when 'active_work' %}进行中的工作{% when 'activity' %}活动{% when 'note' %}笔记{% when 'summary' %}摘要{% when 'caveat' %}注意事项{% else %}{{ type }}{% endcase %}";
const STATUS =
  "{% case status %}{% when 'draft' %}草稿{% when 'confirmed' %}已确认{% when 'rejected' %}已拒绝{% else %}{{ status }}{% endcase %}";
const MEMORY = last('记忆', 'memory_id');
const MASKED = '{% if redactions > 0 %}已隐藏 {{ redactions }} 处敏感信息。{% endif %}';

const IMPORT = last('导入任务', 'import_id');
const IMPORT_ = named('导入任务', 'import_id');
const SIZE =
  '{% if bytes < 1024 %}{{ bytes }} 字节{% elsif bytes < 1048576 %}{{ bytes | divided_by: 1024.0 | round: 1 }} KB{% else %}{{ bytes | divided_by: 1048576.0 | round: 1 }} MB{% endif %}';

/** The search, after "在…中": "搜索了“q”", else "进行了搜索". */
const SEARCHED = '{% if q != blank %}搜索了“{{ q }}”{% else %}进行了搜索{% endif %}';
/** How a search ended: "，找到 3 条结果。", "，未找到结果。". */
const FOUND =
  '{% if count != blank %}{% if count == 0 %}，未找到结果{% else %}，找到 {{ count }} 条结果{% endif %}{% endif %}。';

const PIPELINE =
  '{% if workflow != blank %}{{ workflow }}{% else %}CI{% endif %}{% if job != blank %} / {{ job }}{% endif %}';
/** Where it ran, opening the sentence: "仓库 acme/api 的 ". */
const RAN_IN =
  '{% if repository != blank %}仓库 {{ repository }} 的 {% elsif project_key != blank %}项目 {{ project_key }} 的 {% elsif workspace_key != blank %}工作区 {{ workspace_key }} 的 {% endif %}';
const SHA = '{{ sha | slice: 0, 7 }}';
const BUILT_FROM =
  '{% if branch != blank and sha != blank %}（分支 {{ branch }}，提交 ' +
  SHA +
  '）{% elsif branch != blank %}（分支 {{ branch }}）{% elsif sha != blank %}（提交 ' +
  SHA +
  '）{% endif %}';
const DETAILS = '{% if run_url != blank %}详情：{{ run_url }}{% endif %}';

const WORK_ITEM =
  '进行中的工作项{% if title != blank %}“{{ title }}”{% elsif item_id != blank %} {{ item_id }}{% endif %}';

/** Simplified Chinese. */
export const zh: BuiltInTemplates = {
  generic: `${WHO}${WHERE}执行了操作 {{ action }}。`,
  actions: {
    'user.created':
      `${WHO}{% if reason == 'first_start' %}在首次启动时{% endif %}{% if email != blank %}为 {{ email }} {% endif %}` +
      '创建了{% if is_admin == true %}服务器管理员账号{% else %}用户账号{% endif %}。',
    'api_key.created':
      `${WHO}创建了 API 密钥{% if label != blank %}“{{ label }}”{% endif %}{% if expires_at != blank %}（有效期至 {{ expires_at | date: '%Y年%-m月%-d日' }}）{% endif %}。` +
      "{% if delivery == 'one_time_link' %}该密钥将通过一次性链接交付。{% endif %}",
    'api_key.revoked':
      `${WHO}吊销了{% if authority == 'self' %}自己的一个{% elsif user_id != blank %}用户 {{ user_id }} 的一个{% else %}一个{% endif %}` +
      ' API 密钥{% if key_id != blank %}（{{ key_id }}）{% endif %}。',
    'api_key.reset':
      `${WHO}重置了{% if user_id != blank %}用户 {{ user_id }} 的{% else %}一位用户的{% endif %} API 密钥` +
      '{% if revoked_key_ids != blank %}，并吊销了 {{ revoked_key_ids.size }} 个原有密钥{% endif %}。' +
      "新密钥可通过链接领取一次{% if link_expires_at != blank %}，链接有效期至 {{ link_expires_at | date: '%Y年%-m月%-d日 %H:%M' }}（UTC）{% endif %}。",
    'api_key.one_time_view':
      '{% if key_id != blank %}API 密钥 {{ key_id }} 的{% else %}某个 API 密钥的{% endif %}一次性链接已被打开，现已失效。',
    'session.signed_in': `${WHO}登录了管理界面。`,
    'session.signed_out': `${WHO}退出了管理界面。`,
    'workspace.created': `${WHO}创建了${last('工作区', 'workspace_key')}{% if settings.name != blank and settings.name != workspace_key %}（{{ settings.name }}）{% endif %}。`,
    'workspace_settings.updated': `${WHO}更改了${named('工作区', 'workspace_key')}的设置{% if changed_fields != blank %}：${list('changed_fields')}{% endif %}${REASON}。`,
    'project.created': `${WHO}${IN_WORKSPACE}创建了${last('项目', 'project_key')}{% if name != blank %}（{{ name }}）{% endif %}。`,
    'access.workspace_member.added': `${WHO}${VIA}将${USER}添加到了${last('工作区', 'workspace_key')}${WITH_ROLE}。`,
    'access.workspace_member.role_changed': `${WHO}${VIA}${roleChange(named('工作区', 'workspace_key'))}。`,
    'access.workspace_member.removed': `${WHO}${VIA}将${REMOVED_USER}移出了${last('工作区', 'workspace_key')}。`,
    'access.project_member.added': `${WHO}${VIA}将${USER}添加到了${last('项目', 'project_key')}${WITH_ROLE}。`,
    'access.project_member.role_changed': `${WHO}${VIA}${roleChange(named('项目', 'project_key'))}。`,
    'access.project_member.removed': `${WHO}${VIA}将${REMOVED_USER}移出了${last('项目', 'project_key')}。`,
    'project_mapping.created': `${WHO}${IN_WORKSPACE}添加了${MAPPING}项目映射${REASON}。`,
    'project_mapping.updated': `${WHO}${IN_WORKSPACE}更改了{% if mapping.external_id != blank %} {{ mapping.external_id }} 的{% endif %}项目映射{% if changed_fields != blank %}：${list('changed_fields')}{% endif %}${REASON}。`,
    'project_mapping.deleted': `${WHO}${IN_WORKSPACE}删除了${MAPPING}项目映射${REASON}。`,
    'memory.created': `${WHO}${WHERE}保存了一条记忆{% if type != blank %}（${KIND}{% if status != blank %}、${STATUS}{% endif %}）{% endif %}。${MASKED}`,
    'memory.updated':
      `${WHO}{% if to_status == 'confirmed' %}确认了{% elsif to_status == 'rejected' %}拒绝了{% else %}更新了{% endif %}${OF_WHERE}${MEMORY}` +
      `{% if changed != blank %}{% if to_status == blank or changed.size > 1 %}（更改的字段：${list('changed')}）{% endif %}{% endif %}。${MASKED}`,
    'memory.deleted': `${WHO}删除了${OF_WHERE}${MEMORY}{% if type != blank %}（${KIND}）{% endif %}。`,
    'import.uploaded': `${WHO}${WHERE}上传了待导入的${last('文件', 'file_name')}{% if bytes != blank %}（${SIZE}）{% endif %}。`,
    'import.parsed': `${WHO}解析了${OF_WHERE}${IMPORT}{% if stats.sessions != blank and stats.messages != blank %}，共 {{ stats.sessions }} 个会话、{{ stats.messages }} 条消息{% endif %}。`,
    'import.extracted': `${WHO}从${OF_WHERE}${IMPORT_}中提取了候选记忆{% if stats.staged != blank %}，其中 {{ stats.staged }} 条待审核{% endif %}。`,
    'import.committed':
      `${WHO}提交了${OF_WHERE}${IMPORT}` +
      "{% if stats.memories_created != blank %}，新建了 {{ stats.memories_created }} 条{% if status == 'confirmed' %}已确认的{% else %}草稿{% endif %}记忆" +
      '{% if stats.linked_existing > 0 %}，另有 {{ stats.linked_existing }} 条关联到已有记忆{% endif %}{% endif %}。',
    'import.failed':
      `${OF_WHERE}${IMPORT_}` +
      "{% case step %}{% when 'parse' %}在解析时{% when 'extract' %}在提取候选记忆时{% when 'commit' %}在提交时{% endcase %}失败" +
      '{% if error != blank %}（错误：{{ error }}）{% endif %}。',
    'import.staged_updated': `${WHO}编辑了${OF_WHERE}${IMPORT_}中的一条候选记忆{% if changed != blank %}（更改的字段：${list('changed')}）{% endif %}。`,
    'import.staged_selected': `${WHO}{% if selected == false %}取消选择了{% else %}选择了{% endif %}${OF_WHERE}${IMPORT_}中的{% if changed != blank %} {{ changed }} 条{% endif %}候选记忆{% if types != blank %}（类型：${list('types')}）{% endif %}。{% if already_committed > 0 %}已提交的 {{ already_committed }} 条保持不变。{% endif %}`,
    'import.expired': `${OF_WHERE}${named('导入任务', 'file_name')}因超过{% if retention_hours != blank %} {{ retention_hours }} 小时的{% endif %}保留期限而被删除。`,
    'import.deleted': `${WHO}删除了${OF_WHERE}${last('导入任务', 'file_name')}{% if raw_messages != blank %}{% if file_name != blank %} {% endif %}及其 {{ raw_messages }} 条原始消息{% endif %}。`,
    'raw.search': `${WHO}在${OF_WHERE}原始会话中${SEARCHED}${FOUND}`,
    'raw.view': `${WHO}查看了${OF_WHERE}${last('原始消息', 'message_id')}。`,
    'integration.delivery_retried': `${WHO}${IN_WORKSPACE}重新发送了一条发送失败的{% if integration != blank %} {{ integration }} {% endif %}通知${REASON}。`,
    'integration.outbound_policy_updated':
      `${WHO}${IN_WORKSPACE}更改了{% if integration_type != blank %} {{ integration_type }} 集成{% else %}某个集成{% endif %}的消息设置` +
      `{% if changed_templates != blank %}：模板 ${list('changed_templates')}{% endif %}${REASON}。`,
    'integration.updated':
      `${WHO}${IN_WORKSPACE}` +
      "{% if changed_fields contains 'enabled' %}{% if enabled == true %}启用了{% else %}停用了{% endif %}{% else %}更新了{% endif %}" +
      "{% if provider == 'tracker' %}问题跟踪系统集成{% elsif provider == 'wiki' %} Wiki 集成{% elsif provider != blank %} {{ provider }} 集成{% else %}一个集成{% endif %}" +
      `${REASON}。`,
    'tracker.search': `${WHO}在${OF_WORKSPACE}问题跟踪系统中${SEARCHED}${FOUND}`,
    'tracker.read': `${WHO}查看了${OF_WORKSPACE}问题跟踪系统中的${last('问题', 'issue_key')}。`,
    'wiki.search': `${WHO}在${OF_WORKSPACE} Wiki 中${SEARCHED}${FOUND}`,
    'wiki.read': `${WHO}查看了${OF_WORKSPACE} ${last('Wiki 页面', 'page_id')}。`,
    'ci.success': `${RAN_IN}${PIPELINE} 运行成功${BUILT_FROM}。${DETAILS}`,
    'ci.failure': `${RAN_IN}${PIPELINE} 运行失败${BUILT_FROM}。{% if message != blank %}摘要：{{ message }}。{% endif %}${DETAILS}`,
    'active_work.manual_confirm': `${WHO}确认了${OF_WHERE}${WORK_ITEM}${REASON}。`,
    'active_work.manual_close': `${WHO}关闭了${OF_WHERE}${WORK_ITEM}${REASON}。`,
    'active_work.manual_reopen': `${WHO}重新打开了${OF_WHERE}${WORK_ITEM}${REASON}。`,
    'git.commit': `${WHO}${WHERE}{% if branch != blank %}向分支 {{ branch }} {% endif %}提交了{% if sha != blank %} {{ sha | slice: 0, 7 }}{% else %}代码{% endif %}{% if subject != blank %}：“{{ subject }}”{% endif %}。`,
    'git.merge': `${WHO}${WHERE}{% if branch != blank %}合并到了分支 {{ branch }}{% else %}完成了合并{% endif %}{% if sha != blank %}（{{ sha | slice: 0, 7 }}）{% endif %}{% if subject != blank %}：“{{ subject }}”{% endif %}。`,
    'codehost.installation.connected':
      `${WHO}将{% if account != blank %} {{ account }} 的{% endif %}代码托管平台应用安装{% if installation_id != blank %}（{{ installation_id }}）{% endif %}` +
      `关联到了${last('工作区', 'workspace_key')}。`,
    'codehost.repos.synced':
      `${WHO}${IN_WORKSPACE}从代码托管平台同步了仓库` +
      '{% if added != blank and updated != blank and deactivated != blank %}：新增 {{ added }} 个，更新 {{ updated }} 个，停用 {{ deactivated }} 个{% endif %}' +
      '{% if total != blank %}（当前共有 {{ total }} 个活跃仓库）{% endif %}。',
    'codehost.repos.sync_failed': `${IN_WORKSPACE}从代码托管平台同步仓库失败{% if error != blank %}：{{ error }}{% endif %}。未做任何更改。`,
    'codehost.permissions.synced': `${WHO}${IN_WORKSPACE}将项目成员与代码托管平台的权限同步{% if added != blank and changed != blank and removed != blank %}：新增 {{ added }} 个，变更 {{ changed }} 个，移除 {{ removed }} 个{% endif %}{% if skipped_unknown != blank and skipped_unknown > 0 %}（跳过 ctxhub 中不存在的 {{ skipped_unknown }} 个用户）{% endif %}。`,
    'codehost.installation.removed': `${IN_WORKSPACE}代码托管应用已被卸载{% if account != blank %}（账户 {{ account }}）{% endif %}{% if deactivated != blank %}，停用了 {{ deactivated }} 个仓库关联{% endif %}。`,
    'codehost.installation.suspended': `${IN_WORKSPACE}代码托管平台暂停了应用{% if account != blank %}（账户 {{ account }}）{% endif %}，恢复之前不会同步。`,
    'codehost.installation.unsuspended': `${IN_WORKSPACE}代码托管平台恢复了应用{% if account != blank %}（账户 {{ account }}）{% endif %}，同步将重新运行。`,
    'user.codehost_login_set': `${WHO}{% if codehost_login != blank %}将{% if user_id != blank %} {{ user_id }} 的{% endif %}代码托管平台登录名设为 {{ codehost_login }}{% else %}清除了{% if user_id != blank %} {{ user_id }} 的{% endif %}代码托管平台登录名{% endif %}。`,
    'codehost.role_mapping.updated': `${WHO}${IN_WORKSPACE}更改了代码托管平台权限与项目角色的对应关系。`,
  },
};
