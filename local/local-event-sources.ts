// Lambda's SQS event source mapping, locally: for each AWS::Lambda::EventSourceMapping in the template,
// long-poll the queue, invoke the function with an SQSEvent batch, and delete what it handled — all but
// the batchItemFailures it reports (ReportBatchItemFailures), or none if it throws, so SQS redelivers
// after the visibility timeout and redrives to the DLQ after maxReceiveCount, as in AWS.
import {
  DeleteMessageBatchCommand,
  type Message,
  ReceiveMessageCommand,
  type SQSClient,
} from '@aws-sdk/client-sqs';
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import type { LocalLambdas } from './local-lambdas.ts';
import { logicalIdOfArn } from './local-resources.ts';
import { type CfnTemplate, LOCAL_REGION, resourcesOfType, type TemplateResolver } from './synthesized-app.ts';

/** Batches of one queue handled at once, as Lambda's SQS poller starts with (five, scaling up). */
const MAX_CONCURRENT_BATCHES = 10;

interface Mapping {
  readonly queueArn: string;
  readonly queueUrl: string;
  readonly functionId: string;
  readonly batchSize: number;
  readonly reportsFailures: boolean;
}

export class LocalEventSources {
  private readonly mappings: Mapping[] = [];
  private running = false;
  private loops: Promise<void>[] = [];

  constructor(
    template: CfnTemplate,
    resolver: TemplateResolver,
    queueUrlOf: (queueLogicalId: string) => string,
    private readonly lambdas: LocalLambdas,
    private readonly sqs: SQSClient,
  ) {
    for (const [, resource] of resourcesOfType(template, 'AWS::Lambda::EventSourceMapping')) {
      const p = resolver.resolve(resource.Properties ?? {}) as {
        EventSourceArn: string;
        FunctionName: string;
        BatchSize?: number;
        FunctionResponseTypes?: string[];
      };
      if (!String(p.EventSourceArn).startsWith('arn:aws:sqs:')) continue;
      this.mappings.push({
        queueArn: p.EventSourceArn,
        queueUrl: queueUrlOf(logicalIdOfArn(p.EventSourceArn)),
        functionId: logicalIdOfArn(String(p.FunctionName)),
        batchSize: p.BatchSize ?? 10,
        reportsFailures: p.FunctionResponseTypes?.includes('ReportBatchItemFailures') ?? false,
      });
    }
  }

  start(): void {
    this.running = true;
    this.loops = this.mappings.map((mapping) => this.poll(mapping));
  }

  private async poll(mapping: Mapping): Promise<void> {
    // Lambda runs several batches of one queue at once; a batch held up by one slow record (a webhook
    // receiver that hangs) must not hold up the batches behind it.
    const inFlight = new Set<Promise<void>>();
    while (this.running) {
      if (inFlight.size >= MAX_CONCURRENT_BATCHES) {
        await Promise.race(inFlight);
        continue;
      }
      try {
        const { Messages = [] } = await this.sqs.send(
          new ReceiveMessageCommand({
            QueueUrl: mapping.queueUrl,
            MaxNumberOfMessages: mapping.batchSize,
            WaitTimeSeconds: 1,
            AttributeNames: ['All'],
          }),
        );
        if (Messages.length === 0) continue;
        const batch = this.process(mapping, Messages).finally(() => inFlight.delete(batch));
        inFlight.add(batch);
      } catch (error) {
        if (!this.running) break;
        this.logFailure(mapping, error);
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
    }
    await Promise.all(inFlight);
  }

  /** One invocation with one batch; deletes what it handled. Never rejects. */
  private async process(mapping: Mapping, Messages: Message[]): Promise<void> {
    try {
      const event: SQSEvent = {
        Records: Messages.map((m) => ({
          messageId: m.MessageId!,
          receiptHandle: m.ReceiptHandle!,
          body: m.Body ?? '',
          attributes: (m.Attributes ?? {}) as SQSEvent['Records'][number]['attributes'],
          messageAttributes: {},
          md5OfBody: m.MD5OfBody ?? '',
          eventSource: 'aws:sqs',
          eventSourceARN: mapping.queueArn,
          awsRegion: LOCAL_REGION,
        })),
      };
      let failed: Set<string>;
      try {
        const response = (await this.lambdas.invoke(mapping.functionId, event)) as SQSBatchResponse | null;
        failed = new Set(
          mapping.reportsFailures ? (response?.batchItemFailures ?? []).map((f) => f.itemIdentifier) : [],
        );
      } catch {
        failed = new Set(Messages.map((m) => m.MessageId!));
      }
      const handled = Messages.filter((m) => !failed.has(m.MessageId!));
      if (handled.length > 0) {
        await this.sqs.send(
          new DeleteMessageBatchCommand({
            QueueUrl: mapping.queueUrl,
            Entries: handled.map((m, i) => ({ Id: String(i), ReceiptHandle: m.ReceiptHandle! })),
          }),
        );
      }
    } catch (error) {
      if (this.running) this.logFailure(mapping, error);
    }
  }

  private logFailure(mapping: Mapping, error: unknown) {
    console.error(
      JSON.stringify({
        component: 'event-source',
        msg: 'poll failed',
        queue: mapping.queueUrl,
        error: String(error),
      }),
    );
  }

  async stop(): Promise<void> {
    this.running = false;
    await Promise.all(this.loops);
  }
}
