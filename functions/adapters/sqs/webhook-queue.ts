// The webhook queue's SQS adapter: the delivery queue and its dead-letter queue.
import { SendMessageCommand, type SQSClient } from '@aws-sdk/client-sqs';
import { queueMessage, type WebhookMessage, type WebhookQueueMessage } from '../../core/webhooks/events.ts';
import type { WebhookQueue } from '../../core/webhooks/webhook-queue.ts';

export class SqsWebhookQueue implements WebhookQueue {
  constructor(
    private readonly sqs: SQSClient,
    private readonly queueUrl: string,
    /** Read when first needed: the API queues resends and pings, and never dead-letters. */
    private readonly deadLetterQueueUrl: string | (() => string),
  ) {}

  async enqueue(message: WebhookQueueMessage, delaySeconds: number): Promise<void> {
    await this.sqs.send(new SendMessageCommand(queueMessage(this.queueUrl, message, delaySeconds)));
  }

  async deadLetter(message: WebhookMessage): Promise<void> {
    await this.sqs.send(
      new SendMessageCommand(
        queueMessage(
          typeof this.deadLetterQueueUrl === 'string' ? this.deadLetterQueueUrl : this.deadLetterQueueUrl(),
          message,
        ),
      ),
    );
  }
}
