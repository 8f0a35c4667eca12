// Webhook-delivery Lambda: consumes the webhook queue (partial batch failures: only records that hit an
// infrastructure error are retried by SQS; receiver failures are scheduled by deliverWebhook itself).
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { DynamoAccountStore } from '../core/auth/account-store.ts';
import { dynamo, s3Client, sqsClient } from '../core/clients.ts';
import { systemClock } from '../core/clock.ts';
import { ENV, intEnv, requireEnv } from '../core/config/env.ts';
import { DynamoJobStore } from '../core/jobs/job-store.ts';
import { S3MediaStore } from '../core/media/media-store.ts';
import { instrumented, logger, withLogContext } from '../core/observability.ts';
import { webhookDeliveryPolicy } from '../core/outbound/url-policy.ts';
import { type DeliveryDeps, deliverWebhook } from '../core/webhooks/deliver-event.ts';
import type { WebhookMessage } from '../core/webhooks/events.ts';
import { postWebhook } from '../core/webhooks/http-sender.ts';

let deps: DeliveryDeps | undefined;

function deliveryDeps(): DeliveryDeps {
  if (!deps) {
    const allowHttp = requireEnv(ENV.webhookAllowHttp) === 'true';
    const allowLoopback = requireEnv(ENV.webhookAllowLoopback) === 'true';
    // A receiver gets the policy's 10 s to answer with a 2xx.
    const policy = webhookDeliveryPolicy({ allowHttp, allowLoopback });
    deps = {
      jobs: new DynamoJobStore(dynamo(), requireEnv(ENV.jobsTable)),
      accounts: new DynamoAccountStore(dynamo(), requireEnv(ENV.accountsTable)),
      signer: new S3MediaStore(s3Client(), requireEnv(ENV.mediaBucket), intEnv(ENV.outputUrlExpirySeconds)),
      sqs: sqsClient(),
      queueUrl: requireEnv(ENV.webhookQueueUrl),
      deadLetterQueueUrl: requireEnv(ENV.webhookDeadLetterQueueUrl),
      retryScheduleSeconds: JSON.parse(requireEnv(ENV.webhookRetrySchedule)) as number[],
      allowHttp,
      allowLoopback,
      clock: systemClock,
      send: (url, headers, body) => postWebhook(url, headers, body, policy),
    };
  }
  return deps;
}

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
          await deliverWebhook(deliveryDeps(), JSON.parse(record.body) as WebhookMessage);
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
