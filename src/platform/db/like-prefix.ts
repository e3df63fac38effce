/** A LIKE pattern matching values that start with `prefix` taken literally (its wildcards escaped). */
export const likePrefix = (prefix: string) => `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
