import { sql } from 'drizzle-orm';
import type { Ctx } from '../../platform/context.ts';
import { lexiconWords } from './search-terms.ts';
import { memoryLexicon } from './table.ts';

/** Adds the words of new content to the project's typo-correction lexicon. */
export async function learnWords(ctx: Ctx, projectId: string, contents: string[]): Promise<void> {
  const words = [...new Set(contents.flatMap(lexiconWords))];
  if (words.length === 0) return;
  await ctx.db.execute(sql`
    insert into ${memoryLexicon} (project_id, word)
    select ${projectId}, w from jsonb_array_elements_text(${JSON.stringify(words)}::jsonb) as w
    on conflict do nothing`);
}
