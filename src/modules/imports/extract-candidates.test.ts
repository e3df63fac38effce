import { describe, expect, it } from 'vitest';
import { extractCandidates, MAX_CANDIDATE_CHARS, type Candidate } from './extract-candidates.ts';

const fromAssistant = (content: string) => extractCandidates({ role: 'assistant', content });
const fromUser = (content: string) => extractCandidates({ role: 'user', content });
const typed = (candidates: Candidate[]) => candidates.map(({ type, content }) => [type, content]);

const ASSISTANT_TURN = `Thanks! Let me look at the invoice job first.

[tool_use Bash] {"command": "grep -rn \\"advisory\\" src/"}

I found the problem. The root cause is that two workers can pick the same invoice run: there is no lock around \`generateInvoices()\`.

## Plan

- We decided to use PostgreSQL advisory locks keyed by customer id because two workers double-charged a customer in BILL-142.
- **Never** call the payment provider from the request path; always enqueue a job.
- Add a regression test

\`\`\`ts
// we decided to never do this
await provider.charge(invoice); // must not be called here
\`\`\`

Error: connection terminated unexpectedly
    at Client._handleErrorEvent (/app/node_modules/pg/lib/client.js:319:19)
    at Connection.emit (node:events:519:28)

See [the locking docs](https://www.postgresql.org/docs/current/explicit-locking.html) for details.
https://github.com/acme/billing-api/pull/231

Note that advisory locks are per session, so the job must hold one connection for the whole run.
That's because a pooled connection could release the lock early.
Should I also add a timeout to the lock?`;

describe('extractCandidates', () => {
  it('finds the memorable statements in an assistant turn, most confident first', () => {
    expect(typed(fromAssistant(ASSISTANT_TURN))).toEqual([
      [
        'decision',
        'We decided to use PostgreSQL advisory locks keyed by customer id because two workers double-charged a customer in BILL-142.',
      ],
      [
        'caveat',
        "Note that advisory locks are per session, so the job must hold one connection for the whole run. That's because a pooled connection could release the lock early.",
      ],
      ['constraint', 'Never call the payment provider from the request path; always enqueue a job.'],
      [
        'problem',
        'The root cause is that two workers can pick the same invoice run: there is no lock around `generateInvoices()`.',
      ],
    ]);
  });

  it('reports confidences between the keep threshold and 1, sorted', () => {
    const found = fromAssistant(ASSISTANT_TURN);
    const confidences = found.map((c) => c.confidence);
    expect(confidences).toEqual([...confidences].sort((a, b) => b - a));
    for (const c of confidences) {
      expect(c).toBeGreaterThanOrEqual(0.5);
      expect(c).toBeLessThanOrEqual(1);
    }
  });

  it('finds statements in a user message of plain lines', () => {
    const found = fromUser(
      [
        'ok so a few things about billing-api',
        'The PDF renderer times out for invoices with more than 500 lines',
        'we want to move rendering to the worker by the end of the sprint',
        'Amounts must be stored as integer cents, never as floats.',
        "I'm working on the refund webhook handler in src/webhooks/refund.ts",
        'thanks!',
      ].join('\n'),
    );
    expect(typed(found).sort()).toEqual(
      [
        ['active_work', "I'm working on the refund webhook handler in src/webhooks/refund.ts"],
        ['constraint', 'Amounts must be stored as integer cents, never as floats.'],
        ['goal', 'we want to move rendering to the worker by the end of the sprint'],
        ['problem', 'The PDF renderer times out for invoices with more than 500 lines'],
      ].sort(),
    );
  });

  it.each([
    'thanks!',
    'Sure, let me look.',
    'Sure, let me look at the invoice job and get back to you.',
    'Let me run the tests.',
    'Let me run the tests to see whether the flaky invoice test still fails.',
    "Great, that works. I'll check the logs for the webhook handler next.",
    'Looks good to me, thank you so much for the quick turnaround on this!',
    'All tests pass with no errors.',
  ])('finds nothing in chit-chat: %s', (content) => {
    expect(fromAssistant(content)).toEqual([]);
    expect(fromUser(content)).toEqual([]);
  });

  it('stages statements, not the questions, pleas, narration and leaning sentences around them', () => {
    const user = fromUser(
      [
        'ok good. please do not paste the whole migration runner in your answers, just show me the diff.',
        "is that also a problem for the refund job. we can't deploy between 23:00 and 23:40 UTC",
        'one rule going forward: every CREATE INDEX on a big table must use CONCURRENTLY.',
      ].join('\n'),
    );
    expect(typed(user)).toEqual([
      ['constraint', 'one rule going forward: every CREATE INDEX on a big table must use CONCURRENTLY.'],
      ['caveat', "we can't deploy between 23:00 and 23:40 UTC"],
    ]);
    const assistant = fromAssistant(
      [
        'Now, why the deploy step only fails at night.',
        "Let me check when the invoice job is scheduled. I'll run the migration tests next.",
        'The staging deploy fails because migration 0042 waits for a lock held by the nightly invoice job.',
        'That also breaks the rollback logic. This is why the migrate step times out.',
        'There are two fixes I can see:',
        'Once it is merged I can re-run the staging deploy if you want.',
      ].join('\n'),
    );
    expect(typed(assistant)).toEqual([
      [
        'problem',
        'The staging deploy fails because migration 0042 waits for a lock held by the nightly invoice job.',
      ],
    ]);
  });

  it('judges each sentence of a bullet on its own', () => {
    const found = fromAssistant(
      [
        '- **PostgreSQL as the counter store.** It works, but every request then writes to the database.',
        '- **Offboarding.** Deactivating a user in Okta does not end sessions in `billing-api`, so they must be deleted by the deactivate hook.',
      ].join('\n'),
    );
    expect(typed(found)).toEqual([
      [
        'caveat',
        'Deactivating a user in Okta does not end sessions in `billing-api`, so they must be deleted by the deactivate hook.',
      ],
    ]);
  });

  it('leaves out the bullets under a paragraph announcing choices, and only those', () => {
    const found = fromAssistant(
      [
        'I see two ways forward:',
        '',
        '- Render the statement in chunks of 500 lines and merge them with `pdf-lib`, which must stay below 1 GiB.',
        '- Switch statements to `pdfkit`, which never holds a layout of the whole document.',
        '',
        'We decided to keep the HTML templates for statements.',
        '',
        'Constraints for the fix:',
        '',
        '- Never launch a browser per statement; always reuse the pod’s shared Chromium.',
      ].join('\n'),
    );
    expect(typed(found)).toEqual([
      ['decision', 'We decided to keep the HTML templates for statements.'],
      ['constraint', 'Never launch a browser per statement; always reuse the pod’s shared Chromium.'],
    ]);
  });

  it('ends a chat sentence at a full stop before a lower-case word, but not after an abbreviation or a file name', () => {
    const found = fromUser(
      'argh. not in this branch. we decided to keep the old e.g. retry job in src/jobs/retry.ts. it stays for now',
    );
    expect(found.map((c) => c.content)).toEqual([
      'we decided to keep the old e.g. retry job in src/jobs/retry.ts. it stays for now',
    ]);
  });

  it('finds nothing in questions', () => {
    expect(
      fromUser('Should we use Redis for the invoice locks? Must the worker hold the lock for the whole run?'),
    ).toEqual([]);
  });

  it('finds nothing in tool or system messages, however strong the wording', () => {
    const content =
      'We decided to use PostgreSQL advisory locks for the invoice job. Never call the provider inline.';
    expect(extractCandidates({ role: 'tool', content })).toEqual([]);
    expect(extractCandidates({ role: 'system', content })).toEqual([]);
    expect(fromUser(content)).toHaveLength(2);
  });

  it('ignores fenced code, including unclosed and one-line fences', () => {
    const code = [
      '```ts',
      '// We decided to use advisory locks for the invoice job here.',
      'const mustNeverRetry = true; // never retry a charge because it double-charges',
      '```',
      '~~~',
      'We decided to use a tilde fence for this example block.',
      '~~~',
      '```We decided to keep this one-line fence out of the memories.```',
      'Amounts must be stored as integer cents, never as floats.',
      '```',
      'We decided to leave this fence open until the end of the message.',
    ].join('\n');
    expect(typed(fromAssistant(code))).toEqual([
      ['constraint', 'Amounts must be stored as integer cents, never as floats.'],
    ]);
  });

  it('ignores tool-call markers and their JSON payloads, even over several lines', () => {
    const content = [
      'Checking the ledger code now. [tool_use Bash] {"command": "rg \\"we decided to use\\" src/"}',
      '[tool_use Edit] {',
      '  "path": "src/ledger/export.ts",',
      '  "new_string": "// The ledger export must never run twice at once {"',
      '}',
      '[tool_result]',
      'Error: the ledger export crashed because it must not run twice',
      '',
      'The ledger export crashes when two runs overlap in BILL-160.',
    ].join('\n');
    expect(typed(fromAssistant(content))).toEqual([
      ['problem', 'The ledger export crashes when two runs overlap in BILL-160.'],
    ]);
  });

  it('ignores stack traces and URL-only lines', () => {
    const content = [
      'TypeError: Cannot read properties of undefined (reading "customerId") because the invoice has no customer',
      '    at renderInvoice (/app/src/invoices/render.ts:42:17)',
      '    at processTicksAndRejections (node:internal/process/task_queues:95:5)',
      'Traceback (most recent call last):',
      '  File "/app/scripts/backfill.py", line 12, in main',
      'https://sentry.example.com/issues/4242 https://github.com/acme/billing-api/issues/7',
      '- <https://example.com/decided-to-use-this-link>',
      '',
      'The invoice renderer crashes when an invoice has no customer attached.',
    ].join('\n');
    expect(typed(fromAssistant(content))).toEqual([
      ['problem', 'The invoice renderer crashes when an invoice has no customer attached.'],
    ]);
  });

  it('strips markdown noise and keeps bullets whole', () => {
    const content = [
      '### Decisions',
      '',
      '> **Decision:** we decided to use [pdfkit](https://pdfkit.org) for invoice PDFs.',
      '',
      '---',
      '',
      '| decision | owner |',
      '|---|---|',
      '| we decided to use pdfkit for every invoice | ana |',
      '',
      '1. Switched the invoice queue to `pg-boss` because',
      '   Redis was one more thing to operate.',
      '- [x] Deployed the new dunning emails to production for all workspaces',
      '* **Careful:** the tax service caches rates for 24 hours.',
    ].join('\n');
    expect(typed(fromAssistant(content)).sort()).toEqual(
      [
        ['activity', 'Deployed the new dunning emails to production for all workspaces'],
        ['caveat', 'Careful: the tax service caches rates for 24 hours.'],
        ['decision', 'Decision: we decided to use pdfkit for invoice PDFs.'],
        ['decision', 'Switched the invoice queue to `pg-boss` because Redis was one more thing to operate.'],
      ].sort(),
    );
  });

  it('keeps a sentence together with a following "because" sentence', () => {
    const found = fromUser(
      'We switched the invoice job to advisory locks. Because two workers double-charged a customer in BILL-142. Anyway, lunch.',
    );
    expect(typed(found)).toEqual([
      [
        'decision',
        'We switched the invoice job to advisory locks. Because two workers double-charged a customer in BILL-142.',
      ],
    ]);
  });

  it('does not split sentences at abbreviations or file names', () => {
    const found = fromUser(
      'We decided to use e.g. pg_advisory_xact_lock() vs. a lock table, i.e. the cheaper one in src/jobs/lock.ts. Next step: load-test the lock in staging.',
    );
    expect(found.map((c) => c.content)).toEqual([
      'We decided to use e.g. pg_advisory_xact_lock() vs. a lock table, i.e. the cheaper one in src/jobs/lock.ts.',
      'Next step: load-test the lock in staging.',
    ]);
  });

  it('drops statements shorter than about 25 characters', () => {
    expect(fromUser('We decided on pdfkit.')).toEqual([]);
    expect(fromUser('We decided to use pdfkit here.')).toHaveLength(1);
  });

  it('clips long statements at a word boundary with an ellipsis', () => {
    const clause = 'and the ledger keeps every charge, refund and adjustment for each customer account ';
    const long = `We decided to keep the full invoice history in the ledger table ${clause.repeat(12)}forever.`;
    const [candidate] = fromUser(long);
    expect(candidate?.type).toBe('decision');
    const content = candidate?.content ?? '';
    expect(content.length).toBeLessThanOrEqual(MAX_CANDIDATE_CHARS);
    expect(content.length).toBeGreaterThan(MAX_CANDIDATE_CHARS - 40);
    expect(content.endsWith('…')).toBe(true);
    const kept = content.slice(0, -1);
    expect(long.startsWith(kept)).toBe(true);
    expect(long[kept.length]).toMatch(/[\s,]/);
  });

  it('keeps short statements whole, with whitespace collapsed', () => {
    const [candidate] = fromUser('  We   decided to use\tpdfkit for   invoice PDFs.  ');
    expect(candidate?.content).toBe('We decided to use pdfkit for invoice PDFs.');
  });

  it('deduplicates the same statement within one message', () => {
    const content = [
      'We decided to use pdfkit for invoice PDFs.',
      '- We decided to use pdfkit for invoice PDFs.',
      'We  decided to use PDFKit for invoice PDFs',
    ].join('\n\n');
    expect(typed(fromUser(content))).toEqual([['decision', 'We decided to use pdfkit for invoice PDFs.']]);
  });

  it('returns at most ten candidates: the most confident, then in order of appearance', () => {
    const weak = 'Overall, the billing-api retries provider calls with backoff.';
    const decisions = Array.from(
      { length: 12 },
      (_, i) => `We decided to use region ${i + 1} for invoice storage.`,
    );
    const found = fromUser([weak, ...decisions].join('\n'));
    expect(found).toHaveLength(10);
    expect(found.map((c) => c.content)).toEqual(decisions.slice(0, 10));
  });

  it('puts a stronger statement ahead of a weaker earlier one', () => {
    const found = fromUser(
      'Overall, the billing-api retries provider calls with backoff. Never call the payment provider from the request path.',
    );
    expect(found.map((c) => c.type)).toEqual(['constraint', 'summary']);
  });

  it('reads only the first 50,000 characters of a message', () => {
    const filler = 'lorem ipsum dolor sit amet. '.repeat(2_000);
    expect(fromUser(`We decided to use pdfkit for invoice PDFs. ${filler}`)).toHaveLength(1);
    expect(fromUser(`${filler}We decided to use pdfkit for invoice PDFs.`)).toEqual([]);
  });

  it('does not keep a fragment cut off at the scan limit', () => {
    const found = fromUser('We decided to use advisory locks for the invoice job. '.repeat(20_000));
    expect(typed(found)).toEqual([['decision', 'We decided to use advisory locks for the invoice job.']]);
  });

  it('is deterministic', () => {
    expect(fromAssistant(ASSISTANT_TURN)).toEqual(fromAssistant(ASSISTANT_TURN));
  });

  it.each([
    ['repeated text', 'We must never double-charge. '.repeat(40_000)],
    ['one long word', 'x'.repeat(1_000_000)],
    ['brackets', '['.repeat(1_000_000)],
    ['link openings', '[a]('.repeat(250_000)],
    ['backticks', '`'.repeat(1_000_000)],
    ['fences', '```\n'.repeat(250_000)],
    ['bullets', '- '.repeat(500_000)],
    ['exclamation marks', `${'!'.repeat(1_000_000)}x`],
    ['dots and spaces', '. '.repeat(500_000)],
    ['tool markers', '[tool_use Bash] {'.repeat(60_000)],
    ['stack frames', '    at x (y.js:1:1)\n'.repeat(50_000)],
    ['slashes', 'a/'.repeat(500_000)],
    ['emoji', '😀'.repeat(500_000)],
    ['newlines', '\n'.repeat(1_000_000)],
  ])('returns on hostile input: %s', (_name, content) => {
    const found = fromAssistant(content);
    expect(found.length).toBeLessThanOrEqual(10);
    for (const c of found) expect(c.content.length).toBeLessThanOrEqual(MAX_CANDIDATE_CHARS);
  });
});
