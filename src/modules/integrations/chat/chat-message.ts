import type { OutboundLocale } from '../../outbound/index.ts';
import { redactSecrets } from '../../../platform/redact-secrets.ts';
import type { ProviderFields, Severity } from '../config/providers.ts';
import { CHAT_LABELS } from './chat-labels.ts';
import { CHAT_LIMITS, fit, fitMrkdwn } from './chat-limits.ts';

/** One audit entry as a chat message shows it: the rendered sentence and the facts around it. */
export interface ChatEntry {
  /** The sentence rendered from the action's template in `locale`. */
  text: string;
  locale: OutboundLocale;
  action: string;
  actor: string;
  workspaceKey: string;
  projectKey: string | null;
  occurredAt: Date;
  severity: Severity;
  /** The audit entry's target with its params and metadata (shown with include_target_json). */
  target: unknown;
  /** The audit reasoner's explanation of the entry, when it has one. */
  explanation?: string | null;
}

/** The JSON body of an incoming-webhook call (Slack's shape). */
export interface ChatPayload {
  text: string;
  channel?: string;
  blocks?: Array<Record<string, unknown>>;
}

type Options = Pick<ProviderFields<'chat'>, 'format' | 'include_target_json' | 'mask_secrets'>;

/** Removes tokens and secrets from a text (the same rules as stored memories). */
const masked = (text: string) => redactSecrets(text).text;

/** Three backticks inside a code block would end it early. */
const inCodeBlock = (text: string) => text.replaceAll('```', '`\u200b``');

/**
 * The webhook payload of one entry: `compact` is one line; `detailed` (the default) is Block Kit:
 * a header, the sentence, the audit reasoner's explanation when there is one, fields for actor, workspace, project, time and severity, and the target
 * as JSON when asked. With `mask_secrets` (the default) every text is masked first; every limit of
 * Slack's is then kept by cutting with a marker.
 */
export function chatPayload(entry: ChatEntry, channel: string | null, options: Options): ChatPayload {
  const mask = (options.mask_secrets ?? true) ? masked : (text: string) => text;
  const labels = CHAT_LABELS[entry.locale];
  const sentence = mask(entry.text);
  const severity = labels.severities[entry.severity];
  const where = channel === null ? {} : { channel };
  if ((options.format ?? 'detailed') === 'compact') {
    const why = entry.explanation ? ` (${mask(entry.explanation)})` : '';
    const line = `[${severity}] ${entry.action}: ${sentence}${why}`.replace(/\s*\n\s*/g, ' ');
    return { ...where, text: fitMrkdwn(line, CHAT_LIMITS.text) };
  }
  const field = (label: string, value: string) => ({
    type: 'mrkdwn',
    text: fitMrkdwn(`*${label}*\n${mask(value)}`, CHAT_LIMITS.fieldText),
  });
  const blocks: Array<Record<string, unknown>> = [
    {
      type: 'header',
      text: { type: 'plain_text', text: fit(mask(entry.action), CHAT_LIMITS.headerText) },
    },
    { type: 'section', text: { type: 'mrkdwn', text: fitMrkdwn(sentence, CHAT_LIMITS.sectionText) } },
    ...(entry.explanation
      ? [
          {
            type: 'section',
            text: {
              type: 'mrkdwn',
              text: fitMrkdwn(`*${labels.explanation}*\n${mask(entry.explanation)}`, CHAT_LIMITS.sectionText),
            },
          },
        ]
      : []),
    {
      type: 'section',
      fields: [
        field(labels.actor, entry.actor),
        field(labels.workspace, entry.workspaceKey),
        field(labels.project, entry.projectKey ?? labels.none),
        field(labels.time, entry.occurredAt.toISOString()),
        field(labels.severity, severity),
      ].slice(0, CHAT_LIMITS.fields),
    },
  ];
  if (options.include_target_json) {
    const json = mask(JSON.stringify(entry.target, null, 2) ?? 'null');
    const fence = '```';
    const room = CHAT_LIMITS.sectionText - 2 * fence.length - labels.target.length - 3;
    blocks.push({
      type: 'section',
      text: {
        type: 'mrkdwn',
        text: `${labels.target}\n${fence}\n${fitMrkdwn(inCodeBlock(json), room)}\n${fence}`,
      },
    });
  }
  return {
    ...where,
    text: fitMrkdwn(sentence, CHAT_LIMITS.text),
    blocks: blocks.slice(0, CHAT_LIMITS.blocks),
  };
}
