/** Who wrote a raw message; apart from the table so the MCP tools' schemas need no database layer. */
export const RAW_ROLES = ['user', 'assistant', 'system', 'tool'] as const;
export type RawRole = (typeof RAW_ROLES)[number];
