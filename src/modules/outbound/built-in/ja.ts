import type { BuiltInTemplates } from './template-set.ts';

// Pieces shared by the Japanese templates below (each template is one string once assembled).
// Polite past (〜しました). Full-width punctuation 、。：（）「」; a half-width space sets off each
// inserted value (an id, a name, a number) from the Japanese text around it, never next to
// full-width punctuation. The actor takes さん when a person acted (actor_email is set), not
// when the server did ("ctxhub が").

/** "Ana Souza さんが", or "ctxhub が" when the server acted. */
const WHO = '{{ actor }} {% if actor_email != blank %}さん{% endif %}が';

/** A noun and, when present, its value, ready for a particle: "ワークスペース acme " or "ワークスペース". */
const named = (noun: string, v: string) => `${noun}{% if ${v} != blank %} {{ ${v} }} {% endif %}`;
/** The same with a note in brackets: "メモリ mem_1（決定事項）", "メモリ mem_1 ", "メモリ（決定事項）", "メモリ". */
const noted = (noun: string, v: string, when: string, note: string) =>
  `${noun}{% if ${v} != blank %} {{ ${v} }}{% endif %}{% if ${when} %}（${note}）{% elsif ${v} != blank %} {% endif %}`;

/** "プロジェクト P で", else "ワークスペース W で", else nothing. */
const WHERE =
  '{% if project_key != blank %}プロジェクト {{ project_key }} で{% elsif workspace_key != blank %}ワークスペース {{ workspace_key }} で{% endif %}';
/** The same with の: "プロジェクト P の". */
const OF_WHERE =
  '{% if project_key != blank %}プロジェクト {{ project_key }} の{% elsif workspace_key != blank %}ワークスペース {{ workspace_key }} の{% endif %}';
const IN_WORKSPACE = '{% if workspace_key != blank %}ワークスペース {{ workspace_key }} で{% endif %}';
const OF_WORKSPACE = '{% if workspace_key != blank %}ワークスペース {{ workspace_key }} の{% endif %}';
const WORKSPACE = named('ワークスペース', 'workspace_key');
const PROJECT = named('プロジェクト', 'project_key');
const REASON = '{% if reason != blank %}（理由：{{ reason }}）{% endif %}';

/** A list of names, joined the Japanese way: "a、b". */
const list = (v: string) => `{{ ${v} | join: '、' }}`;

const USER = named('ユーザー', 'target_user');
/** How the change came about, after the subject: "コードホスティングサービスとの同期により". */
const VIA =
  "{% case source %}{% when 'codehost' %}コードホスティングサービスとの同期により{% when 'oidc' %} ID プロバイダーとの同期により{% when 'system' %}自動で{% endcase %}";
const WITH_ROLE = '{% if new_role != blank %} {{ new_role }} ロールで{% endif %}';
const ROLE_CHANGE =
  '{% if old_role != blank and new_role != blank %} {{ old_role }} から {{ new_role }} に{% elsif new_role != blank %} {{ new_role }} に{% endif %}';
const OLD_ROLE = '{% if old_role != blank %}（ロール：{{ old_role }}）{% endif %}';

/** The mapping as a phrase before "プロジェクトマッピング": " X をプロジェクト P に対応付ける". */
const MAPPING =
  '{% if mapping.external_id != blank and mapping.project_key != blank %} {{ mapping.external_id }} をプロジェクト {{ mapping.project_key }} に対応付ける' +
  '{% elsif mapping.external_id != blank %} {{ mapping.external_id }} の{% elsif mapping.project_key != blank %}プロジェクト {{ mapping.project_key }} への{% endif %}';

const KIND =
  "{% case type %}{% when 'decision' %}決定事項{% when 'constraint' %}制約{% when 'goal' %}目標{% when 'problem' %}問題{% when 'active_work' %}進行中の作業{% when 'activity' %}アクティビティ{% when 'note' %}メモ{% when 'summary' %}要約{% when 'caveat' %}注意事項{% else %}{{ type }}{% endcase %}";
const STATUS =
  "{% case status %}{% when 'draft' %}下書き{% when 'confirmed' %}確定{% when 'rejected' %}却下{% else %}{{ status }}{% endcase %}";
const MEMORY = named('メモリ', 'memory_id');
const MASKED = '{% if redactions > 0 %}機密情報 {{ redactions }} 件をマスクしました。{% endif %}';

const IMPORT = named('インポート', 'import_id');
const SIZE =
  '{% if bytes < 1024 %}{{ bytes }} バイト{% elsif bytes < 1048576 %}{{ bytes | divided_by: 1024.0 | round: 1 }} KB{% else %}{{ bytes | divided_by: 1048576.0 | round: 1 }} MB{% endif %}';

/** The search text, before 検索: "「q」で". */
const QUERY = '{% if q != blank %}「{{ q }}」で{% endif %}';
/** How a search ended, after 検索: "し、3 件見つかりました。", "しましたが、該当はありませんでした。". */
const FOUND =
  '{% if count != blank %}{% if count == 0 %}しましたが、該当はありませんでした{% else %}し、{{ count }} 件見つかりました{% endif %}{% else %}しました{% endif %}。';

const PIPELINE =
  '{% if workflow != blank %}{{ workflow }}{% else %}CI{% endif %}{% if job != blank %} / {{ job }}{% endif %}';
/** Where it ran, after が: " acme/api で". */
const RAN_IN =
  '{% if repository != blank %} {{ repository }} で{% elsif project_key != blank %}プロジェクト {{ project_key }} で{% elsif workspace_key != blank %}ワークスペース {{ workspace_key }} で{% endif %}';
const SHA = '{{ sha | slice: 0, 7 }}';
const BUILT_FROM =
  '{% if branch != blank and sha != blank %}（ブランチ {{ branch }}、コミット ' +
  SHA +
  '）{% elsif branch != blank %}（ブランチ {{ branch }}）{% elsif sha != blank %}（コミット ' +
  SHA +
  '）{% endif %}';
const DETAILS = '{% if run_url != blank %}詳細：{{ run_url }}{% endif %}';

const WORK_ITEM =
  '{% if title != blank %}進行中の作業「{{ title }}」{% elsif item_id != blank %}進行中の作業 {{ item_id }} {% else %}進行中の作業{% endif %}';

/** Japanese. */
export const ja: BuiltInTemplates = {
  generic: `${WHO}${WHERE}アクション {{ action }} を実行しました。`,
  actions: {
    'user.created':
      `${WHO}{% if reason == 'first_start' %}初回起動時に{% endif %}{% if email != blank %} {{ email }} の{% endif %}` +
      '{% if is_admin == true %}サーバー管理者アカウント{% else %}ユーザーアカウント{% endif %}を作成しました。',
    'api_key.created':
      `${WHO} API キー{% if label != blank %}「{{ label }}」{% endif %}{% if expires_at != blank %}（有効期限：{{ expires_at | date: '%Y年%-m月%-d日' }}）{% endif %}を作成しました。` +
      "{% if delivery == 'one_time_link' %}キーはワンタイムリンクで受け渡されます。{% endif %}",
    'api_key.revoked':
      `${WHO}{% if authority == 'self' %}自身の{% elsif user_id != blank %}ユーザー {{ user_id }} の{% endif %}` +
      ' API キー{% if key_id != blank %}（{{ key_id }}）{% endif %}を無効化しました。',
    'api_key.reset':
      `${WHO}{% if user_id != blank %}ユーザー {{ user_id }} の{% else %}ユーザーの{% endif %} API キーをリセット` +
      '{% if revoked_key_ids != blank %}し、既存のキー {{ revoked_key_ids.size }} 件を無効化{% endif %}しました。' +
      "新しいキーはリンクから一度だけ受け取れます{% if link_expires_at != blank %}（リンクの有効期限：{{ link_expires_at | date: '%Y年%-m月%-d日 %H:%M' }} UTC）{% endif %}。",
    'api_key.one_time_view':
      'API キー{% if key_id != blank %} {{ key_id }} {% endif %}のワンタイムリンクが開かれたため、このリンクは使用できなくなりました。',
    'session.signed_in': `${WHO}管理画面にログインしました。`,
    'session.signed_out': `${WHO}管理画面からログアウトしました。`,
    'workspace.created': `${WHO}${noted('ワークスペース', 'workspace_key', 'settings.name != blank and settings.name != workspace_key', '{{ settings.name }}')}を作成しました。`,
    'workspace_settings.updated': `${WHO}${WORKSPACE}の設定{% if changed_fields != blank %}（${list('changed_fields')}）{% endif %}を変更しました${REASON}。`,
    'project.created': `${WHO}${IN_WORKSPACE}${noted('プロジェクト', 'project_key', 'name != blank', '{{ name }}')}を作成しました。`,
    'access.workspace_member.added': `${WHO}${VIA}${USER}を${WORKSPACE}に${WITH_ROLE}追加しました。`,
    'access.workspace_member.role_changed': `${WHO}${VIA}${WORKSPACE}での${USER}のロールを${ROLE_CHANGE}変更しました。`,
    'access.workspace_member.removed': `${WHO}${VIA}${WORKSPACE}から${USER}を削除しました${OLD_ROLE}。`,
    'access.project_member.added': `${WHO}${VIA}${USER}を${PROJECT}に${WITH_ROLE}追加しました。`,
    'access.project_member.role_changed': `${WHO}${VIA}${PROJECT}での${USER}のロールを${ROLE_CHANGE}変更しました。`,
    'access.project_member.removed': `${WHO}${VIA}${PROJECT}から${USER}を削除しました${OLD_ROLE}。`,
    'project_mapping.created': `${WHO}${IN_WORKSPACE}${MAPPING}プロジェクトマッピングを追加しました${REASON}。`,
    'project_mapping.updated': `${WHO}${IN_WORKSPACE}{% if mapping.external_id != blank %} {{ mapping.external_id }} の{% endif %}プロジェクトマッピング{% if changed_fields != blank %}の ${list('changed_fields')} {% endif %}を変更しました${REASON}。`,
    'project_mapping.deleted': `${WHO}${IN_WORKSPACE}${MAPPING}プロジェクトマッピングを削除しました${REASON}。`,
    'memory.created': `${WHO}${WHERE}メモリ{% if type != blank %}（${KIND}{% if status != blank %}、${STATUS}{% endif %}）{% endif %}を保存しました。${MASKED}`,
    'memory.updated':
      `${WHO}${OF_WHERE}${MEMORY}を` +
      "{% if to_status == 'confirmed' %}確定しました{% elsif to_status == 'rejected' %}却下しました{% else %}更新しました{% endif %}" +
      `{% if changed != blank %}{% if to_status == blank or changed.size > 1 %}（変更項目：${list('changed')}）{% endif %}{% endif %}。${MASKED}`,
    'memory.deleted': `${WHO}${OF_WHERE}${noted('メモリ', 'memory_id', 'type != blank', KIND)}を削除しました。`,
    'import.uploaded': `${WHO}${WHERE}インポート用に${noted('ファイル', 'file_name', 'bytes != blank', SIZE)}をアップロードしました。`,
    'import.parsed':
      `${WHO}${OF_WHERE}${IMPORT}を解析し` +
      '{% if stats.sessions != blank and stats.messages != blank %}、セッション {{ stats.sessions }} 件とメッセージ {{ stats.messages }} 件を取り込み{% endif %}ました。',
    'import.extracted': `${WHO}${OF_WHERE}${IMPORT}からメモリ候補を抽出しました。{% if stats.staged != blank %}{{ stats.staged }} 件がレビュー待ちです。{% endif %}`,
    'import.committed':
      `${WHO}${OF_WHERE}${IMPORT}を確定し` +
      "{% if stats.memories_created != blank %}、{% if status == 'confirmed' %}確定済み{% else %}下書き{% endif %}のメモリを {{ stats.memories_created }} 件作成し" +
      '{% if stats.linked_existing > 0 %}、既存のメモリ {{ stats.linked_existing }} 件を関連付け{% endif %}{% endif %}ました。',
    'import.failed':
      `${OF_WHERE}${IMPORT}` +
      "{% case step %}{% when 'parse' %}の解析に{% when 'extract' %}からのメモリ候補の抽出に{% when 'commit' %}の確定に{% else %}が{% endcase %}失敗しました" +
      '{% if error != blank %}（エラー：{{ error }}）{% endif %}。',
    'import.staged_updated': `${WHO}${OF_WHERE}${IMPORT}のメモリ候補を編集しました{% if changed != blank %}（変更項目：${list('changed')}）{% endif %}。`,
    'import.staged_selected': `${WHO}${OF_WHERE}${IMPORT}のメモリ候補{% if changed != blank %} {{ changed }} 件{% endif %}を{% if selected == false %}選択解除{% else %}確定対象に選択{% endif %}しました{% if types != blank %}（種類：${list('types')}）{% endif %}。{% if already_committed > 0 %}確定済みの {{ already_committed }} 件は変更していません。{% endif %}`,
    'import.expired': `${OF_WHERE}${named('インポート', 'file_name')}は保存期間{% if retention_hours != blank %}（{{ retention_hours }} 時間）{% endif %}を過ぎたため削除されました。`,
    'import.deleted': `${WHO}${OF_WHERE}${named('インポート', 'file_name')}を{% if raw_messages != blank %}生メッセージ {{ raw_messages }} 件とともに{% endif %}削除しました。`,
    'raw.search': `${WHO}${OF_WHERE}生セッションを${QUERY}検索${FOUND}`,
    'raw.view': `${WHO}${OF_WHERE}${named('生メッセージ', 'message_id')}を閲覧しました。`,
    'integration.delivery_retried': `${WHO}${IN_WORKSPACE}送信に失敗した{% if integration != blank %} {{ integration }} の{% endif %}通知を再送しました${REASON}。`,
    'integration.outbound_policy_updated':
      `${WHO}${IN_WORKSPACE}{% if integration_type != blank %} {{ integration_type }} の{% else %}連携の{% endif %}メッセージ設定` +
      `{% if changed_templates != blank %}（テンプレート：${list('changed_templates')}）{% endif %}を変更しました${REASON}。`,
    'integration.updated':
      `${WHO}${IN_WORKSPACE}` +
      "{% if provider == 'tracker' %}イシュートラッカー連携{% elsif provider == 'wiki' %} Wiki 連携{% elsif provider != blank %} {{ provider }} 連携{% else %}連携{% endif %}を" +
      "{% if changed_fields contains 'enabled' %}{% if enabled == true %}有効にしました{% else %}無効にしました{% endif %}{% else %}更新しました{% endif %}" +
      `${REASON}。`,
    'tracker.search': `${WHO}${OF_WORKSPACE}イシュートラッカーを${QUERY}検索${FOUND}`,
    'tracker.read': `${WHO}${OF_WORKSPACE}イシュートラッカーの${named('イシュー', 'issue_key')}を閲覧しました。`,
    'wiki.search': `${WHO}${OF_WORKSPACE} Wiki を${QUERY}検索${FOUND}`,
    'wiki.read': `${WHO}${OF_WORKSPACE} ${named('Wiki ページ', 'page_id')}を閲覧しました。`,
    'ci.success': `${PIPELINE} が${RAN_IN}成功しました${BUILT_FROM}。${DETAILS}`,
    'ci.failure': `${PIPELINE} が${RAN_IN}失敗しました${BUILT_FROM}。{% if message != blank %}概要：{{ message }}。{% endif %}${DETAILS}`,
    'active_work.manual_confirm': `${WHO}${OF_WHERE}${WORK_ITEM}を確認しました${REASON}。`,
    'active_work.manual_close': `${WHO}${OF_WHERE}${WORK_ITEM}を完了にしました${REASON}。`,
    'active_work.manual_reopen': `${WHO}${OF_WHERE}${WORK_ITEM}を再開しました${REASON}。`,
    'git.commit': `${WHO}${WHERE}{% if branch != blank %}ブランチ {{ branch }} に{% endif %}コミット{% if sha != blank %} {{ sha | slice: 0, 7 }} {% endif %}を作成しました{% if subject != blank %}（「{{ subject }}」）{% endif %}。`,
    'git.merge': `${WHO}${WHERE}{% if branch != blank %}ブランチ {{ branch }} に{% endif %}マージしました{% if sha != blank %}（{{ sha | slice: 0, 7 }}）{% endif %}{% if subject != blank %}（「{{ subject }}」）{% endif %}。`,
    'codehost.installation.connected':
      `${WHO}{% if account != blank %} {{ account }} の{% endif %}コードホスティングサービスのインストール{% if installation_id != blank %}（{{ installation_id }}）{% endif %}を` +
      '{% if workspace_key != blank %}ワークスペース {{ workspace_key }} に{% endif %}接続しました。',
    'codehost.repos.synced':
      `${WHO}${IN_WORKSPACE}コードホスティングサービスからリポジトリを同期しました` +
      '{% if added != blank and updated != blank and deactivated != blank %}（追加 {{ added }} 件、更新 {{ updated }} 件、無効化 {{ deactivated }} 件）{% endif %}。' +
      '{% if total != blank %}有効なリポジトリは {{ total }} 件です。{% endif %}',
    'codehost.repos.sync_failed': `${IN_WORKSPACE}コードホスティングサービスからのリポジトリ同期に失敗しました{% if error != blank %}（{{ error }}）{% endif %}。何も変更されていません。`,
    'codehost.permissions.synced': `${WHO}${IN_WORKSPACE}プロジェクトメンバーをコードホスティングサービスの権限と同期しました{% if added != blank and changed != blank and removed != blank %}（追加 {{ added }} 件、変更 {{ changed }} 件、削除 {{ removed }} 件）{% endif %}。{% if skipped_unknown != blank and skipped_unknown > 0 %}ctxhub に存在しないユーザー {{ skipped_unknown }} 件はスキップしました。{% endif %}`,
    'codehost.installation.removed': `${IN_WORKSPACE}コードホスティングサービスのアプリが{% if account != blank %} {{ account }} から{% endif %}アンインストールされました{% if deactivated != blank %}（リポジトリ連携 {{ deactivated }} 件を無効化）{% endif %}。`,
    'codehost.installation.suspended': `${IN_WORKSPACE}コードホスティングサービスがアプリ{% if account != blank %}（{{ account }}）{% endif %}を一時停止しました。再開されるまで同期は行われません。`,
    'codehost.installation.unsuspended': `${IN_WORKSPACE}コードホスティングサービスがアプリ{% if account != blank %}（{{ account }}）{% endif %}の一時停止を解除しました。同期を再開します。`,
    'user.codehost_login_set': `${WHO}{% if user_id != blank %} {{ user_id }} の{% endif %}コードホスティングサービスのログインを{% if codehost_login != blank %} {{ codehost_login }} に設定しました{% else %}削除しました{% endif %}。`,
    'codehost.role_mapping.updated': `${WHO}${IN_WORKSPACE}コードホスティングサービスの権限とプロジェクトロールの対応を変更しました。`,
  },
};
