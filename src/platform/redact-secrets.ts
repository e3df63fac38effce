import { Buffer } from 'node:buffer';

/**
 * Secret redaction applied before anything is stored (memories, raw transcript messages, staged
 * memories). Pure and synchronous: each secret becomes `[redacted:<kind>]`. Scanners such as
 * secretlint are asynchronous and built around files and plugin presets, so the rules live here as
 * one table, applied in order.
 *
 * Linear on hostile input: every pattern starts behind a boundary, so attempts begin only at the
 * start of a run of characters, and every quantifier is bounded. Two spans are read to their end
 * instead, each once: a private-key body (lazy, and it always succeeds at its END line or at the
 * end of the text) and an assignment's value (read with a sticky pattern that cannot fail, then
 * skipped whether redacted or not).
 *
 * Idempotent: no pattern matches a marker, rules that can meet one in a value (URL password,
 * assignments) treat it as a placeholder, and boundaries refuse a `]` before a match and a `[` after
 * one, so a marker next to a near-miss does not turn it into a match on the second pass.
 */
export interface Redaction {
  text: string;
  redactions: number;
  /** Distinct kinds found, sorted. */
  kinds: string[];
}

/** What a rule makes of a match: `text` replaces everything up to `end`; without `text` the span is
 * kept and scanning goes on at `end`; null: no secret here, scanning goes on one character later. */
type Verdict = { end: number; text?: string } | null;

interface Rule {
  kind: string;
  /** A global regular expression. */
  pattern: RegExp;
  /** By default the whole match becomes the marker. */
  judge?: (m: RegExpExecArray, marker: string, text: string) => Verdict;
}

/** Values that stand for a secret without being one. `changeme` is deliberately not here: it is a
 * live default password in many installations, and redacting a non-secret costs nothing. */
const PLACEHOLDER =
  /^(?:x+|\*+|•+|\.{3,}|<[^<>]*>|\$\w+|\$\(.*\)|%\w+%|(?:process\.env|os\.environ|import\.meta\.env)\b.*|null|nil|none|undefined|true|false|string|number|boolean|str|int|bool|any|unknown|redacted|placeholder|todo|tbd|your[\s_-].*)$/i;

function isPlaceholder(raw: string): boolean {
  const value = raw.trim().replace(/^(?:bearer|basic|token)\s+/i, '');
  return value === '' || PLACEHOLDER.test(value) || /\$\{|\{\{|\[redacted:/.test(value);
}

/** Real tokens of this length nearly always have a digit or both cases; words and identifiers don't. */
const looksRandom = (s: string) => /\d/.test(s) || (/[a-z]/.test(s) && /[A-Z]/.test(s));

/** `Basic` credentials decode to printable `user:password`. */
function isBasicCredential(value: string): boolean {
  const decoded = Buffer.from(value, 'base64').toString('latin1');
  return decoded.includes(':') && /^[\x20-\x7e]+$/.test(decoded);
}

/** Key names that hold secrets, on a normalised name (snake_case, lower case). `auth` but not
 * author/authority/authenticated, `token` but not tokens/tokenizer (LLM settings). */
const SECRET_KEY =
  /secret(?!ar)|token(?!s(?:_|$)|iz)|passw(?:or)?d|pwd|(?:^|_)(?:pass|pw)(?:_|$)|(?:api|access|private|encryption|signing|master|hmac)_?key|credential|auth(?!or(?!i[sz])|ent)/;
/** Names that mention a secret but hold something else: where it lives, its type, its limits. */
const NOT_SECRET_KEY =
  /(?:^|_)(?:url|uri|endpoint|host|port|type|method|mode|provider|file|path|dir|name|id|ref|enabled|required|length|count|limit|usage|budget|ttl|expiry|expires(?:_at|_in)?|header|policy|scopes?|label|placeholder|hint|message|text|title|description|prompt|field|error|reset)$/;

function isSecretKey(key: string): boolean {
  const k = key
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase()
    .replace(/[-.]/g, '_');
  return k !== 'pwd' && k !== 'oldpwd' && SECRET_KEY.test(k) && !NOT_SECRET_KEY.test(k);
}

/** An unquoted value that is code, not a literal: a call, or a dotted path like `config.apiKey`. */
const looksLikeCode = (v: string) =>
  v.includes('(') || /^[A-Za-z_$][A-Za-z_$]*(?:\.[A-Za-z_$][A-Za-z_$]*)+$/.test(v);

/** Only indentation (or a YAML list dash) between the line start and `i`. */
function startsLine(text: string, i: number): boolean {
  const from = Math.max(0, i - 40);
  return /\n[ \t]*(?:-[ \t]+)?$/.test((from === 0 ? '\n' : '') + text.slice(from, i));
}

/** Only spaces or a comment between `i` and the line end. */
const endsLine = (text: string, i: number) => /^[ \t]*(?:#|\/\/|\r?\n|$)/.test(text.slice(i, i + 40));

/** An assignment's value after its opening quote (or none): the content, then the closing quote if
 * any. Read in full however long (a base64 credentials file in an env var), once per assignment. */
const VALUE: Record<string, RegExp> = {
  '"': /((?:[^"\\\n]|\\.)*)("?)/y,
  "'": /((?:[^'\\\n]|\\.)*)('?)/y,
  '\\"': /((?:[^"\\\n]|\\[^"\n])*)((?:\\")?)/y,
};
const BARE_VALUE = /([^\s'"`&;,)\]}]*)()/y;

/** `KEY=value`, `KEY: value`, `"key": "value"`: the value becomes the marker, the key stays.
 * Unquoted values are trusted only as `KEY=value` (env, shell, query strings) or as a whole line
 * (`key: value` in YAML or headers, `key = value` in INI); elsewhere they are mostly code. */
function assignment(m: RegExpExecArray, marker: string, text: string): Verdict {
  const [head, q = '', key = '', sep = '', open = ''] = m;
  if (!isSecretKey(key)) return null;
  const scan = VALUE[open] ?? BARE_VALUE;
  scan.lastIndex = m.index + head.length;
  const [read = '', value = '', close = ''] = scan.exec(text) ?? [];
  const end = m.index + head.length + read.length;
  const keep = { end };
  if (isPlaceholder(value)) return keep;
  if (open === '') {
    if (q !== '' || looksLikeCode(value)) return keep; // a quoted key with a bare value: JSON number or object
    if (sep !== '=' && !(startsLine(text, m.index) && endsLine(text, end))) return keep;
  }
  return { end, text: `${q}${key}${q}${sep}${open}${marker}${close}` };
}

/** The whole match becomes the marker when `accept` agrees. */
const whole =
  (accept: (secret: string) => boolean) =>
  (m: RegExpExecArray, marker: string): Verdict =>
    accept(m[0]) ? { end: m.index + m[0].length, text: marker } : null;

/** Group 1 (a readable prefix) stays and group 2 becomes the marker when `accept` agrees. */
const afterPrefix =
  (accept: (secret: string) => boolean) =>
  (m: RegExpExecArray, marker: string): Verdict =>
    accept(m[2] ?? '') ? { end: m.index + m[0].length, text: `${m[1]}${marker}` } : null;

const BOUNDARY = String.raw`(?<![\w\]-])`;
const rule = (kind: string, source: string, flags = 'g', judge?: Rule['judge']): Rule => ({
  kind,
  pattern: new RegExp(source, flags),
  ...(judge ? { judge } : {}),
});

/** In order: whole blocks first, then prefixed token formats, then the contextual rules, whose
 * values may already hold a marker from an earlier rule and are then left alone. */
const RULES: Rule[] = [
  // PEM / OpenSSH / PGP private keys, the whole block; an unterminated one runs to the end of the text.
  rule(
    'private_key',
    String.raw`-----BEGIN[ A-Z0-9]{0,48}PRIVATE KEY(?: BLOCK)?-----[\s\S]*?(?:-----END[ A-Z0-9]{0,48}PRIVATE KEY(?: BLOCK)?-----|$)`,
  ),
  // JSON Web Tokens: base64url header and payload that both start with `{"`.
  rule('jwt', BOUNDARY + String.raw`eyJ[\w-]{8,4096}\.eyJ[\w-]{8,8192}\.[\w-]{0,4096}`),
  // This service's API keys (src/modules/api-keys/key-format.ts).
  rule('ctxhub_key', BOUNDARY + String.raw`ctxh_[0-9A-Za-z]{38}(?![0-9A-Za-z[])`),
  // GitHub classic (ghp_, gho_, ghu_, ghs_, ghr_) and fine-grained (github_pat_) tokens.
  rule('github_token', BOUNDARY + String.raw`(?:gh[pousr]_[A-Za-z0-9]{36,255}|github_pat_\w{22,255})`),
  // GitLab personal, project, deploy, runner, feed, incoming-mail, SCIM, CI-job and agent tokens.
  rule(
    'gitlab_token',
    BOUNDARY + String.raw`gl(?:pat|ptt|dt|rt|ft|imt|soat|cbt|agent)-[\w-]{20,255}(?:\.[\w-]{1,64}){0,3}`,
  ),
  // Slack incoming webhooks and workflow triggers: the whole URL is the secret.
  rule(
    'slack_webhook',
    String.raw`https://hooks\.slack\.com/(?:services|workflows|triggers)/[\w/+-]{20,255}`,
  ),
  // Slack bot, user, app, refresh and configuration tokens.
  rule(
    'slack_token',
    BOUNDARY + String.raw`(?:xox(?:[abprs]|e(?:\.xox[bp])?)|xapp)-[A-Za-z0-9-]{10,255}`,
    'g',
    whole(looksRandom),
  ),
  // Stripe secret and restricted keys (publishable pk_ keys are public).
  rule('stripe_key', BOUNDARY + String.raw`(?:sk|rk)_(?:live|test|prod)_[A-Za-z0-9]{10,255}`),
  // Anthropic keys (sk-ant-api03-…, sk-ant-admin01-…), before the looser OpenAI shape.
  rule('anthropic_key', BOUNDARY + String.raw`sk-ant-[\w-]{20,255}`),
  // OpenAI keys: legacy sk-…, sk-proj-…, sk-svcacct-…, sk-admin-….
  rule(
    'openai_key',
    BOUNDARY + String.raw`sk-[\w-]{20,255}`,
    'g',
    whole((key) => looksRandom(key.slice(3))),
  ),
  // Google API keys.
  rule('google_api_key', BOUNDARY + String.raw`AIza[\w-]{35}(?![\w[-])`),
  // npm automation, publish and granular tokens.
  rule('npm_token', BOUNDARY + String.raw`npm_[A-Za-z0-9]{36}(?![A-Za-z0-9[])`),
  // SendGrid API keys: SG.<22>.<43>.
  rule('sendgrid_key', BOUNDARY + String.raw`SG\.[\w-]{22}\.[\w-]{43}(?![\w[-])`),
  // AWS access key ids (long-term AKIA, temporary ASIA, and the rarer prefixes).
  rule(
    'aws_access_key',
    String.raw`(?<![A-Za-z0-9\]])(?:AKIA|ASIA|ABIA|ACCA|A3T[A-Z0-9])[A-Z0-9]{16}(?![A-Za-z0-9[])`,
  ),
  // The password of scheme://user:password@host; the rest of the URL stays readable.
  rule(
    'url_password',
    String.raw`(?<![\w+.\]-])([A-Za-z][\w+.-]{0,31}://[^\s:/?#@[\]'"\x60]{0,128}:)([^\s/?#@'"\x60]{1,256})(?=@)`,
    'g',
    afterPrefix((password) => !isPlaceholder(password)),
  ),
  // `Bearer <token>` in headers and curl lines, for token-sized random values.
  rule(
    'bearer_token',
    BOUNDARY + String.raw`((?:[Bb]earer|BEARER)[ \t]{1,4})([\w.~+/-]{20,4096}=*)`,
    'g',
    afterPrefix(looksRandom),
  ),
  // `Basic <base64 of user:password>`.
  rule(
    'basic_auth',
    BOUNDARY + String.raw`(Basic[ \t]{1,4})([A-Za-z0-9+/]{8,2048}={0,2})`,
    'g',
    afterPrefix(isBasicCredential),
  ),
  // Assignments to secret-named keys: KEY=value, KEY: value, "key": "value", \"key\": \"value\"
  // (JSON inside a JSON string), export KEY="value". The lookahead is a cheap filter on the key
  // name; isSecretKey decides.
  rule(
    'secret_assignment',
    String.raw`(?<![\w.\]])(?<![\w.\]]-)(?=(?:\\?["'])?[\w.-]{0,64}?(?:secret|token|pass|pw|key|credential|auth))` +
      String.raw`(\\?["']|)([A-Za-z_][\w.-]{0,63})\1([ \t]{0,8}(?:=(?![=>~])|:(?![:=]))[ \t]{0,8})` +
      String.raw`(\\"|["']|)`,
    'gi',
    assignment,
  ),
];

function applyRule(text: string, { kind, pattern, judge }: Rule): { text: string; count: number } {
  const marker = `[redacted:${kind}]`;
  const re = pattern; // synchronous and never re-entered: its lastIndex can be reset and reused
  re.lastIndex = 0;
  let out = '';
  let last = 0;
  let count = 0;
  for (let m = re.exec(text); m !== null; m = re.exec(text)) {
    const verdict = judge ? judge(m, marker, text) : { end: m.index + m[0].length, text: marker };
    re.lastIndex = verdict ? verdict.end : m.index + 1;
    if (verdict?.text === undefined) continue;
    out += text.slice(last, m.index) + verdict.text;
    last = verdict.end;
    count++;
  }
  return count === 0 ? { text, count } : { text: out + text.slice(last), count };
}

/** Replaces every secret found in `text` with `[redacted:<kind>]`. */
export function redactSecrets(text: string): Redaction {
  const kinds = new Set<string>();
  let redactions = 0;
  for (const r of RULES) {
    const applied = applyRule(text, r);
    if (applied.count === 0) continue;
    text = applied.text;
    redactions += applied.count;
    kinds.add(r.kind);
  }
  return { text, redactions, kinds: [...kinds].sort() };
}

/**
 * A value stored under a name of its own (a metadata field such as `db_password`): a secret-looking
 * name (an identifier, as in `KEY=value`) makes the whole value a secret unless it is a
 * placeholder; otherwise the text is scanned.
 */
export function redactNamedValue(name: string, value: string): Redaction {
  const isName = /^[A-Za-z_][\w.-]{0,63}$/.test(name); // the key grammar of assignments
  if (!isName || !isSecretKey(name) || isPlaceholder(value)) return redactSecrets(value);
  return { text: '[redacted:secret_assignment]', redactions: 1, kinds: ['secret_assignment'] };
}
