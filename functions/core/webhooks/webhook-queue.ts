// The webhook queue port: where a delivery attempt that must wait is put back (with its delay) and
// where an event goes after its last attempt (the dead-letter queue, which operators redrive). Its SQS
// adapter is functions/adapters/sqs/webhook-queue.ts.
import type { WebhookMessage, WebhookQueueMessage } from './events.ts';

export interface WebhookQueue {
  /** Puts the message on the webhook queue, to be received after `delaySeconds` (at most 900). */
  enqueue(message: WebhookQueueMessage, delaySeconds: number): Promise<void>;
  /** Puts the message on the dead-letter queue. */
  deadLetter(message: WebhookMessage): Promise<void>;
}
