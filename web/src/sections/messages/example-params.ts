import type { TemplateVariable } from '../../api/types.ts';

/**
 * The params a preview renders with: each of the action's variables at its example, and the
 * common `project_key` (a render reads it from the params, as a notification does from its entry).
 */
export function exampleParams(common: TemplateVariable[], own: TemplateVariable[]): string {
  const project = common.find((v) => v.name === 'project_key');
  const params = Object.fromEntries([
    ...(project ? [[project.name, project.example] as const] : []),
    ...own.map((v) => [v.name, v.example] as const),
  ]);
  return JSON.stringify(params, null, 2);
}

/** The params text read as a JSON object, or why it is not one. */
export function readParams(text: string): { params: Record<string, unknown> } | { problem: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    return { problem: `Not JSON: ${(err as Error).message}` };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return { problem: 'The example values must be a JSON object, such as {"q": "deploy"}.' };
  return { params: value as Record<string, unknown> };
}
