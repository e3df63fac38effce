import { Liquid } from 'liquidjs';
import { describe, expect, it } from 'vitest';
import {
  ACTION_CATALOGUE,
  ACTION_KEYS,
  COMMON_VARIABLES,
  type ActionKey,
  type CatalogueAction,
  type CatalogueVariable,
} from './action-catalogue.ts';
import {
  BUILT_IN,
  builtInTemplate,
  type BuiltInLocale,
  type BuiltInTemplates,
} from './built-in/built-in-templates.ts';
import { renderTemplate, templateProblem } from './liquid-template.ts';
import { MAX_RENDERED_CHARS, MAX_TEMPLATE_CHARS } from './liquid-template.ts';

const examples = (variables: Record<string, CatalogueVariable>, keep = (_v: CatalogueVariable) => true) =>
  Object.fromEntries(
    Object.entries(variables)
      .filter(([, v]) => keep(v))
      .map(([name, v]) => [name, v.example]),
  );

const common = examples(COMMON_VARIABLES);
const own = (key: ActionKey): CatalogueAction['variables'] => ACTION_CATALOGUE[key].variables;

/** The variables a notification may come with: everything, or some of it missing, empty or null. */
const SCENARIOS: Record<string, (key: ActionKey) => Record<string, unknown>> = {
  'every variable': (key) => ({ ...common, action: key, ...examples(own(key)) }),
  "the action's own variables missing": (key) => ({ ...common, action: key }),
  'the optional ones null': (key) => ({
    ...common,
    action: key,
    ...examples(own(key)),
    ...Object.fromEntries(
      Object.entries(own(key)).flatMap(([name, v]) => (v.optional ? [[name, null]] : [])),
    ),
  }),
  'the required ones only, server-level (no workspace, project, e-mail or target)': (key) => ({
    ...common,
    action: key,
    workspace_key: '',
    project_key: '',
    actor_email: '',
    target_id: '',
    ...examples(own(key), (v) => !v.optional),
  }),
  'nothing but the action and the actor': (key) => ({ action: key, actor: 'ctxhub' }),
};

/** What would show in a chat message as a rendering fault, in any script. */
const COMMON_FAULTS: [string, RegExp][] = [
  ['empty', /^\s*$/],
  ['Liquid left over', /\{\{|\{%|%\}|\}\}/],
  ['a missing value printed', /undefined|\bnull\b|\[object Object\]|NaN/],
  ['a doubled space', / {2}/],
  ['a space before punctuation', / [.,;:!?)]/],
  ['a space after an opening bracket', /\( /],
  ['empty brackets or quotes', /\(\s*\)|“\s*”|«\s*»|„\s*“/],
  ['dangling punctuation', /[,;:]\s*[.,;:)]|\.\.|,$|:$|;$/],
  ['whitespace at an end', /^\s|\s$/],
  ['a line break', /\n/],
];

const HAN_KANA = '\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}ー';
const FULL_WIDTH = '、。，：；！？（）「」『』“”';
const cjk = (pattern: string) => new RegExp(pattern, 'u');

/**
 * Japanese and Chinese: words are not spaced and punctuation is full-width; a half-width space
 * only sets off a Latin value (an id, a name, a number) from the text around it.
 */
const CJK_FAULTS: [string, RegExp][] = [
  ['a space between two CJK characters', cjk(`[${HAN_KANA}] [${HAN_KANA}]`)],
  ['a space next to full-width punctuation', cjk(`[${FULL_WIDTH}] | [${FULL_WIDTH}]`)],
  ['Latin text run into CJK text', cjk(`[A-Za-z][${HAN_KANA}]|[${HAN_KANA}][A-Za-z]`)],
  ['half-width punctuation in CJK text', cjk(`[${HAN_KANA}][,.:;!?()]|\\([${HAN_KANA}]`)],
  ['empty full-width brackets or quotes', /（\s*）|「\s*」|『\s*』/],
  [
    'dangling full-width punctuation',
    /[、，：；]\s*[。、，：；）」]|[（「“][、，：；。]|。。|^[、。，：；）]|[、，：；]$/,
  ],
];

/** Faults of one language's own (on top of the common ones). */
const LANGUAGE_FAULTS: Partial<Record<BuiltInLocale, [string, RegExp][]>> = {
  ja: [...CJK_FAULTS, ['a particle with nothing before it', /(^|[（「、。：])[がをにではへとのも]/u]],
  zh: CJK_FAULTS,
  ko: [
    // A particle is written onto the word before it: standing alone, it lost that word.
    [
      'a particle standing alone',
      /(^|\s)(?:을|를|이|가|은|는|의|에|에서|에게|으로|로|와|과|도)(?=[\s.,:;)]|$)/u,
    ],
    ['full-width punctuation in Korean text', /[、。，：；！？（）「」]/],
  ],
};

function faults(text: string, locale: BuiltInLocale = 'en'): string[] {
  const checks = [...COMMON_FAULTS, ...(LANGUAGE_FAULTS[locale] ?? [])];
  return checks.filter(([, re]) => re.test(text)).map(([what]) => what);
}

const locales = Object.entries(BUILT_IN) as [BuiltInLocale, BuiltInTemplates][];
/** Static analysis only (which variables a template reads); rendering goes through renderTemplate. */
const analysis = new Liquid();

describe('the action catalogue', () => {
  it('describes every action and every variable, with an example', () => {
    expect(ACTION_KEYS.length).toBe(Object.keys(ACTION_CATALOGUE).length);
    for (const key of ACTION_KEYS) {
      const action = ACTION_CATALOGUE[key];
      expect(action.description, key).not.toBe('');
      for (const [name, v] of Object.entries(action.variables)) {
        expect(v.description, `${key} ${name}`).not.toBe('');
        expect(v.example, `${key} ${name}`).not.toBeUndefined();
        expect(v.example, `${key} ${name}`).not.toBeNull();
        expect(Object.hasOwn(COMMON_VARIABLES, name), `${key} ${name} repeats a common variable`).toBe(false);
      }
    }
  });

  it('lists the access actions and the ones later features will write', () => {
    for (const scope of ['workspace_member', 'project_member'])
      for (const verb of ['added', 'role_changed', 'removed'])
        expect(ACTION_KEYS).toContain(`access.${scope}.${verb}`);
    expect(ACTION_KEYS).toEqual(
      expect.arrayContaining([
        'ci.success',
        'ci.failure',
        'active_work.manual_reopen',
        'codehost.repos.synced',
      ]),
    );
  });
});

describe('the rendering check', () => {
  it('spots what a missing variable leaves behind', () => {
    for (const bad of [
      'Ana searched  for x.',
      'Ana searched for “” in project api.',
      'Ana opened raw message .',
      'Ana changed the settings: .',
      'Ana found undefined results.',
      'Ana read {{ page }}.',
      ' Ana signed in.',
    ])
      expect(faults(bad), bad).not.toEqual([]);
    expect(faults('Ana Souza a recherché « q » dans le wiki\u00a0: 3 résultats.')).toEqual([]);
  });

  it('spots what a missing variable leaves behind in CJK text', () => {
    const bad: [BuiltInLocale, string][] = [
      ['ja', 'Ana Souza さんがワークスペース の設定を変更しました。'],
      ['ja', 'Ana Souza さんがワークスペースacme の設定を変更しました。'],
      ['ja', 'Ana Souza さんが生セッションを「」で検索しました。'],
      ['ja', 'Ana Souza さんが設定を変更しました（理由： ）。'],
      ['ja', 'Ana Souza さんが設定を変更しました.'],
      ['ja', 'Ana Souza さんが、を削除しました。'],
      ['ja', 'をマスクしました。'],
      ['ko', 'Ana Souza 님이  워크스페이스의 설정을 변경했습니다.'],
      ['ko', 'Ana Souza 님이 워크스페이스 의 설정을 변경했습니다.'],
      ['ko', 'Ana Souza 님이 를 삭제했습니다.'],
      ['ko', 'Ana Souza 님이 설정을 변경했습니다。'],
      ['zh', 'Ana Souza 更改了工作区 的设置。'],
      ['zh', 'Ana Souza 更改了工作区acme 的设置。'],
      ['zh', 'Ana Souza 更改了工作区 acme 的设置： 。'],
      ['zh', 'Ana Souza 更改了工作区 acme 的设置：。'],
      ['zh', 'Ana Souza 在原始会话中搜索了“”，找到 3 条结果。'],
      ['zh', 'Ana Souza 保存了一条记忆（）。'],
    ];
    for (const [locale, text] of bad) expect(faults(text, locale), `${locale}: ${text}`).not.toEqual([]);
    for (const [locale, text] of [
      ['ja', 'Ana Souza さんがワークスペース acme の設定（a、b）を変更しました（理由：house style）。'],
      ['ja', 'ctxhub がユーザー usr_1 をワークスペース acme に ADMIN ロールで追加しました。'],
      ['ko', 'Ana Souza 님이 acme 워크스페이스의 a, b 설정을 변경했습니다(사유: house style).'],
      ['zh', 'Ana Souza 更改了工作区 acme 的设置：a、b（原因：house style）。'],
    ] as [BuiltInLocale, string][])
      expect(faults(text, locale), `${locale}: ${text}`).toEqual([]);
  });
});

describe.each(locales)('built-in templates (%s)', (locale, templates) => {
  it('has a template for every action, and none for other keys', () => {
    expect(Object.keys(templates.actions).sort()).toEqual([...ACTION_KEYS].sort());
  });

  it.each(ACTION_KEYS)('%s parses and uses only its variables', (key) => {
    const source = templates.actions[key];
    expect(source.trim()).not.toBe('');
    expect(source.length).toBeLessThan(MAX_TEMPLATE_CHARS / 4);
    expect(templateProblem(source)).toBeNull();
    const known = [...Object.keys(COMMON_VARIABLES), ...Object.keys(own(key))];
    expect(analysis.globalVariablesSync(source).filter((name) => !known.includes(name))).toEqual([]);
  });

  it.each(ACTION_KEYS)('%s renders clean text, whatever variables are missing', async (key) => {
    for (const [scenario, variables] of Object.entries(SCENARIOS)) {
      const text = renderTemplate(templates.actions[key], variables(key));
      expect(text.length, 'a chat line, never clipped').toBeLessThan(Math.min(MAX_RENDERED_CHARS, 400));
      expect({ scenario, text, faults: faults(text, locale) }).toEqual({ scenario, text, faults: [] });
    }
  });

  it('renders an action it has no template for with the generic text, naming the action', async () => {
    expect(templateProblem(templates.generic)).toBeNull();
    expect(
      analysis.globalVariablesSync(templates.generic).filter((n) => !Object.hasOwn(COMMON_VARIABLES, n)),
    ).toEqual([]);
    for (const action of ['git.push', 'constructor', '__proto__', 'toString', 'memory']) {
      expect(builtInTemplate(templates, action)).toBe(templates.generic);
      for (const variables of [
        { ...common, action },
        { ...common, action, workspace_key: '', project_key: '' },
      ]) {
        const text = renderTemplate(builtInTemplate(templates, action), variables);
        expect(text).toContain(action);
        expect(faults(text, locale)).toEqual([]);
      }
    }
    expect(builtInTemplate(templates, 'raw.search')).toBe(templates.actions['raw.search']);
  });
});

describe.each(locales)('the %s templates', (_locale, templates) => {
  it('give every action a text of its own', async () => {
    const sources = ACTION_KEYS.map((key) => templates.actions[key]);
    expect(new Set(sources).size).toBe(ACTION_KEYS.length);
    const texts = await Promise.all(
      ACTION_KEYS.map((key) => renderTemplate(templates.actions[key], SCENARIOS['every variable']!(key))),
    );
    expect(new Set(texts).size).toBe(ACTION_KEYS.length);
    expect(new Set([...texts, templates.generic]).size).toBe(ACTION_KEYS.length + 1);
  });
});

/** How each locale says 0, 1 and 2 search results, and 1 and 2 sessions. */
const COUNTS: Record<BuiltInLocale, { results: [string, string, string]; sessions: [string, string] }> = {
  en: { results: ['no matches', '1 match', '2 matches'], sessions: ['1 session', '2 sessions'] },
  es: { results: ['sin resultados', '1 resultado', '2 resultados'], sessions: ['1 sesión', '2 sesiones'] },
  fr: { results: ['aucun résultat', '1 résultat', '2 résultats'], sessions: ['1 session', '2 sessions'] },
  de: { results: ['keine Treffer', '1 Treffer', '2 Treffer'], sessions: ['1 Sitzung', '2 Sitzungen'] },
  // No plural forms: the count takes a counter word (件, 건/개, 条/个).
  ja: {
    results: ['該当はありませんでした', '1 件見つかりました', '2 件見つかりました'],
    sessions: ['セッション 1 件', 'セッション 2 件'],
  },
  ko: {
    results: ['결과가 없었습니다', '1건을 찾았습니다', '2건을 찾았습니다'],
    sessions: ['세션 1개', '세션 2개'],
  },
  zh: { results: ['未找到结果', '找到 1 条结果', '找到 2 条结果'], sessions: ['1 个会话', '2 个会话'] },
};

describe.each(locales)('the %s templates', (locale, templates) => {
  it('say a number with the right form of its noun', async () => {
    const say = (key: ActionKey, variables: Record<string, unknown>) =>
      renderTemplate(templates.actions[key], { ...common, action: key, ...variables });
    for (const [i, count] of [0, 1, 2].entries())
      expect(await say('raw.search', { q: 'x', count })).toContain(COUNTS[locale].results[i]);
    for (const [i, sessions] of [1, 2].entries())
      expect(await say('import.parsed', { stats: { sessions, messages: 5 } })).toContain(
        COUNTS[locale].sessions[i],
      );
  });
});

describe('the English templates', () => {
  it('read as expected for a few actions', async () => {
    const say = (key: ActionKey, variables: Record<string, unknown> = {}) =>
      renderTemplate(BUILT_IN.en.actions[key], { ...common, action: key, ...variables });
    expect(await say('raw.search', { q: 'retry backoff', count: 1 })).toBe(
      'Ana Souza searched the raw sessions for “retry backoff” in project github:acme/api: 1 match.',
    );
    expect(await say('raw.search', { q: 'retry backoff', count: 0 })).toMatch(/: no matches\.$/);
    expect(await say('raw.search', { q: 'retry backoff', count: 12 })).toMatch(/: 12 matches\.$/);
    expect(
      await say('access.workspace_member.role_changed', {
        project_key: '',
        source: 'codehost',
        target_user: 'usr_1',
        old_role: 'MEMBER',
        new_role: 'ADMIN',
      }),
    ).toBe(
      'Ana Souza changed the role of user usr_1 in workspace acme from MEMBER to ADMIN via code host sync.',
    );
    expect(renderTemplate(BUILT_IN.en.generic, { ...common, action: 'git.push' })).toBe(
      'Action git.push by Ana Souza in project github:acme/api.',
    );
  });
});

describe('the CJK templates', () => {
  const say = (locale: BuiltInLocale, key: ActionKey, variables: Record<string, unknown> = {}) =>
    renderTemplate(BUILT_IN[locale].actions[key], { ...common, action: key, ...variables });
  const roleChange = {
    project_key: '',
    source: 'codehost',
    target_user: 'usr_1',
    old_role: 'MEMBER',
    new_role: 'ADMIN',
  };
  /** The server acting: no e-mail, so no honorific (さん, 님). */
  const firstAdmin = {
    actor: 'ctxhub',
    actor_email: '',
    workspace_key: '',
    project_key: '',
    reason: 'first_start',
    is_admin: true,
    email: 'lena@example.com',
  };

  it.each([
    [
      'ja',
      [
        'Ana Souza さんがプロジェクト github:acme/api の生セッションを「retry backoff」で検索し、1 件見つかりました。',
        'Ana Souza さんがコードホスティングサービスとの同期によりワークスペース acme でのユーザー usr_1 のロールを MEMBER から ADMIN に変更しました。',
        'ctxhub が初回起動時に lena@example.com のサーバー管理者アカウントを作成しました。',
        'Ana Souza さんがプロジェクト github:acme/api のインポート imp_1 を解析しました。',
        'Ana Souza さんがプロジェクト github:acme/api でアクション git.push を実行しました。',
      ],
    ],
    [
      'ko',
      [
        'Ana Souza 님이 github:acme/api 프로젝트의 원본 세션을 “retry backoff” 키워드로 검색하여 1건을 찾았습니다.',
        'Ana Souza 님이 코드 호스팅 서비스 동기화를 통해 acme 워크스페이스의 usr_1 사용자를 MEMBER에서 ADMIN 역할로 변경했습니다.',
        'ctxhub에서 최초 실행 시 lena@example.com의 서버 관리자 계정을 생성했습니다.',
        'Ana Souza 님이 github:acme/api 프로젝트의 imp_1 가져오기 작업을 분석했습니다.',
        'Ana Souza 님이 github:acme/api 프로젝트에서 git.push 작업을 실행했습니다.',
      ],
    ],
    [
      'zh',
      [
        'Ana Souza 在项目 github:acme/api 的原始会话中搜索了“retry backoff”，找到 1 条结果。',
        'Ana Souza 通过代码托管平台同步将用户 usr_1 在工作区 acme 中的角色从 MEMBER 更改为 ADMIN。',
        'ctxhub 在首次启动时为 lena@example.com 创建了服务器管理员账号。',
        'Ana Souza 解析了项目 github:acme/api 的导入任务 imp_1。',
        'Ana Souza 在项目 github:acme/api 中执行了操作 git.push。',
      ],
    ],
  ] as [BuiltInLocale, string[]][])('read as expected in %s', async (locale, expected) => {
    expect([
      await say(locale, 'raw.search', { q: 'retry backoff', count: 1 }),
      await say(locale, 'access.workspace_member.role_changed', roleChange),
      await say(locale, 'user.created', firstAdmin),
      await say(locale, 'import.parsed', { import_id: 'imp_1' }),
      renderTemplate(BUILT_IN[locale].generic, { ...common, action: 'git.push' }),
    ]).toEqual(expected);
  });
});
