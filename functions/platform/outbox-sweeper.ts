// Lambda entry of the outbox sweeper (on a schedule): relays leftover job outboxes and starts jobs whose
// execution never started (core/workflows/outbox.ts), then erases the media and inputs of jobs whose
// retention ended (core/workflows/retention.ts).
import { instrumented } from '../core/observability.ts';
import { sweepPending } from '../core/workflows/outbox.ts';
import { sweepExpired } from '../core/workflows/retention.ts';
import { retentionPorts, sweepPorts, sweepSettings } from '../wiring/platform.ts';

export const handler = instrumented('sweepOutbox', async () => ({
  ...(await sweepPending(sweepPorts(), sweepSettings())),
  retention: await sweepExpired(retentionPorts()),
}));
