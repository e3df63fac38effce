import { sql, type SQL } from 'drizzle-orm';
import { monthLexeme } from './recency-buckets.ts';
import { identifiersIn } from './search-terms.ts';

/**
 * A memory's search document: identifiers as written (weight A, exact lexemes), English stems of
 * the whole text (weight B) and the month bucket of its creation (recency-buckets.ts). Arrays
 * travel as JSON so both drivers bind one parameter.
 */
export function searchDocument(content: string, createdAt: Date): SQL {
  const lexemes = JSON.stringify([...identifiersIn(content), monthLexeme(createdAt)]);
  return sql`setweight(array_to_tsvector(array(select jsonb_array_elements_text(${lexemes}::jsonb))), 'A')
    || setweight(to_tsvector('english', ${content}), 'B')`;
}
