// The platform functions' adapters (lifecycle, execution ended, outbox sweeper, webhook delivery), built
// from the function's environment once per container, each on first use. The Lambda entry points beside
// this module only compose: ports from here, the use case from core/.
import { DynamoAccountStore } from '../core/auth/account-store.ts';
import { dynamo, s3Client, sqsClient } from '../core/clients.ts';
import { systemClock } from '../core/clock.ts';
import { ENV, intEnv, requireEnv } from '../core/config/env.ts';
import { DynamoJobStore } from '../core/jobs/job-store.ts';
import { S3MediaStore } from '../core/media/media-store.ts';
import { webhookDeliveryPolicy } from '../core/outbound/url-policy.ts';
import { DynamoUsageStore } from '../core/usage/usage-store.ts';
import { webhookUrlRulesFromEnv, workflowStarterFromEnv } from '../core/use-cases/job-ports-from-env.ts';
import type { DeliveryPorts } from '../core/webhooks/deliver-event.ts';
import { JobEventPublisher } from '../core/webhooks/event-publisher.ts';
import { postWebhook } from '../core/webhooks/http-sender.ts';
import type { LifecyclePorts } from '../core/workflows/job-lifecycle.ts';
import type { SweepPorts } from '../core/workflows/outbox.ts';
import { lambdaWorkflowPorts, type WorkflowPorts, withLazyPorts } from '../core/workflows/step-runtime.ts';

/** The job store, media store, job events and clock (the same ports every workflow step has). */
export function workflowPorts(): WorkflowPorts {
  return lambdaWorkflowPorts();
}

let lifecycle: LifecyclePorts | undefined;

export function lifecyclePorts(): LifecyclePorts {
  lifecycle ??= withLazyPorts<LifecyclePorts>(lambdaWorkflowPorts(), {
    usage: () => new DynamoUsageStore(dynamo(), requireEnv(ENV.usageTable)),
  });
  return lifecycle;
}

let sweep: SweepPorts | undefined;

export function sweepPorts(): SweepPorts {
  sweep ??= {
    jobs: new DynamoJobStore(dynamo(), requireEnv(ENV.jobsTable)),
    usage: new DynamoUsageStore(dynamo(), requireEnv(ENV.usageTable)),
    events: new JobEventPublisher(sqsClient(), requireEnv(ENV.webhookQueueUrl)),
    starter: workflowStarterFromEnv(),
    clock: systemClock,
  };
  return sweep;
}

let delivery: DeliveryPorts | undefined;

export function deliveryPorts(): DeliveryPorts {
  if (!delivery) {
    const rules = webhookUrlRulesFromEnv();
    // A receiver gets the policy's 10 s to answer with a 2xx.
    const policy = webhookDeliveryPolicy(rules);
    delivery = {
      jobs: new DynamoJobStore(dynamo(), requireEnv(ENV.jobsTable)),
      accounts: new DynamoAccountStore(dynamo(), requireEnv(ENV.accountsTable)),
      signer: new S3MediaStore(s3Client(), requireEnv(ENV.mediaBucket), intEnv(ENV.outputUrlExpirySeconds)),
      sqs: sqsClient(),
      queueUrl: requireEnv(ENV.webhookQueueUrl),
      deadLetterQueueUrl: requireEnv(ENV.webhookDeadLetterQueueUrl),
      retryScheduleSeconds: JSON.parse(requireEnv(ENV.webhookRetrySchedule)) as number[],
      ...rules,
      clock: systemClock,
      send: (url, headers, body) => postWebhook(url, headers, body, policy),
    };
  }
  return delivery;
}
