import { z } from 'zod';
import { localeCode, nullableTimestamp, reason, workspaceKey } from '../../platform/http/fields.ts';
import { MAX_TEMPLATE_CHARS, templateProblem } from './liquid-template.ts';
import { OUTBOUND_LOCALES } from './locales.ts';
import { LOCALE_REASONS } from './resolve-locale.ts';
import { OUTBOUND_INTEGRATION_TYPES } from './table.ts';

/** An action key as the audit log writes them: dotted lower-case words (`raw.search`, `git.push`). */
const actionKey = z
  .string()
  .max(100)
  .regex(/^[a-z][a-z0-9_]*(\.[a-z0-9_]+)+$/, 'must be an action key such as raw.search');

const integrationType = z.enum(OUTBOUND_INTEGRATION_TYPES);

/** A Liquid template: refused unless it parses (the message says where it does not). */
const liquidTemplate = z
  .string()
  .min(1, 'must not be empty')
  .max(MAX_TEMPLATE_CHARS, `must be at most ${MAX_TEMPLATE_CHARS} characters`)
  .superRefine((source, ctx) => {
    const problem = templateProblem(source);
    if (problem)
      ctx.addIssue({
        code: 'custom',
        message: `is not a Liquid template: ${problem.message} (line ${problem.line}, column ${problem.column})`,
      });
  });

/** The most templates one policy keeps (actions x locales). */
const MAX_OVERRIDES = 500;

const templateOverrides = z
  .record(actionKey, z.record(localeCode, liquidTemplate))
  .refine(
    (o) => Object.values(o).reduce((n, byLocale) => n + Object.keys(byLocale).length, 0) <= MAX_OVERRIDES,
    `must hold at most ${MAX_OVERRIDES} templates`,
  );

const uniqueLocales = z
  .array(localeCode)
  .min(1)
  .max(50)
  .refine((l) => new Set(l).size === l.length, 'entries must be unique');

export const outboundSettingsParams = z.strictObject({ key: workspaceKey });
export const outboundSettingsBody = z.strictObject({
  default_outbound_locale: localeCode,
  supported_locales: uniqueLocales,
  reason: reason.optional(),
});
export const outboundSettingsAnswer = z.object({
  workspace_key: z.string(),
  default_outbound_locale: z.string(),
  supported_locales: z.array(z.string()),
  built_in_locales: z
    .array(z.enum(OUTBOUND_LOCALES))
    .describe('Locales with built-in templates for every action'),
});

export const policyParams = z.strictObject({ integration_type: integrationType });
export const policyQuery = z.strictObject({ workspace_key: workspaceKey });
export const policyBody = z
  .strictObject({
    workspace_key: workspaceKey,
    locale_default: localeCode.nullable().optional().describe('null or left out: none of its own'),
    supported_locales: uniqueLocales
      .nullable()
      .optional()
      .describe("null or left out: the workspace's supported locales apply alone"),
    template_overrides: templateOverrides.optional().describe('Action key -> locale -> Liquid template'),
    reason: reason.optional(),
  })
  .superRefine((body, ctx) => {
    if (
      body.locale_default &&
      body.supported_locales &&
      !body.supported_locales.includes(body.locale_default)
    )
      ctx.addIssue({
        code: 'custom',
        path: ['locale_default'],
        message: 'must be one of supported_locales',
      });
  });
export const policyAnswer = z.object({
  workspace_key: z.string(),
  integration_type: integrationType,
  locale_default: z.string().nullable(),
  supported_locales: z.array(z.string()).nullable(),
  template_overrides: z.record(z.string(), z.record(z.string(), z.string())),
  updated_at: nullableTimestamp.describe('null: the workspace has no policy of its own for this type'),
});

export const renderBody = z.strictObject({
  workspace_key: workspaceKey,
  integration_type: integrationType,
  action_key: actionKey,
  params: z
    .record(z.string().max(100), z.unknown())
    .refine((p) => Object.keys(p).length <= 100, 'must have at most 100 entries')
    .optional()
    .describe("The action's variables (an audit entry's params), e.g. {q, count} for raw.search"),
  locale: localeCode.optional().describe('Render in this locale, if the workspace and the policy allow it'),
  template: liquidTemplate
    .optional()
    .describe('Render this template instead of the saved or built-in one (a preview)'),
});
export const renderAnswer = z.object({
  text: z.string(),
  locale: z.string(),
  locale_reason: z.enum(LOCALE_REASONS),
  template_source: z.enum(['request', 'override', 'built_in', 'generic']),
  template_locale: z.string(),
  template: z.string().describe('The Liquid source that was rendered: a starting point for an override'),
  override_error: z.string().optional().describe('Why the saved override was skipped (it failed to render)'),
});

export const variablesQuery = z.strictObject({
  workspace_key: workspaceKey,
  integration_type: integrationType,
});
const variable = z.object({
  name: z.string(),
  description: z.string(),
  example: z.unknown(),
  optional: z.boolean(),
});
export const variablesAnswer = z.object({
  common: z.array(variable),
  actions: z.array(
    z.object({ action_key: z.string(), description: z.string(), variables: z.array(variable) }),
  ),
});
