// Lambda entry of the lifecycle steps every job state machine shares (mark processing, completed with
// its outbox, failed): the use case is core/workflows/job-lifecycle.ts.
import { instrumented, jobOfEvent } from '../core/observability.ts';
import { type LifecycleEvent, recordLifecycle } from '../core/workflows/job-lifecycle.ts';
import { lifecyclePorts } from '../wiring/platform.ts';

export const handler = instrumented(
  'recordLifecycle',
  (event: LifecycleEvent) => recordLifecycle(event, lifecyclePorts()),
  jobOfEvent,
);
