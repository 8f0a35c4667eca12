// One emulator of the local stack in a worker thread of its own: dynalite (DynamoDB) or fauxqs (SQS and
// S3). Emulating AWS in JavaScript (parsing expressions, maintaining indexes, LevelDB and SQLite calls,
// checking signatures) is the busiest work of the local stack; on the main thread it queued behind, and
// in front of, every API request. Here each has its own event loop: the API thread only waits for
// answers, as it would for the real services.
import type { AddressInfo } from 'node:net';
import { parentPort, workerData } from 'node:worker_threads';
import dynalite from 'dynalite';
import { prepareDynalite } from './dynalite-setup.ts';
import type { EmulatorWorkerData, EmulatorWorkerMessage } from './emulator-worker-protocol.ts';
import { IDLE_CONNECTION_TIMEOUTS, signedOnly, startAwsEmulator } from './emulators.ts';

async function start(data: EmulatorWorkerData): Promise<{ port: number; close(): Promise<void> }> {
  if (data.kind === 'aws') return startAwsEmulator(data.queueDir, data.objectDir, data.credentials);
  if (!prepareDynalite().memoizingParser)
    console.warn(
      'dynalite is not the version local/generated/dynalite-condition-parser.cjs was generated for: its own, slower expression parsing stays (see local/dynalite-parsers.ts)',
    );
  const server = dynalite({ createTableMs: 0, deleteTableMs: 0, updateTableMs: 0, path: data.path });
  // dynalite accepts any credentials at all: only requests signed with the stack's reach it.
  signedOnly(server, data.credentials, 'com.amazon.coral.service#');
  Object.assign(server, IDLE_CONNECTION_TIMEOUTS);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // Idle keep-alive connections would hold close() open for minutes.
        server.closeAllConnections();
      }),
  };
}

const send = (message: EmulatorWorkerMessage) => parentPort?.postMessage(message);
try {
  const emulator = await start(workerData as EmulatorWorkerData);
  parentPort?.on('message', async (message: string) => {
    if (message !== 'stop') return;
    await emulator.close();
    send({ type: 'stopped' });
  });
  send({ type: 'listening', port: emulator.port });
} catch (error) {
  send({ type: 'error', message: (error as Error).message });
}
