// Webhook-delivery Lambda: consumes the webhook queue (partial batch failures: only records that hit an
// infrastructure error are retried by SQS; receiver failures are scheduled by deliverWebhook itself). The
// queue carries events and their deliveries, and the batches of range resends (runResendBatch).
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { instrumented, logger, withLogContext } from '../core/observability.ts';
import { deliverWebhook } from '../core/webhooks/deliver-event.ts';
import { runResendBatch } from '../core/webhooks/event-resends.ts';
import { isResendJobMessage, type WebhookMessage } from '../core/webhooks/events.ts';
import { deliveryPorts, resendWorkerPorts } from '../wiring/platform.ts';

/** The job and event a queued message is about, for its log lines (unreadable bodies: none). */
function messageContext(body: string) {
  try {
    const message = JSON.parse(body) as Partial<WebhookMessage>;
    return { job_id: message.job?.job_id, job_type: message.job?.job_type, event_id: message.event_id };
  } catch {
    return {};
  }
}

export async function deliverBatch(event: SQSEvent): Promise<SQSBatchResponse> {
  const failures: SQSBatchResponse['batchItemFailures'] = [];
  await Promise.all(
    event.Records.map((record) =>
      withLogContext({ message_id: record.messageId, ...messageContext(record.body) }, async () => {
        try {
          const message: unknown = JSON.parse(record.body);
          if (isResendJobMessage(message)) await runResendBatch(resendWorkerPorts(), message);
          else await deliverWebhook(deliveryPorts(), message as WebhookMessage);
        } catch (error) {
          logger.error('webhook delivery failed', { error });
          failures.push({ itemIdentifier: record.messageId });
        }
      }),
    ),
  );
  return { batchItemFailures: failures };
}

export const handler = instrumented('deliverWebhooks', deliverBatch);
