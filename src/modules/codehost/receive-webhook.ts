import { verify } from '@octokit/webhooks-methods';
import { eq } from 'drizzle-orm';
import type { Ctx } from '../../platform/context.ts';
import { inTransaction } from '../../platform/db/in-transaction.ts';
import { AppError, integrationNotConfigured, invalidField } from '../../platform/http/errors.ts';
import { enqueueJobs } from '../../platform/jobs/enqueue-job.ts';
import { requireCodehostApp } from './codehost-app.ts';
import { codehostDeliveries, codehostInstallations } from './table.ts';
import { webhookJob } from './webhook-job.ts';
import { WORK_EVENTS } from './work-events.ts';

/** Events that change what ctxhub keeps (access, repositories, Active Work): the rest are acknowledged and dropped. */
const HANDLED_EVENTS = [
  'installation',
  'installation_repositories',
  'repository',
  'member',
  'membership',
  'team',
  'team_add',
  'organization',
  ...WORK_EVENTS,
] as const;

const refused = () =>
  new AppError('unauthenticated', 'Webhook signature (X-Hub-Signature-256) is missing or wrong');

export interface WebhookDelivery {
  signature: string | undefined;
  deliveryId: string | undefined;
  event: string | undefined;
  rawBody: string;
}

/**
 * A delivery from the code host: the signature is checked over the raw body in constant time
 * before anything is parsed (401 when missing or wrong); a delivery id seen before is acknowledged
 * without doing anything again; an event that matters for a connected installation is queued as
 * a job (its answer is 202 at once). Deliveries are kept by id for the dedup only.
 */
export async function receiveWebhook({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: WebhookDelivery;
}): Promise<{ status: 'queued' | 'duplicate' | 'ignored' }> {
  const app = requireCodehostApp(ctx);
  if (!app.webhookSecret) {
    throw integrationNotConfigured(
      'code host webhooks are off on this server (CODEHOST_WEBHOOKS_ENABLED=false)',
    );
  }
  if (
    !input.signature ||
    !input.rawBody ||
    !(await verify(app.webhookSecret, input.rawBody, input.signature))
  ) {
    throw refused();
  }
  if (!input.deliveryId || !/^[\w.-]{1,100}$/.test(input.deliveryId)) {
    throw invalidField(
      'headers.x-github-delivery',
      'must be the delivery id (up to 100 letters, digits, - . _)',
    );
  }
  if (!input.event || !/^[a-z_]{1,60}$/.test(input.event)) {
    throw invalidField('headers.x-github-event', 'must name the event');
  }
  let body: unknown;
  try {
    body = JSON.parse(input.rawBody);
  } catch {
    throw invalidField('body', 'is not JSON');
  }
  if (!body || typeof body !== 'object' || Array.isArray(body))
    throw invalidField('body', 'must be a JSON object');
  const payload = body as Record<string, unknown>;
  const installation = payload.installation as { id?: unknown } | undefined;
  const installationId = typeof installation?.id === 'number' ? installation.id : null;
  const deliveryId = input.deliveryId;
  const event = input.event;
  return inTransaction(ctx, async (ctx) => {
    const [fresh] = await ctx.db
      .insert(codehostDeliveries)
      .values({ deliveryId, event, receivedAt: ctx.now() })
      .onConflictDoNothing()
      .returning();
    if (!fresh) return { status: 'duplicate' as const };
    if (!(HANDLED_EVENTS as readonly string[]).includes(event) || installationId === null) {
      return { status: 'ignored' as const };
    }
    const [connected] = await ctx.db
      .select({ workspaceId: codehostInstallations.workspaceId })
      .from(codehostInstallations)
      .where(eq(codehostInstallations.installationId, installationId));
    if (!connected) return { status: 'ignored' as const };
    await enqueueJobs(ctx, webhookJob, [
      { workspaceId: connected.workspaceId, payload: { delivery_id: deliveryId, event, body: payload } },
    ]);
    return { status: 'queued' as const };
  });
}
