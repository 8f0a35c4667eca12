// The platform functions' composition (lifecycle, outbox sweeper, webhook delivery), built once per
// container from the stage environment. The Lambda entry points in functions/platform only compose:
// ports from here, the use case from core/.

import { systemClock } from '../core/clock.ts';
import { webhookDeliveryPolicy } from '../core/outbound/url-policy.ts';
import type { DeliveryPorts } from '../core/webhooks/deliver-event.ts';
import type { ResendWorkerPorts } from '../core/webhooks/event-resends.ts';
import { postWebhook } from '../core/webhooks/http-sender.ts';
import type { ExecutionEndedPorts } from '../core/workflows/execution-ended.ts';
import type { LifecyclePorts } from '../core/workflows/job-lifecycle.ts';
import type { SweepPorts } from '../core/workflows/outbox.ts';
import type { RetentionPorts } from '../core/workflows/retention.ts';
import { lazily } from './lazy.ts';
import { processAdapters, processEnv } from './process.ts';
import { workflowPorts } from './step.ts';

let lifecycle: LifecyclePorts | undefined;

export function lifecyclePorts(): LifecyclePorts {
  const platform = workflowPorts();
  lifecycle ??= lazily<LifecyclePorts>({
    jobs: () => platform.jobs,
    media: () => platform.media,
    events: () => platform.events,
    clock: () => platform.clock,
    usage: () => processAdapters().usage,
  });
  return lifecycle;
}

let sweep: SweepPorts | undefined;

export function sweepPorts(): SweepPorts {
  const adapters = processAdapters();
  sweep ??= lazily<SweepPorts>({
    jobs: () => adapters.jobs,
    usage: () => adapters.usage,
    events: () => adapters.events,
    starter: () => adapters.starter,
    fairShare: () => adapters.starter,
    clock: () => systemClock,
  });
  return sweep;
}

let retention: RetentionPorts | undefined;

/** The retention sweep's ports: the job store, and the media bucket to erase from. */
export function retentionPorts(): RetentionPorts {
  const adapters = processAdapters();
  retention ??= lazily<RetentionPorts>({
    jobs: () => adapters.jobs,
    media: () => adapters.media,
    clock: () => systemClock,
  });
  return retention;
}

let ended: ExecutionEndedPorts | undefined;

/** The execution-ended rule's: the platform's ports and the fair share that gives slots back. */
export function executionEndedPorts(): ExecutionEndedPorts {
  const platform = workflowPorts();
  ended ??= lazily<ExecutionEndedPorts>({
    jobs: () => platform.jobs,
    media: () => platform.media,
    events: () => platform.events,
    clock: () => platform.clock,
    fairShare: () => processAdapters().starter,
  });
  return ended;
}

/** How long the sweeper leaves a job alone, and when it gives up starting one. */
export function sweepSettings(): { readonly graceSeconds: number; readonly startDeadlineSeconds: number } {
  const env = processEnv();
  return { graceSeconds: env.outboxGraceSeconds, startDeadlineSeconds: env.workflowStartDeadlineSeconds };
}

let resendWorker: ResendWorkerPorts | undefined;

/** A range resend's worker (its batches come on the webhook queue, to the delivery function). */
export function resendWorkerPorts(): ResendWorkerPorts {
  const adapters = processAdapters();
  resendWorker ??= lazily<ResendWorkerPorts>({
    resends: () => adapters.eventResends,
    eventLog: () => adapters.eventLog,
    queue: () => adapters.webhookQueue,
    clock: () => systemClock,
  });
  return resendWorker;
}

let delivery: DeliveryPorts | undefined;

export function deliveryPorts(): DeliveryPorts {
  if (!delivery) {
    const env = processEnv();
    const adapters = processAdapters();
    const rules = env.webhookUrlRules;
    // A receiver gets the policy's 10 s to answer with a 2xx.
    const policy = webhookDeliveryPolicy(rules);
    delivery = {
      jobs: adapters.jobs,
      accounts: adapters.accounts,
      signer: adapters.media,
      queue: adapters.webhookQueue,
      retryScheduleSeconds: env.webhookRetryScheduleSeconds,
      ...rules,
      clock: systemClock,
      send: (url, headers, body) => postWebhook(url, headers, body, policy),
      endpoints: adapters.webhookEndpoints,
      eventLog: adapters.eventLog,
      eventRetentionDays: env.eventRetentionDays,
      endpointDisableAfterDays: env.endpointDisableAfterDays,
    };
  }
  return delivery;
}
