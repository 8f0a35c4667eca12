// Lambda entry of the outbox sweeper (on a schedule): relays leftover job outboxes and starts jobs whose
// execution never started; the use case is core/workflows/outbox.ts.
import { instrumented } from '../core/observability.ts';
import { sweepPending } from '../core/workflows/outbox.ts';
import { sweepPorts, sweepSettings } from '../wiring/platform.ts';

export const handler = instrumented('sweepOutbox', () => sweepPending(sweepPorts(), sweepSettings()));
