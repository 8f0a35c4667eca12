// dynalite (the local DynamoDB) in a worker thread of its own. Emulating DynamoDB in JavaScript (parsing
// expressions, maintaining indexes, LevelDB calls) is the busiest work of the local stack; on the main
// thread it queued behind, and in front of, every API request. Here it has its own event loop: the API
// thread only waits for its answers, as it would for DynamoDB.

import type { AddressInfo } from 'node:net';
import { parentPort, workerData } from 'node:worker_threads';
import dynalite from 'dynalite';

export interface DynaliteWorkerData {
  readonly path: string;
  readonly keepAliveTimeout: number;
  readonly headersTimeout: number;
}

export type DynaliteWorkerMessage =
  | { readonly type: 'listening'; readonly port: number }
  | { readonly type: 'error'; readonly message: string }
  | { readonly type: 'stopped' };

const options = workerData as DynaliteWorkerData;
const server = dynalite({ createTableMs: 0, deleteTableMs: 0, updateTableMs: 0, path: options.path });
Object.assign(server, { keepAliveTimeout: options.keepAliveTimeout, headersTimeout: options.headersTimeout });
server.once('error', (error: Error) => parentPort?.postMessage({ type: 'error', message: error.message }));
server.listen(0, '127.0.0.1', () =>
  parentPort?.postMessage({ type: 'listening', port: (server.address() as AddressInfo).port }),
);
parentPort?.on('message', (message: string) => {
  if (message !== 'stop') return;
  server.close(() => parentPort?.postMessage({ type: 'stopped' }));
  // Idle keep-alive connections would hold close() open for minutes.
  (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
});
