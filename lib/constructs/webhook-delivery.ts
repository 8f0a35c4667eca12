// Webhook delivery: consumes the event queue, reports partial batch failures, re-enqueues retries itself
// (chaining delays past SQS's 15 minutes) and parks exhausted events in the dead-letter queue.
// `makeWebhookDelivery` makes it in the stack's own scope, so its logical ids do not depend on this module.
import { Duration } from 'aws-cdk-lib';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as lambdaEventSources from 'aws-cdk-lib/aws-lambda-event-sources';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { ENV } from '../../functions/core/config/env.ts';
import type { StageConfig } from '../config/stages.ts';
import { ServiceFunction, type ServiceFunctionProps } from './service-function.ts';

interface WebhookDeliveryProps {
  readonly config: StageConfig;
  readonly environment: Readonly<Record<string, string>>;
  readonly logRetentionDays: ServiceFunctionProps['logRetentionDays'];
  readonly jobsTable: dynamodb.ITable;
  readonly accountsTable: dynamodb.ITable;
  readonly eventsTable: dynamodb.ITable;
  readonly mediaBucket: s3.IBucket;
  readonly webhookQueue: sqs.IQueue;
  readonly webhookDeadLetterQueue: sqs.IQueue;
}

/** The stage's rules for URLs the service calls (webhooks, and bundles checked at request time). */
export function webhookPolicyEnvironment(config: StageConfig): Record<string, string> {
  return {
    [ENV.webhookAllowHttp]: String(config.webhooks.allowHttp),
    [ENV.webhookAllowLoopback]: String(config.webhooks.allowLoopback),
  };
}

/** The delivery function, fed by the event queue. */
export function makeWebhookDelivery(scope: Construct, props: WebhookDeliveryProps): ServiceFunction {
  const fn = new ServiceFunction(scope, 'WebhookDeliveryFunction', {
    entry: 'functions/platform/deliver-webhooks.ts',
    description: 'Delivers signed job webhooks',
    logRetentionDays: props.logRetentionDays,
    environment: {
      ...props.environment,
      ...webhookPolicyEnvironment(props.config),
      [ENV.webhookRetrySchedule]: JSON.stringify(props.config.webhooks.retryScheduleSeconds),
      [ENV.eventRetentionDays]: String(props.config.webhooks.eventRetentionDays),
      [ENV.endpointDisableAfterDays]: String(props.config.webhooks.endpointDisableAfterDays),
    },
    timeout: Duration.seconds(30),
  })
    .bindTable(props.jobsTable, ENV.jobsTable, 'readWrite')
    .bindTable(props.accountsTable, ENV.accountsTable, 'readWrite')
    .bindTable(props.eventsTable, ENV.eventsTable, 'readWrite')
    .bindBucket(props.mediaBucket, ENV.mediaBucket, 'read')
    .bindQueue(props.webhookQueue, ENV.webhookQueueUrl)
    .bindQueue(props.webhookDeadLetterQueue, ENV.webhookDeadLetterQueueUrl);
  fn.addEventSource(
    new lambdaEventSources.SqsEventSource(props.webhookQueue, {
      batchSize: 10,
      reportBatchItemFailures: true,
    }),
  );
  return fn;
}
