// One attempt of a delivery, as its queue job makes it. 2xx: succeeded. 410 Gone: the receiver asks for no more,
// so the endpoint is turned off. Anything else (another status, a redirect, a timeout, a refused address): the
// next attempt is planned after WEBHOOK_RETRY_SCHEDULE's next delay, and once the schedule is spent the delivery
// has failed, the endpoint is turned off and its owner mailed. The attempt's result and the next attempt's job
// are written together; a job whose attempt was made already (a retried job, a redelivery meanwhile) does nothing.
import type { WebhookDeliveryStatus } from '@common/integrations-schemas';

import { webhookDisabledMail } from '../../mail/webhook-disabled-mail';

import { sendWebhookRequest, type WebhookAttempt } from './send-webhook-request';
import { DELIVERY_QUEUE, type WebhookDeps } from './webhook-deps';

import type { DeliveryJob } from './record-deliveries';

export interface DeliveryLog {
  error(details: object, message: string): void;
}

interface Outcome {
  status: WebhookDeliveryStatus;
  /** Seconds to the next attempt, when there is one. */
  retryIn: number | null;
  /** Why the endpoint is turned off, when it is. */
  disable: string | null;
  /** Retries ran out: the owner hears of it (a 410 was the receiver's own wish). */
  mailOwner?: boolean;
}

function outcomeOf(
  attempt: WebhookAttempt,
  job: DeliveryJob,
  schedule: readonly number[],
): Outcome {
  const { status } = attempt;
  if (status !== null && status >= 200 && status < 300) {
    return { status: 'succeeded', retryIn: null, disable: null };
  }
  if (status === 410) {
    return {
      status: 'failed',
      retryIn: null,
      disable: 'The endpoint answered 410 Gone: it asked for no more deliveries.',
    };
  }
  if (job.manual) return { status: 'failed', retryIn: null, disable: null };
  const retryIn = schedule[job.attempt - 1];
  if (retryIn !== undefined) return { status: 'retrying', retryIn, disable: null };
  return {
    status: 'failed',
    retryIn: null,
    disable: `Deliveries kept failing: ${job.attempt} attempts of one event failed, the last with ${
      status === null ? attempt.excerpt : `HTTP ${status}.`
    }`,
    mailOwner: true,
  };
}

export async function deliverWebhook(
  deps: WebhookDeps,
  job: DeliveryJob,
  log: DeliveryLog,
): Promise<void> {
  const { db, queue, config } = deps;
  const delivery = await db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhook_endpoints as e', 'e.id', 'd.endpoint_id')
    .select([
      'd.id',
      'd.message_id',
      'd.payload',
      'd.attempt',
      'e.id as endpoint_id',
      'e.account_id',
      'e.url',
      'e.enabled',
      'e.secret',
      'e.previous_secret',
      'e.previous_secret_expires_at',
    ])
    .where('d.id', '=', job.id)
    .executeTakeFirst();
  // Gone with its endpoint, or this attempt was made already.
  if (!delivery || delivery.attempt >= job.attempt) return;
  const madeAttempt = (trx: typeof db) =>
    trx
      .updateTable('webhook_deliveries')
      .where('id', '=', delivery.id)
      .where('attempt', '=', job.attempt - 1);

  if (!delivery.enabled) {
    // Turned off since the event: what was waiting is not sent.
    await madeAttempt(db)
      .set({
        status: 'failed',
        next_retry_at: null,
        response_excerpt: 'Not sent: the endpoint is turned off.',
      })
      .execute();
    return;
  }

  const now = new Date();
  const secrets = [delivery.secret];
  if (delivery.previous_secret && (delivery.previous_secret_expires_at ?? now) > now) {
    secrets.push(delivery.previous_secret);
  }
  const result = await sendWebhookRequest({
    url: delivery.url,
    messageId: delivery.message_id,
    body: delivery.payload,
    secrets,
    timeoutSeconds: config.WEBHOOK_TIMEOUT_SECONDS,
    allowLocalUrls: config.WEBHOOKS_ALLOW_LOCAL_URLS,
  });
  const outcome = outcomeOf(result, job, config.WEBHOOK_RETRY_SCHEDULE);
  deps.metrics.webhookDeliveries.inc({ outcome: outcome.status });

  const owner = await db.transaction().execute(async (trx) => {
    const recorded = await madeAttempt(trx)
      .set({
        status: outcome.status,
        attempt: job.attempt,
        response_status: result.status,
        response_excerpt: result.excerpt,
        duration_ms: result.durationMs,
        last_attempt_at: now,
        next_retry_at:
          outcome.retryIn === null ? null : new Date(Date.now() + outcome.retryIn * 1000),
      })
      .executeTakeFirst();
    if (Number(recorded.numUpdatedRows) === 0) return null;
    if (outcome.retryIn !== null) {
      await queue.send(
        DELIVERY_QUEUE,
        { id: delivery.id, attempt: job.attempt + 1 } satisfies DeliveryJob,
        { trx, startAfterSeconds: outcome.retryIn },
      );
    }
    if (!outcome.disable) return null;
    const turnedOff = await trx
      .updateTable('webhook_endpoints')
      .set({ enabled: false, disabled_reason: outcome.disable, updated_at: new Date() })
      .where('id', '=', delivery.endpoint_id)
      .where('enabled', '=', true)
      .executeTakeFirst();
    // Mailed once, by the attempt that turned it off.
    if (Number(turnedOff.numUpdatedRows) === 0 || !outcome.mailOwner) return null;
    return trx
      .selectFrom('users')
      .select('email')
      .where('id', '=', delivery.account_id)
      .executeTakeFirst();
  });

  if (owner && outcome.disable) {
    const message = webhookDisabledMail(
      owner.email,
      { url: delivery.url, reason: outcome.disable },
      `${config.PUBLIC_URL.replace(/\/+$/, '')}/integrations`,
    );
    // The attempt is recorded: a failed mail is logged, not a reason to make the attempt again.
    await deps.mailer.send(message).catch((error: unknown) => {
      log.error({ err: error, endpoint: delivery.endpoint_id }, 'Could not mail the webhook owner');
    });
  }
}
