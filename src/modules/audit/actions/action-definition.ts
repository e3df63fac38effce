/**
 * How an audit action is defined: what happened, and the zod schema of its params as they are
 * stored (plain JSON: dates are ISO strings). Each param carries a description and a realistic
 * example as zod metadata, which the outbound catalogue shows to template authors.
 */
import { z } from 'zod';

declare module 'zod' {
  interface GlobalMeta {
    /** A realistic value of the param (previews, the template variables list, tests). */
    example?: unknown;
    /** Always written now, but absent from entries older code wrote: templates must guard it. */
    olderEntriesLack?: boolean;
  }
}

/**
 * One param: its schema with its description and example as metadata on the outermost schema (an
 * optional or nullable param carries them too). The example is a value of the schema.
 */
export const param = <T extends z.ZodType>(
  schema: T,
  description: string,
  example: Exclude<z.output<T>, undefined>,
): T => schema.meta({ description, example });

/** An action: what happened, and its params as a strict object (an unknown param is refused). */
export const defineAction = <S extends z.ZodRawShape>(description: string, params: S) => ({
  description,
  params: z.strictObject(params),
});

/** What every action definition is, whatever its params. */
export interface ActionDefinition {
  description: string;
  params: z.ZodObject<z.ZodRawShape, z.core.$strict>;
}

/** The keys of the workspace and project an entry belongs to, where the append writes them. */
export const WORKSPACE_KEY = param(z.string(), 'The key of the workspace the entry belongs to', 'acme');
export const PROJECT_KEY = param(z.string(), 'The key of the project the entry is about', 'github:acme/api');

/** A count (rows, results, bytes ...). */
export const count = () => z.number().int().nonnegative();
