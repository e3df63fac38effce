import { describe, expect, it } from 'vitest';
import { stripFiller, whyLeftOut, type LeftOutReason } from './left-out-statements.ts';

const cases = (reason: LeftOutReason, texts: string[]) => texts.map((text) => [reason, text] as const);

describe('whyLeftOut', () => {
  it.each([
    ...cases('question', [
      'Should we use Redis for the invoice locks?',
      'is that also a problem',
      'what about refunds in JPY, the amount is not in cents there right',
      'Does the nightly job hold the lock for the whole run',
      'how do I make sure a customer who started the new flow stays on it',
      'Now, why the deploy step only fails at night.',
      'the refund amount is already in minor units there, right',
      'I wonder whether the retry path creates the second invoice.',
    ]),
    ...cases('request', [
      'Please do not paste the whole migration runner in your answers, it is huge.',
      "please don't add any new dependency besides pdf-lib",
      'Can you find where the invoice job is scheduled and why both replicas picked it up.',
      'could you look into the refund webhook handler',
      "make sure it's idempotent, Stripe retries webhooks for up to three days",
      'Fix the flaky ledger test in test/ledger/export.test.ts before the release.',
      'open it with the title "Fix staging migrate step"',
      'file a follow-up for the JPY email bug in the tracker',
      "Don't paste the whole stack trace again, just the first frame.",
      'I need you to check the refund handler for the zero-decimal currencies.',
    ]),
    ...cases('narration', [
      'Let me look for where the invoice job is scheduled.',
      "I'll check how migrate.js decides on the transaction.",
      "I'm going to rewrite the handler for refund.created and refund.updated.",
      'Next, the guard in the deploy workflow.',
      'Looking at the tax package first.',
      'Running the webhook tests again.',
      "Here's the diff of the migration split.",
      'Once it is merged I can re-run the staging deploy if you want.',
      'Reproduced: 2 failures in 20 runs of the ledger test.',
      "I'd go with the chunked render now and plan the pdfkit port separately.",
      "Since product wants to change the percentage without deploys, I'd go with option 2.",
      'Now the leak on errors: the new code closes each page in a `finally` block.',
      'Next, the retry path: it re-enqueues the job with the same idempotency key.',
    ]),
    ...cases('lead-in', [
      'There are two fixes I can see for the migrate step:',
      'So the plan for the migrate step:',
      'The fix for the partitioned table has three parts: ',
    ]),
    ...cases('context-dependent', [
      'That also breaks the rollback logic of the migration runner.',
      'This is why I added the cast to the lock query.',
      'It runs on every replica and nobody noticed for a month.',
      "They're created as drafts and only finalized by the dunning run.",
      'These tests share one database with the invoice tests.',
      "That's a bug: a refund of 5000 yen shows as 50 yen.",
      'Same for the refund worker, which also retries forever.',
      'The first option keeps the HTML templates as they are.',
      'Fixed the helper itself, see above for the details.',
      'Each ingress pod counts on its own, so the same caveat as option 1 applies.',
      'Given the error above, the lock timeout is too short for the index build.',
      'So this means the job must hold one connection for the whole run.',
      'Then the `dunning_flow` column pays off twice: you can group recovered cases by it.',
      'Hence the second invoice for every customer billed that night.',
    ]),
    ...cases('speculation', [
      "So the customer's `vatIdValid` must have been false when the invoice was computed.",
      'The retry might have created the second invoice before the lock was taken.',
      "The nightly job could've been started twice by the two replicas.",
    ]),
  ])('leaves out a %s: %s', (reason, text) => {
    expect(whyLeftOut(text)).toBe(reason);
  });

  it.each([
    'We decided to use PostgreSQL advisory locks for the invoice job.',
    'Please always run the ledger reconciliation before closing the month.',
    'Please never call the payment provider from the request path.',
    'Make sure you never commit the .env file with the Stripe secret key.',
    'Make sure every webhook handler is idempotent.',
    'Never call the payment provider from the request path; always enqueue a job.',
    'Do not run migrations against the billing database during business hours.',
    "Let's go with a schema per test file, as we do for the invoice tests.",
    "I'll use pdfkit for invoice PDFs from now on.",
    'This quarter we aim to cut failed payment retries in half.',
    "It's worth noting that the tax service caches rates for 24 hours.",
    'It turns out the scheduler runs on every replica.',
    'When a customer edits their VAT id while VIES is down, the API answers 503.',
    'If REPLICAS is missing, every pod allows the whole limit.',
    "I'm working on the refund webhook handler in src/webhooks/refund.ts.",
    'Running migrations during the invoice job blocks the deploy for 30 seconds.',
    'Search results are cached for 60 seconds in the API.',
    'Test coverage of the ledger module must stay above 90%.',
    'Go with option 1, handle refund.created and refund.updated and stop listening to charge.refunded.',
    'Deploys that run migrations between 23:00 and 23:40 UTC collide with the invoice job.',
    'There is a regression in the tax rounding since the 2.4 release.',
    'Note: the tax service caches rates for 24 hours.',
    'Every public endpoint must have documented error codes.',
    'The duplicate invoices must have been created by the retry path, which skips the lock.',
    'The VAT check may have to wait for VIES, which times out around midnight CET.',
    'Now that the lock is per customer, two replicas can run the invoice job side by side.',
  ])('keeps a statement that stands on its own: %s', (text) => {
    expect(whyLeftOut(text)).toBeNull();
  });

  it('keeps work promised for a time, and leaves out what the assistant is about to do now', () => {
    for (const text of [
      "I'll re-run the customer's import after tomorrow's deploy, it reads the original file again.",
      "I'll pick it up next week.",
      "We'll keep the nightly export off until the migration is done.",
    ]) {
      expect(whyLeftOut(text), text).toBeNull();
    }
    for (const text of [
      "I'll run the import tests again.",
      "I'll stamp the page numbers with pdf-lib after the merge.",
    ]) {
      expect(whyLeftOut(text), text).toBe('narration');
    }
  });

  it('leaves out a guess, a step announced after its reason, a plea about tickets and an admission', () => {
    expect(whyLeftOut('My guess is that the retries pile up after the deploy.')).toBe('speculation');
    expect(whyLeftOut('Probably the cache is cold after a restart.')).toBe('speculation');
    expect(
      whyLeftOut('Since the locale should no longer matter, let me run the suite under three LANG values.'),
    ).toBe('narration');
    expect(whyLeftOut("don't open a ticket for it, I'll mention it at stand-up")).toBe('request');
    expect(whyLeftOut("You're right, that's a typo in my snippet.")).toBe('context-dependent');
    expect(whyLeftOut("Don't push to main without a green pipeline.")).toBeNull();
  });

  it('reads past fillers to the statement', () => {
    expect(stripFiller('Ok, so now the lock is per customer.')).toBe('the lock is per customer.');
    expect(whyLeftOut('Yes, that also breaks the refund job.')).toBe('context-dependent');
    expect(whyLeftOut('Argh. Let me look at the refund job again.')).toBe('narration');
    expect(whyLeftOut('Right, the invoice job starts at 23:00 UTC.')).toBeNull();
  });

  it.each([
    ['long text', 'we decided '.repeat(200_000)],
    ['above, repeated', 'the above '.repeat(200_000)],
    ['spaces', ' '.repeat(1_000_000)],
    ['colons', ':'.repeat(1_000_000)],
    ['promises', "i'll until the ".repeat(100_000)],
  ])('answers on hostile input: %s', (_name, text) => {
    expect(() => whyLeftOut(text)).not.toThrow();
  });
});
