/**
 * Writes a large, realistic Claude Code transcript (JSONL) for import benchmarks and streaming
 * tests: many sessions of an engineering team's conversations about a billing service, with
 * decisions, constraints, bugs, tool calls and their output. Deterministic for a given seed.
 *
 *   npx tsx bench/generate-transcript.ts out.jsonl 100     # about 100 MB
 */
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { finished } from 'node:stream/promises';
import { pathToFileURL } from 'node:url';

export interface GeneratedTranscript {
  bytes: number;
  sessions: number;
  /** Lines that parse to exactly one message each (user, assistant and tool result lines). */
  messages: number;
}

/** mulberry32: small, fast, good enough for test data. */
class Rng {
  constructor(private state: number) {}
  next(): number {
    this.state = (this.state + 0x6d2b79f5) | 0;
    let t = Math.imul(this.state ^ (this.state >>> 15), 1 | this.state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  int(max: number): number {
    return Math.floor(this.next() * max);
  }
  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)]!;
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  uuid(): string {
    const hex = Array.from({ length: 32 }, () => this.int(16).toString(16)).join('');
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20)}`;
  }
}

/** Slot values of the templates, `|`-separated. */
const VOCABULARY: Record<string, string[]> = Object.fromEntries(
  Object.entries({
    component:
      'invoice job|dunning run|refund handler|proration service|tax calculator|webhook consumer|usage meter|credit note export',
    file: 'src/invoices/retry.ts|src/invoices/generate.ts|src/jobs/scheduler.ts|src/webhooks/stripe.ts|src/plans/proration.ts|src/tax/vat.ts|src/routes/invoices.ts|src/db/migrations/0031_invoice_period_unique.sql|src/usage/meter.ts|src/customers/repository.ts',
    table: 'invoices|invoice_lines|payments|webhook_events|credit_notes|usage_records|customers',
    route: 'GET /v1/invoices|POST /v1/invoices/:id/pay|GET /v1/customers/:id/usage|POST /v1/refunds',
    month: 'January|February|March|April|May|June|July|August|September',
    edge: 'a leap day|an upgrade on the last day of the month|a zero-amount invoice|a currency with three decimals|a customer without a default payment method',
  }).map(([slot, values]) => [slot, values.split('|')]),
);
const FILES = VOCABULARY.file ?? [];

type Slots = Record<string, string>;
const fill = (template: string, slots: Slots): string =>
  template.replace(/\{(\w+)\}/g, (_, key: string) => slots[key] ?? key);

const USER_TEMPLATES = [
  '{ticket}: customers got two invoices for {month} after the deploy. I think the {component} ran on both replicas. Can you find out why?',
  'We decided to use PostgreSQL advisory locks for the {component} ({ticket}). Please implement it and keep the lock key in one constant.',
  'Important constraint: never call the payment provider from the request path. Retries go through the outbox worker in src/invoices/retry.ts.',
  'Please add a test for {file} that covers {edge}.',
  '{route} takes {ms} ms at p95 since {ticket}. Is the query on {table} missing an index?',
  'Rule for the future: migrations must not delete paid invoices, ever. Drafts are fine.',
  'Why does `npm test` fail on CI but not locally? The failing file is {file}.',
  'Let us go with keyset pagination on ({table}.created_at, id) for {route}; offset pagination timed out at {n}k rows.',
  'The {component} test is flaky: it fails when the clock crosses midnight UTC. Can you make it deterministic?',
  'Decision from the architecture review: amounts stay bigint cents with an ISO 4217 currency column, never floats.',
];
const ASSISTANT_TEMPLATES = [
  'Found it: {file} schedules the {component} with node-cron on every replica, and nothing checks whether the period was already billed. Since we run {n} replicas, each one creates its own invoice.',
  'The problem is in {file}: it calls createInvoice again when a charge fails instead of reusing the existing invoice. That is a second source of duplicates, independent of {ticket}.',
  'I added a unique index on {table}(customer_id, period) and switched the insert to ON CONFLICT DO NOTHING, so a second run cannot bill twice even if the lock logic regresses.',
  'The query on {table} does a sequential scan because the filter uses lower(email). I added an expression index; p95 for {route} drops from {ms} ms to about 12 ms locally.',
  'The test depended on `new Date()`. I injected a clock and pinned it to {edge}; it now passes 200 times in a row.',
  'Webhook handlers must be idempotent: the provider retries for up to three days. I record processed event ids in webhook_events and return early for duplicates.',
  'I would not pin the job to replica 0: replica names change with autoscaling. The advisory lock is released automatically if the process dies, which is what we want.',
];
const CODE_SNIPPETS = [
  "```ts\nexport const INVOICE_JOB_LOCK = 42_001;\n\nexport async function withAdvisoryLock<T>(key: number, run: () => Promise<T>): Promise<T | null> {\n  const { rows } = await db.query('SELECT pg_try_advisory_lock($1) AS locked', [key]);\n  if (!rows[0].locked) return null;\n  try {\n    return await run();\n  } finally {\n    await db.query('SELECT pg_advisory_unlock($1)', [key]);\n  }\n}\n```",
  '```sql\nCREATE UNIQUE INDEX CONCURRENTLY invoices_customer_period_uq ON invoices (customer_id, period);\n```',
  '```ts\nawait tx.insert(webhookEvents).values({ eventId: event.id }).onConflictDoNothing();\n```',
  '```ts\nconst days = Math.round((Date.UTC(to.getUTCFullYear(), to.getUTCMonth(), to.getUTCDate()) - Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate())) / 86_400_000) + 1;\n```',
];
const COMMANDS = [
  'npm test -- src/invoices',
  'npx tsc --noEmit',
  'npm run lint',
  'git diff --stat',
  'psql -c "EXPLAIN ANALYZE SELECT * FROM invoices WHERE customer_id = 4711"',
];

function slots(rng: Rng): Slots {
  const picked: Slots = {
    ticket: `BILL-${100 + rng.int(400)}`,
    ms: String(200 + rng.int(4800)),
    n: String(2 + rng.int(40)),
  };
  for (const [slot, values] of Object.entries(VOCABULARY)) picked[slot] = rng.pick(values);
  return picked;
}

function toolCall(rng: Rng, s: Slots): { name: string; input: Record<string, unknown>; output: string } {
  switch (rng.int(4)) {
    case 0: {
      const command = rng.pick(COMMANDS);
      const failed = rng.chance(0.3);
      const output = failed
        ? ` FAIL  ${s.file?.replace('.ts', '.test.ts')} > ${s.component} > handles ${s.edge}\nAssertionError: expected 1 invoice, got 2\n\n Test Files  1 failed | ${s.n} passed\n      Tests  1 failed | ${Number(s.n) * 7} passed`
        : ` ✓ ${s.file?.replace('.ts', '.test.ts')} (${s.n} tests) ${s.ms}ms\n\n Test Files  ${s.n} passed\n      Tests  ${Number(s.n) * 7} passed`;
      return { name: 'Bash', input: { command, description: `Run ${command.split(' ')[0]}` }, output };
    }
    case 1:
      return {
        name: 'Grep',
        input: { pattern: 'createInvoice', path: 'src' },
        output: `Found 3 files\n${FILES.slice(0, 3).join('\n')}`,
      };
    case 2: {
      const code = rng.pick(CODE_SNIPPETS).split('\n').slice(1, -1);
      return {
        name: 'Read',
        input: { file_path: `/home/dana/src/billing-api/${s.file}` },
        output: code.map((l, i) => `${String(i + 1).padStart(6)}\t${l}`).join('\n'),
      };
    }
    default:
      return {
        name: 'Edit',
        input: {
          file_path: `/home/dana/src/billing-api/${s.file}`,
          old_string: 'createInvoice(customer, period)',
          new_string: 'findOrCreateInvoice(tx, customer, period)',
        },
        output: `The file /home/dana/src/billing-api/${s.file} has been updated.`,
      };
  }
}

/**
 * Writes about `bytes` bytes of Claude Code–shaped JSONL to `path` (streaming, with backpressure),
 * spread over `sessions` sessions (default: one per ~250 kB). Each session ends with a `summary`
 * line for its last message.
 */
export async function generateAgentJsonl(
  path: string,
  bytes: number,
  opts: { sessions?: number; seed?: number } = {},
): Promise<GeneratedTranscript> {
  const rng = new Rng(opts.seed ?? 42);
  const sessionCount = Math.max(1, opts.sessions ?? Math.ceil(bytes / 250_000));
  const perSession = bytes / sessionCount;
  const out = createWriteStream(path);
  const closed = finished(out);
  closed.catch(() => undefined); // awaited below; an early error also stops `write`
  let written = 0;
  let messages = 0;
  let sessions = 0;
  let buffer = '';

  const write = async (line: object): Promise<void> => {
    if (out.errored) throw out.errored;
    const text = `${JSON.stringify(line)}\n`;
    written += Buffer.byteLength(text);
    buffer += text;
    if (buffer.length >= 64 * 1024) {
      const chunk = buffer;
      buffer = '';
      if (!out.write(chunk)) await once(out, 'drain');
    }
  };

  for (let s = 0; s < sessionCount && written < bytes; s += 1) {
    sessions += 1;
    const sessionId = rng.uuid();
    const base = slots(rng);
    const common = {
      isSidechain: false,
      userType: 'external',
      cwd: '/home/dana/src/billing-api',
      sessionId,
      version: '1.0.51',
      gitBranch: `fix/${base.ticket}`,
    };
    let clock = Date.UTC(2025, 0, 6, 8) + s * 3_600_000 * 5;
    let parentUuid: string | null = null;
    const line = async (type: 'user' | 'assistant', content: unknown): Promise<void> => {
      const uuid = rng.uuid();
      clock += 2_000 + rng.int(60_000);
      const message =
        type === 'user'
          ? { role: 'user', content }
          : {
              id: `msg_${uuid.slice(0, 8)}`,
              type: 'message',
              role: 'assistant',
              model: 'claude-sonnet-4-20250514',
              content,
              stop_reason: null,
              usage: { input_tokens: 1000 + rng.int(9000), output_tokens: 50 + rng.int(800) },
            };
      await write({ parentUuid, ...common, type, message, uuid, timestamp: new Date(clock).toISOString() });
      parentUuid = uuid;
      messages += 1;
    };
    const sessionEnd = Math.min(bytes, written + perSession);
    while (written < sessionEnd) {
      const s1 = slots(rng);
      if (rng.chance(0.7)) s1.ticket = base.ticket ?? ''; // most turns stay on the session's ticket
      await line('user', fill(rng.pick(USER_TEMPLATES), s1));
      const text =
        fill(rng.pick(ASSISTANT_TEMPLATES), s1) + (rng.chance(0.3) ? `\n\n${rng.pick(CODE_SNIPPETS)}` : '');
      const thinking = { type: 'thinking', thinking: `Checking ${s1.file}.`, signature: 'EqQBCkYIBRgC' };
      const blocks: unknown[] = rng.chance(0.3)
        ? [thinking, { type: 'text', text }]
        : [{ type: 'text', text }];
      if (rng.chance(0.7)) {
        const call = toolCall(rng, s1);
        const id = `toolu_${rng.uuid().replace(/-/g, '').slice(0, 20)}`;
        blocks.push({ type: 'tool_use', id, name: call.name, input: call.input });
        await line('assistant', blocks);
        await line('user', [{ tool_use_id: id, type: 'tool_result', content: call.output }]);
        await line('assistant', [{ type: 'text', text: fill(rng.pick(ASSISTANT_TEMPLATES), s1) }]);
      } else {
        await line('assistant', blocks);
      }
    }
    await write({
      type: 'summary',
      summary: `${base.ticket}: ${base.component} in ${base.file}`,
      leafUuid: parentUuid,
    });
  }
  out.end(buffer);
  await closed;
  return { bytes: written, sessions, messages };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [path, megabytes = '100'] = process.argv.slice(2);
  if (!path) {
    console.error('usage: npx tsx bench/generate-transcript.ts <out.jsonl> [megabytes=100]');
    process.exit(2);
  }
  const result = await generateAgentJsonl(path, Number(megabytes) * 1024 * 1024);
  console.log(
    `${path}: ${(result.bytes / 1024 / 1024).toFixed(1)} MB, ${result.sessions} sessions, ${result.messages} messages`,
  );
}
