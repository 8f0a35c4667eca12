// Lambda entry of the outbox sweeper (on a schedule): relays leftover job outboxes and starts jobs whose
// execution never started; the use case is core/workflows/outbox.ts.
import { ENV, intEnv } from '../core/config/env.ts';
import { instrumented } from '../core/observability.ts';
import { sweepPending } from '../core/workflows/outbox.ts';
import { sweepPorts } from './ports.ts';

export const handler = instrumented('sweepOutbox', () =>
  sweepPending(sweepPorts(), {
    graceSeconds: intEnv(ENV.outboxGraceSeconds),
    startDeadlineSeconds: intEnv(ENV.workflowStartDeadlineSeconds),
  }),
);
