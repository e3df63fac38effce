import { describe, expect, it } from 'vitest';
import type { MemoryType } from '../memories/table.ts';
import { classifyMemoryType } from './classify-memory-type.ts';
import { isQuestion } from './left-out-statements.ts';

/** The threshold extract-candidates keeps a statement at. */
const KEEP = 0.5;

const TABLE: Array<[MemoryType, string]> = [
  [
    'decision',
    'We decided to use PostgreSQL advisory locks for the invoice job because two workers double-charged a customer in BILL-142.',
  ],
  ['decision', "Let's go with Stripe's idempotency keys instead of our own dedupe table."],
  ['decision', "We'll use pdfkit for invoice PDFs from now on."],
  ['decision', 'We switched to pdfkit from puppeteer because Chromium kept crashing in the container.'],
  ['decision', 'I chose a per-customer lock over a global one so that unrelated customers never wait.'],
  ['decision', 'Going with monthly partitions for the ledger table.'],
  ['constraint', 'Never call the payment provider from the request path; always enqueue a job.'],
  ['constraint', 'Amounts must be stored as integer cents, never as floats.'],
  ['constraint', 'Do not run migrations against the billing database during business hours.'],
  ['constraint', 'Only the billing worker is allowed to write to the ledger table.'],
  ['constraint', 'A signed webhook secret is required for every provider endpoint.'],
  ['constraint', 'Refund amounts should not exceed the captured amount of the charge.'],
  ['constraint', 'Make sure you never commit the .env file with the Stripe secret key.'],
  ['constraint', 'Please always run the ledger reconciliation before closing the month.'],
  ['problem', 'The PDF renderer times out for invoices with more than 500 lines.'],
  ['problem', 'The root cause was a missing index on invoices.customer_id.'],
  ['problem', 'There is a regression in the tax rounding since the 2.4 release.'],
  ['problem', 'The ledger export test is flaky on CI when two jobs overlap.'],
  ['problem', 'The webhook handler crashes when the payload has no customer field.'],
  ['problem', 'Proration is broken for plans that change in the middle of a cycle.'],
  [
    'caveat',
    'Note that the Stripe sandbox does not send webhook signatures, so verification is skipped in dev.',
  ],
  ['caveat', 'Be careful: the ledger export runs at midnight UTC, not local time.'],
  ['caveat', 'Gotcha: advisory locks are released when the pooled connection is returned.'],
  ['caveat', 'Watch out for customers with a zero-decimal currency like JPY when formatting amounts.'],
  ['caveat', 'Keep in mind that the tax service caches rates for 24 hours.'],
  ['goal', 'The goal is to generate all monthly invoices in under ten minutes by the end of Q3.'],
  ['goal', 'We want to support multi-currency invoices for EU customers.'],
  ['goal', 'This quarter we aim to cut failed payment retries in half.'],
  ['active_work', "I'm working on the refund webhook handler in src/webhooks/refund.ts."],
  ['active_work', 'Next step: backfill the tax column for invoices created before BILL-150.'],
  ['active_work', 'TODO: add retries with backoff to the ledger export job.'],
  ['active_work', 'The dunning email rewrite is still in progress on the feature branch.'],
  ['active_work', 'Currently implementing the proration calculator for mid-cycle upgrades.'],
  ['summary', 'TL;DR: the invoice job now takes a per-customer advisory lock and retries on conflict.'],
  ['summary', 'In summary, all provider calls now go through the outbox with idempotency keys.'],
  ['summary', 'To summarize, the export is slow because it loads every invoice line into memory.'],
  ['activity', 'Merged PR #231, which adds idempotency keys to every provider call.'],
  ['activity', 'Deployed v2.3.1 to production and ran the migration for the tax table.'],
  ['activity', 'Fixed the flaky test in src/invoices/render.test.ts by freezing the clock.'],
  ['activity', 'Opened a PR that moves invoice rendering into the worker process.'],
  ['activity', 'Released the new invoice template to all workspaces this morning.'],
  ['note', 'The invoice numbering logic lives in src/billing/numbering.ts.'],
  ['note', 'FYI the `BILLING_PROVIDER_URL` setting points to the sandbox in staging.'],
];

/** Each statement typed as given, confidently enough to be staged. */
function expectKept(cases: Array<[MemoryType, string]>): void {
  for (const [type, text] of cases) {
    const result = classifyMemoryType(text);
    expect(result.type, text).toBe(type);
    expect(result.confidence, text).toBeGreaterThanOrEqual(KEEP);
  }
}

describe('classifyMemoryType', () => {
  it.each(TABLE)('classifies a %s statement: %s', (type, text) => {
    const result = classifyMemoryType(text);
    expect(result.type).toBe(type);
    expect(result.confidence).toBeGreaterThanOrEqual(KEEP);
    expect(result.confidence).toBeLessThanOrEqual(1);
  });

  it.each([
    'Thanks!',
    'Thanks, that fixed it!',
    'Sure, let me look at the invoice job.',
    'Let me run the tests to see if the bug is fixed.',
    "I'll check the logs for the webhook handler.",
    "Don't worry, I'll handle the rest of the refactor.",
    'Great question, the code is fairly simple really.',
    'All tests pass with no errors.',
    'The lock is released when the transaction commits.',
    'The build target for the worker is node20.',
    'The invoice numbering logic lives in a separate module.',
    'I always forget how the proration works, sorry.',
  ])('is not confident about chit-chat or weak wording: %s', (text) => {
    expect(classifyMemoryType(text).confidence).toBeLessThan(KEEP);
  });

  it('is not confident about questions, whatever their wording', () => {
    for (const text of [
      'Should we decide to use Redis for the invoice locks?',
      'Must the worker hold the lock for the whole run?',
      'Is the PDF renderer still timing out (for large invoices)?',
    ]) {
      expect(classifyMemoryType(text).confidence, text).toBeLessThan(KEEP);
    }
  });

  it('prefers the explicit cue when several types are mentioned', () => {
    expect(classifyMemoryType('Note that the invoice job must hold one connection for the run.').type).toBe(
      'caveat',
    );
    expect(
      classifyMemoryType('We decided to retry the charge because the provider call fails under load.').type,
    ).toBe('decision');
    expect(classifyMemoryType('Fixed the bug where the PDF renderer timed out on large invoices.').type).toBe(
      'activity',
    );
    expect(classifyMemoryType('I found the bug: the retry loop never resets the attempt counter.').type).toBe(
      'problem',
    );
  });

  it.each([
    [
      'caveat',
      'The pool options only apply to new connections, so useSchemaPerFile must run before the first query.',
    ],
    [
      'caveat',
      'Since API version 2022-11-15 the charge object lacks the refunds list, so handlers must fetch refunds.',
    ],
    [
      'caveat',
      '`hashtext()` is a signed integer, so comparing it with `pg_locks.objid` needs a cast, otherwise hashes never match.',
    ],
    ['caveat', 'The advisory lock is per session, which means the job must keep one connection for its run.'],
    [
      'problem',
      'The handler in src/webhooks/refund.ts records only the first refund, so a second refund never reaches the ledger.',
    ],
  ])('types a consequence by what it says, not as a rule (%s): %s', (type, text) => {
    const result = classifyMemoryType(text);
    expect(result.type).toBe(type);
    expect(result.confidence).toBeGreaterThanOrEqual(KEEP);
  });

  it('keeps a rule stated before its consequence a constraint', () => {
    for (const text of [
      'Every webhook handler must be idempotent, so a retried delivery changes nothing.',
      'Never call the payment provider inline; otherwise a slow provider blocks the request.',
      'Amounts must be stored as integer cents, because floats lose precision.',
    ]) {
      expect(classifyMemoryType(text).type, text).toBe('constraint');
    }
  });

  it('reads "must have" as a guess at a cause, not as a rule', () => {
    const guess = classifyMemoryType(
      'The duplicate entries of September must have come from retried `charge.refunded` deliveries.',
    );
    expect(guess.type).toBe('problem');
    expect(
      classifyMemoryType('The duplicate invoices must be the retry path creating drafts.').type,
    ).not.toBe('constraint');
  });

  it('reads "always" and "never" after a verb as a description, not a rule', () => {
    expect(classifyMemoryType('Given the API version, `charge.refunds` is always empty.').type).not.toBe(
      'constraint',
    );
    expect(classifyMemoryType('Refunds issued from the dashboard never show up in our ledger.').type).toBe(
      'problem',
    );
  });

  it('does not read a task or a comparison as a decision', () => {
    const task = classifyMemoryType('The Stripe dashboard still has to be switched to the new events.');
    expect(task.type).toBe('active_work');
    expect(
      classifyMemoryType('Queries on one month only touch one partition, scanning 6M rows instead of 180M.')
        .confidence,
    ).toBeLessThan(KEEP);
    expect(classifyMemoryType('The fix required a migration of the ledger table.').type).not.toBe(
      'constraint',
    );
  });

  it('reads a limit of a tool as a caveat when it names the tool', () => {
    const limit = classifyMemoryType('`CREATE INDEX CONCURRENTLY` cannot run inside a transaction block.');
    expect(limit).toMatchObject({ type: 'caveat' });
    expect(limit.confidence).toBeGreaterThanOrEqual(KEEP);
    expect(
      classifyMemoryType("Since your customers use pages, you can't remove them overnight.").confidence,
    ).toBeLessThan(KEEP);
  });

  it('reads how a kind of thing behaves as a caveat, and a rule of the team as a constraint', () => {
    expectKept([
      [
        'caveat',
        'A pooled Redis client must be recreated after a failover, otherwise every later command hangs.',
      ],
      ['caveat', 'A foreign key must reference a unique column of the parent table.'],
      ['caveat', 'Triggers are not allowed on a foreign table in this PostgreSQL version.'],
      [
        'caveat',
        'The export endpoint answers 409 while a run is active, because a half-written file must never be served.',
      ],
      ['constraint', 'Every export must be signed with the workspace key.'],
      ['constraint', 'Cron jobs must run in UTC, because the invoices are dated in UTC.'],
      ['constraint', 'Never edit a released migration; otherwise environments drift apart.'],
      ['constraint', 'Direct writes to the ledger are not allowed outside the billing worker.'],
    ]);
  });

  it('does not read a supposed, denied or timed failure as a problem or a rule', () => {
    expect(classifyMemoryType('If the worker crashes, the supervisor starts a new one.').type).not.toBe(
      'problem',
    );
    expect(
      classifyMemoryType('Production still serves from the old bucket, nothing is broken yet.').type,
    ).not.toBe('problem');
    expect(
      classifyMemoryType('No failures in the last run, so it is not the schema.').confidence,
    ).toBeLessThan(KEEP);
    expect(
      classifyMemoryType(
        'The importer pod got OOMKilled 4 times today, always while parsing the March export.',
      ),
    ).toMatchObject({ type: 'problem' });
    expect(classifyMemoryType('The nightly sync never reached the EU region after the cut-over.').type).toBe(
      'problem',
    );
  });

  it('reads common wordings of a caveat, a goal, a pinned version and work planned', () => {
    expectKept([
      ['caveat', 'One thing to watch: the cache key ignores the locale of the request.'],
      ['caveat', "There's a catch with `pg_dump --jobs`: it needs the directory output format."],
      ['goal', 'We want one queue per tenant and a shared dead-letter queue.'],
      ['constraint', "We're pinned to Node 18 until the hosting provider upgrades its runtime."],
      ['constraint', 'The mobile app has to stay on React Native 0.72 for now.'],
      ['active_work', "I'll re-run the failed exports after tomorrow's deploy."],
      ['active_work', 'Moving the mailer to the new provider is MAIL-31, planned for Q2.'],
      ['active_work', 'Open: the backfill of the archived tenants.'],
      ['problem', '412 of the 3,000 rows were skipped as "duplicate key" during the nightly sync.'],
      ['decision', 'The API clients now use the regional endpoints, set through `API_REGION`.'],
    ]);
  });

  it('does not read an undecided choice, a frequency or a failure under a condition as a decision, rule or problem', () => {
    expect(
      classifyMemoryType("The team hasn't decided between SQS and Kafka yet, it depends on the cost review.")
        .type,
    ).not.toBe('decision');
    expect(
      classifyMemoryType('A `.xls` file from the bank almost always means the old BIFF format.').type,
    ).not.toBe('constraint');
    expect(
      classifyMemoryType(
        'The loader tries the cache, then the API, and falls back to the file only when that fails.',
      ).type,
    ).not.toBe('problem');
  });

  it('reads a practice of the team, an option taken and a labelled summary by their wording', () => {
    expectKept([
      ['constraint', "We don't mock the database in the repository tests, they run against PostgreSQL."],
      ['decision', 'Not option 2: the queue would double our hosting bill for one feature.'],
      [
        'summary',
        'For the release notes summary: exports are now streamed, so large workspaces no longer time out.',
      ],
    ]);
    expect(
      classifyMemoryType('The staging cluster never sees this, because it has a single node.').type,
    ).not.toBe('constraint');
    expect(classifyMemoryType('All 812 invoices were checked by hash; no invoice was lost.').type).not.toBe(
      'problem',
    );
    expect(
      classifyMemoryType('An alert on queue depth would warn us before the OOM killer does next time.').type,
    ).not.toBe('problem');
    expect(
      classifyMemoryType('Pinning the region in the test setup would only hide different bugs.').type,
    ).not.toBe('problem');
  });

  it('reads work someone is doing now as active work', () => {
    for (const text of [
      "I'm doing the scripts/ changes for the Node upgrade now.",
      "We're rolling out the new dunning flow to 5% of customers.",
      "I'm in the middle of moving the queue consumers to the new cluster.",
      'Still to do: delete the old bucket once the sync has run twice.',
    ]) {
      const result = classifyMemoryType(text);
      expect(result.type, text).toBe('active_work');
      expect(result.confidence, text).toBeGreaterThanOrEqual(KEEP);
    }
  });

  it('is more confident when the statement names something concrete', () => {
    const vague = classifyMemoryType('The export job fails when the customer has no billing address.');
    const named = classifyMemoryType(
      'The export job in src/jobs/export.ts fails when the customer has no billing address.',
    );
    expect(vague.type).toBe('problem');
    expect(named.type).toBe('problem');
    expect(named.confidence).toBeGreaterThan(vague.confidence);
  });

  it('is less confident about hedged statements', () => {
    const sure = classifyMemoryType('The PDF renderer crashes on invoices with embedded fonts.');
    const hedged = classifyMemoryType('Maybe the PDF renderer crashes on invoices with embedded fonts.');
    expect(hedged.confidence).toBeLessThan(sure.confidence);
  });

  it('returns a note with no confidence for empty or blank text', () => {
    expect(classifyMemoryType('')).toEqual({ type: 'note', confidence: 0 });
    expect(classifyMemoryType(' \n\t ')).toEqual({ type: 'note', confidence: 0 });
  });

  it('is deterministic and reads only the opening of a huge statement', () => {
    const huge = `We decided to shard the ledger by customer. ${'padding words '.repeat(100_000)}`;
    const first = classifyMemoryType(huge);
    expect(first).toEqual(classifyMemoryType(huge));
    expect(first.type).toBe('decision');
  });

  it('survives hostile input', () => {
    for (const text of [
      'x'.repeat(1_000_000),
      '['.repeat(100_000),
      'only '.repeat(50_000),
      '😀'.repeat(50_000),
    ]) {
      const result = classifyMemoryType(text);
      expect(result.confidence).toBeGreaterThanOrEqual(0);
      expect(result.confidence).toBeLessThanOrEqual(1);
    }
  });
});

describe('isQuestion', () => {
  it('sees a question mark behind closing quotes and parentheses', () => {
    expect(isQuestion('Should we use Redis?')).toBe(true);
    expect(isQuestion('Do we lock per customer (or per invoice?)')).toBe(true);
    expect(isQuestion('We lock per customer.')).toBe(false);
    expect(isQuestion('')).toBe(false);
  });
});
