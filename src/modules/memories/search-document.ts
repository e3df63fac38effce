import { sql, type SQL } from 'drizzle-orm';
import { identifiersIn } from './search-terms.ts';

/**
 * A memory's search document: identifiers as written (weight A, exact lexemes) plus English
 * stems of the whole text (weight B). Arrays travel as JSON so both drivers bind one parameter.
 */
export function searchDocument(content: string): SQL {
  const identifiers = JSON.stringify(identifiersIn(content));
  return sql`setweight(array_to_tsvector(array(select jsonb_array_elements_text(${identifiers}::jsonb))), 'A')
    || setweight(to_tsvector('english', ${content}), 'B')`;
}
