// A fresh local stack in this process for a benchmark, with a live key whose limit never interferes,
// and a DynamoDB client of the bench's own (the raw-store baseline), made as the handlers make theirs
// (`lean`): a baseline on a slower client would credit the API with the SDK's savings.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { lean } from '../functions/adapters/aws-clients.ts';
import { DynamoAccountStore } from '../functions/adapters/dynamodb/account-store.ts';
import { KeyAdmin } from '../functions/core/auth/key-admin.ts';
import { systemClock } from '../functions/core/clock.ts';
import { STAGES } from '../lib/config/stages.ts';
import { storeCredentials } from '../local/store-credentials.ts';

export async function startBenchStack() {
  process.env.LOCAL_STACK_QUIET = 'true';
  // As `npm start` runs it (bin/local.ts): no X-Ray SDK, whose async hooks tax every promise. Set before
  // the handlers' modules load, which is why the stack is imported here.
  process.env.POWERTOOLS_TRACE_ENABLED = 'false';
  const { startLocalStack } = await import('../local/local-stack.ts');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pms-bench-'));
  const running = await startLocalStack({ port: 0, dataDir });
  const { info } = running;
  // Stopping it also removes its data: a bench's jobs leave up to a few GB of media.
  const stack = {
    ...running,
    async stop() {
      await running.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  const db = DynamoDBDocumentClient.from(
    lean(
      new DynamoDBClient({
        endpoint: info.endpoints.dynamodb,
        region: info.region,
        credentials: storeCredentials(dataDir),
      }),
    ),
  );
  const admin = new KeyAdmin(
    new DynamoAccountStore(db, info.tables.accounts),
    STAGES.local.rateLimits,
    systemClock,
  );
  await admin.setLimits('bench-org', 1_000_000);
  const { key } = await admin.createKey('bench-org', 'live', 'bench');
  return { stack, info, db, key, admin };
}
