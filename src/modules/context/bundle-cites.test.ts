import { eq } from 'drizzle-orm';
import { countTokens } from 'gpt-tokenizer';
import { describe, expect, it } from 'vitest';
import { useHarness } from '../../test/harness.ts';
import { created, teamAndOutsider } from '../memories/memories.fixtures.ts';
import { allItems } from './bundle.fixtures.ts';
import { memories } from '../memories/table.ts';
import type { Bundle as BundleAnswer } from './schemas.ts';

const h = useHarness();

describe('GET /v1/context/bundle with cited code', () => {
  it("carries each memory's cites (path and symbol, not the commit), within the budget", async () => {
    const other = await teamAndOutsider(h);
    const at = { ws: other.t.ws, project: other.t.project };
    const cites = [
      { path: 'src/billing/invoice.ts', symbol: 'computeTaxLines', commit: 'abcdef1234' },
      { path: 'src/billing' },
    ];
    const cited = await created(h, at, other.t.maintainer, 'decision', 'Tax lines are computed per invoice', {
      status: 'confirmed',
      metadata: { cites },
    });
    const plain = await created(h, at, other.t.maintainer, 'constraint', 'Invoices are never deleted', {
      status: 'confirmed',
    });
    // Metadata was free-form before cites were checked: only the valid ones are shown.
    const legacy = await created(h, at, other.t.maintainer, 'activity', 'Deployed the tax rounding fix', {
      metadata: { note: 'written before cites were checked' },
    });
    await h.database.db
      .update(memories)
      .set({ metadata: { cites: [{ path: '../etc/passwd' }, 'src/tax.ts', { path: 'src/tax.ts' }, null] } })
      .where(eq(memories.id, legacy.id));
    const get = async (query: Record<string, string> = {}) => {
      const res = await h.request('GET', '/v1/context/bundle', {
        as: other.t.reader,
        query: { workspace_key: at.ws, project_key: at.project, ...query },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as BundleAnswer;
    };
    const shown = allItems(await get());
    const byId = (id: string) => shown.find((i) => i.id === id);
    expect(byId(cited.id)?.cites).toEqual([
      { path: 'src/billing/invoice.ts', symbol: 'computeTaxLines' },
      { path: 'src/billing' },
    ]);
    expect(byId(plain.id)).not.toHaveProperty('cites');
    expect(byId(legacy.id)?.cites).toEqual([{ path: 'src/tax.ts' }]);
    // A recalled memory carries them too.
    const recalled = (await get({ q: 'tax lines computed' })).retrieval.results;
    expect(recalled.find((i) => i.id === cited.id)?.cites).toEqual(byId(cited.id)?.cites);
    // The Markdown shows no cites: a client that checked them says what it did not find.
    const markdown = await h.request('GET', '/v1/context/bundle', {
      as: other.t.reader,
      query: { workspace_key: at.ws, project_key: at.project, format: 'markdown' },
    });
    expect(markdown.body).not.toContain('src/billing');

    // Cites count in the budget: many long ones leave fewer items, never a bundle over it.
    const long = Array.from({ length: 20 }, (_, i) => ({
      path: `services/ledger/postings/${'immutable-'.repeat(8)}${i}.ts`,
      symbol: `appendCorrectionForPosting${i}`,
    }));
    for (let i = 0; i < 12; i++) {
      await created(h, at, other.t.maintainer, 'decision', `Ledger rule ${i}: postings are immutable`, {
        status: 'confirmed',
        metadata: { cites: long },
      });
    }
    const fitted = [];
    for (const budget of ['300', '1000', '8000']) {
      const res = await h.request('GET', '/v1/context/bundle', {
        as: other.t.reader,
        query: { workspace_key: at.ws, project_key: at.project, budget, q: 'ledger postings' },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(countTokens(res.body), budget).toBeLessThanOrEqual(Number(budget));
      fitted.push(allItems(res.json() as BundleAnswer).filter((i) => i.cites?.length === 20).length);
    }
    expect(fitted[0]).toBe(0);
    expect(fitted[2]).toBeGreaterThan(fitted[1]!);
  });
});
