import { Buffer } from 'node:buffer';
import { describe, expect, it } from 'vitest';
import { redactSecrets } from './redact-secrets.ts';

// Fake but correctly shaped values, assembled here so that secret scanners do not flag this file.
const fake = {
  aws: 'AKIA' + 'ABCDEFGHIJ234567',
  github: 'ghp_' + 'aB3'.repeat(12),
  githubPat: 'github_pat_' + '11ABCDEFG0' + 'x'.repeat(12) + '_' + 'y1'.repeat(29) + 'z',
  gitlab: 'glpat-' + 'x1Y2z3'.repeat(4),
  slack: 'xoxb-' + '123456789012-1234567890123-' + 'aBcD'.repeat(6),
  slackWebhook: 'https://hooks.slack.com/services/' + 'T0000000/B0000000/' + 'X'.repeat(24),
  stripe: 'sk_' + 'live_' + 'a1B2'.repeat(6),
  openai: 'sk-' + 'proj-' + 'Ab1'.repeat(16),
  anthropic: 'sk-' + 'ant-api03-' + 'Ab1_'.repeat(23) + 'AA',
  google: 'AIza' + 'Sy' + 'A1b2C3'.repeat(5) + 'xyz',
  npm: 'npm_' + 'a1B2'.repeat(9),
  sendgrid: 'SG.' + 'a'.repeat(22) + '.' + 'b'.repeat(43),
  jwt:
    'eyJ' +
    'hbGciOiJIUzI1NiJ9' +
    '.eyJ' +
    'zdWIiOiIxMjM0NTY3ODkwIn0' +
    '.' +
    'dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U',
  bearer: 'abc123DEF456' + 'ghi789JKL0',
  ctxhub: 'ctxh_' + 'aB3'.repeat(12) + 'x9',
};
const pem = (label: string) =>
  `-----BEGIN ${label}-----\n` + 'MIIEow'.repeat(10) + '\n' + 'AbCd'.repeat(16) + `\n-----END ${label}-----`;

const cases: { kind: string; input: string; output: string }[] = [
  { kind: 'aws_access_key', input: `key id ${fake.aws}.`, output: 'key id [redacted:aws_access_key].' },
  {
    kind: 'github_token',
    input: `git push https://${fake.github}@github.com/o/r`,
    output: 'git push https://[redacted:github_token]@github.com/o/r',
  },
  {
    kind: 'github_token',
    input: `token ${fake.githubPat} works`,
    output: 'token [redacted:github_token] works',
  },
  {
    kind: 'gitlab_token',
    input: `PRIVATE-TOKEN ${fake.gitlab}`,
    output: 'PRIVATE-TOKEN [redacted:gitlab_token]',
  },
  { kind: 'slack_token', input: `bot ${fake.slack} ok`, output: 'bot [redacted:slack_token] ok' },
  {
    kind: 'slack_webhook',
    input: `curl -X POST ${fake.slackWebhook}`,
    output: 'curl -X POST [redacted:slack_webhook]',
  },
  {
    kind: 'stripe_key',
    input: `stripe.setKey('${fake.stripe}')`,
    output: "stripe.setKey('[redacted:stripe_key]')",
  },
  {
    kind: 'openai_key',
    input: `new OpenAI({ apiKey: k }) // ${fake.openai}`,
    output: 'new OpenAI({ apiKey: k }) // [redacted:openai_key]',
  },
  {
    kind: 'anthropic_key',
    input: `x-api-key ${fake.anthropic}`,
    output: 'x-api-key [redacted:anthropic_key]',
  },
  {
    kind: 'google_api_key',
    input: `maps?key=${fake.google}&q=1`,
    output: 'maps?key=[redacted:google_api_key]&q=1',
  },
  {
    kind: 'npm_token',
    input: `//registry.npmjs.org/:_authToken=${fake.npm}`,
    output: '//registry.npmjs.org/:_authToken=[redacted:npm_token]',
  },
  { kind: 'sendgrid_key', input: `SENDGRID ${fake.sendgrid}`, output: 'SENDGRID [redacted:sendgrid_key]' },
  {
    kind: 'jwt',
    input: `cookie session=${fake.jwt}; Path=/`,
    output: 'cookie session=[redacted:jwt]; Path=/',
  },
  {
    kind: 'private_key',
    input: `id_rsa:\n${pem('RSA PRIVATE KEY')}\ndone`,
    output: 'id_rsa:\n[redacted:private_key]\ndone',
  },
  { kind: 'private_key', input: pem('OPENSSH PRIVATE KEY'), output: '[redacted:private_key]' },
  { kind: 'private_key', input: pem('EC PRIVATE KEY'), output: '[redacted:private_key]' },
  { kind: 'private_key', input: pem('ENCRYPTED PRIVATE KEY'), output: '[redacted:private_key]' },
  {
    kind: 'private_key',
    input: `a\n${pem('PGP PRIVATE KEY BLOCK')}\nb`,
    output: 'a\n[redacted:private_key]\nb',
  },
  {
    kind: 'private_key',
    input: `pasted: ${pem('PRIVATE KEY').slice(0, 80)}`,
    output: 'pasted: [redacted:private_key]',
  },
  {
    kind: 'url_password',
    input: 'DATABASE_URL postgres://app:' + 's3cr3t' + '@db:5432/x',
    output: 'DATABASE_URL postgres://app:[redacted:url_password]@db:5432/x',
  },
  {
    kind: 'url_password',
    input: 'redis://:' + 'pa55' + '@cache:6379',
    output: 'redis://:[redacted:url_password]@cache:6379',
  },
  {
    kind: 'bearer_token',
    input: `Authorization: Bearer ${fake.bearer}`,
    output: 'Authorization: Bearer [redacted:bearer_token]',
  },
  {
    kind: 'bearer_token',
    input: `curl -H "Authorization: bearer ${fake.bearer}" x`,
    output: 'curl -H "Authorization: bearer [redacted:bearer_token]" x',
  },
  {
    kind: 'basic_auth',
    input: 'Authorization: Basic ' + Buffer.from('deploy:' + 'hunter2').toString('base64'),
    output: 'Authorization: Basic [redacted:basic_auth]',
  },
  { kind: 'ctxhub_key', input: `CTXHUB_KEY ${fake.ctxhub}`, output: 'CTXHUB_KEY [redacted:ctxhub_key]' },
  {
    kind: 'secret_assignment',
    input: 'DB_PASSWORD=' + 'hunter2',
    output: 'DB_PASSWORD=[redacted:secret_assignment]',
  },
  {
    kind: 'secret_assignment',
    input: '[default]\naws_secret_access_key = ' + 'wJalrXUtnFEMI',
    output: '[default]\naws_secret_access_key = [redacted:secret_assignment]',
  },
  {
    kind: 'secret_assignment',
    input: '{"apiKey": "' + 'abc123' + '", "n": 1}',
    output: '{"apiKey": "[redacted:secret_assignment]", "n": 1}',
  },
  {
    kind: 'secret_assignment',
    input: 'export SESSION_SECRET="' + 'k9 x' + '"',
    output: 'export SESSION_SECRET="[redacted:secret_assignment]"',
  },
  {
    kind: 'secret_assignment',
    input: 'db:\n  password: ' + 'hunter2' + '\n  user: app',
    output: 'db:\n  password: [redacted:secret_assignment]\n  user: app',
  },
  {
    kind: 'secret_assignment',
    input: 'X-Api-Key: ' + 'abc123',
    output: 'X-Api-Key: [redacted:secret_assignment]',
  },
  {
    kind: 'secret_assignment',
    input: "login(user='me', password='" + 'pw1' + "')",
    output: "login(user='me', password='[redacted:secret_assignment]')",
  },
  {
    kind: 'secret_assignment',
    input: 'GET /cb?access_token=' + 'abc123' + '&state=1',
    output: 'GET /cb?access_token=[redacted:secret_assignment]&state=1',
  },
  {
    kind: 'secret_assignment',
    input: '{"args": "{\\"client_secret\\": \\"' + 'abc' + '\\"}"}',
    output: '{"args": "{\\"client_secret\\": \\"[redacted:secret_assignment]\\"}"}',
  },
  {
    kind: 'secret_assignment',
    input: 'mysql --password=' + 'hunter2' + ' db',
    output: 'mysql --password=[redacted:secret_assignment] db',
  },
  { kind: 'secret_assignment', input: 'PASSWORD=changeme', output: 'PASSWORD=[redacted:secret_assignment]' },
  {
    kind: 'secret_assignment',
    input: 'GOOGLE_CREDENTIALS=' + 'ewogIC'.repeat(1000) + ' next',
    output: 'GOOGLE_CREDENTIALS=[redacted:secret_assignment] next',
  },
  {
    kind: 'secret_assignment',
    input: `{"token": "${'a1'.repeat(3000)}"}`,
    output: '{"token": "[redacted:secret_assignment]"}',
  },
];

describe('redactSecrets', () => {
  it.each(cases)('redacts $kind: $output', ({ kind, input, output }) => {
    expect(redactSecrets(input)).toEqual({ text: output, redactions: 1, kinds: [kind] });
  });

  it('is idempotent: its own output comes back unchanged with no redactions', () => {
    for (const { input } of cases) {
      const once = redactSecrets(input).text;
      expect(redactSecrets(once)).toEqual({ text: once, redactions: 0, kinds: [] });
    }
  });

  it('is idempotent when secrets and markers touch each other', () => {
    for (const glue of ['', ' ', '\n', '"', '=', '-', '[', ']']) {
      const once = redactSecrets(cases.map((c) => c.input).join(glue)).text;
      expect(redactSecrets(once)).toEqual({ text: once, redactions: 0, kinds: [] });
    }
  });

  it('counts every secret in a text and lists each kind once, sorted', () => {
    const text = [
      `GITHUB_TOKEN=${fake.github}`,
      `backup: ${fake.github}`,
      'DB_PASSWORD=' + 'hunter2',
      'DATABASE_URL=postgres://app:' + 'pw' + '@db/x',
      `Authorization: Bearer ${fake.jwt}`,
      pem('RSA PRIVATE KEY'),
    ].join('\n');
    const result = redactSecrets(text);
    expect(result.text).toBe(
      [
        'GITHUB_TOKEN=[redacted:github_token]',
        'backup: [redacted:github_token]',
        'DB_PASSWORD=[redacted:secret_assignment]',
        'DATABASE_URL=postgres://app:[redacted:url_password]@db/x',
        'Authorization: Bearer [redacted:jwt]',
        '[redacted:private_key]',
      ].join('\n'),
    );
    expect(result.redactions).toBe(6);
    expect(result.kinds).toEqual(['github_token', 'jwt', 'private_key', 'secret_assignment', 'url_password']);
  });

  it('leaves placeholders, references and empty values alone', () => {
    const text = [
      'API_KEY=<your-api-key>',
      'GITHUB_TOKEN=${GITHUB_TOKEN}',
      'export DB_PASSWORD=$DB_PASSWORD',
      'password: xxx',
      'token: "****"',
      'SECRET=',
      '"password": "",',
      '"password": null,',
      'const apiKey = process.env.API_KEY;',
      'api_key = os.environ["API_KEY"]',
      'apiKey: process.env.OPENAI_API_KEY',
      'postgres://app:${PGPASSWORD}@db/x',
      'Authorization: Bearer <token>',
      'headers: { Authorization: `Bearer ${token}` }',
      '"Authorization": "Bearer {{token}}"',
      'already: DB_PASSWORD=[redacted:secret_assignment]',
    ].join('\n');
    expect(redactSecrets(text)).toEqual({ text, redactions: 0, kinds: [] });
  });

  it('leaves ordinary prose and code unchanged', () => {
    const text = `
Fixed the password reset flow: the token expires after 1h, see commit 3f786850e387550fdab836ed7e6dc881de23001b.
Bearer tokens are checked by the auth middleware; Basic auth is off. The password: see the team vault.
Request 123e4567-e89b-12d3-a456-426614174000 and memory mem_01HZX3K5V8Q2N7R4T6Y9B0C1D2 (ULID 01HZX3K5V8Q2N7R4T6Y9B0C1D2).
Logo as base64: aGVsbG8gd29ybGQgdGhpcyBpcyBqdXN0IHRleHQgZW5jb2RlZA== and sha256 e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855.
Browse https://example.com:8443/path?q=1, clone git@github.com:org/repo.git or ssh://git@host:22/repo.
The class sk-this-is-a-long-kebab-case-name and the CLI flag --max-tokens apply.

\`\`\`ts
interface Credentials { user: string; password: string; token?: string }
function login(user: string, password: string): Promise<Session> {
  const token = await getToken(user);
  if (password === confirm || token == null) throw new Error('auth failed');
  const apiKey = config.apiKey;
  const secret = crypto.randomBytes(32);
  return { token, expiresAt: now + ttl };
}
const mapped = tokens.map((token) => token.id);
\`\`\`

\`\`\`yaml
author: Jane Doe
max_tokens: 4096
input_tokens: 1200
token_type: bearer
secretName: app-secrets
kind: Secret
auth_enabled: true
authenticated: false
password_min_length: 12
password_reset_url: https://example.com/reset
\`\`\`
PWD=/home/me/project OLDPWD=/tmp
`;
    expect(redactSecrets(text)).toEqual({ text, redactions: 0, kinds: [] });
  });

  const MB = 1 << 20;
  const fill = (unit: string) => unit.repeat(Math.ceil(MB / unit.length));
  it.each([
    fill('a='),
    fill('token_url='),
    fill('token_type="'),
    fill('"password": "'),
    fill('\\"secret\\": \\"'),
    fill('secret = '),
    fill('eyJ' + 'a'.repeat(20) + '.'),
    'eyJ' + fill('a'),
    fill('-----BEGIN RSA PRIVATE KEY'),
    fill('x://u:' + 'p'.repeat(40)),
    'Bearer ' + fill('a'),
    fill('Basic QUFBQUFBQUFB '),
    fill('ghp_' + 'A'.repeat(35) + ' '),
    fill('sk-' + 'a-'.repeat(20) + ' '),
    fill('a-'),
    fill('\\'),
  ])('returns on hostile input: a megabyte of near-matches (#%#)', (text) => {
    expect(typeof redactSecrets(text).text).toBe('string');
  });
});
