// The API benchmark's client, in a worker thread of its own: callers of the API do not run inside it, so
// the client's CPU must not be charged to the API's thread. Runs one measured series per message (HTTP/1.1
// keep-alive, as a typical client) and posts its statistics back.
import http from 'node:http';
import { parentPort } from 'node:worker_threads';
import { measure, type RunStats } from './stats.ts';
import { ownThreadId } from './thread-cpu.ts';

export interface ClientSeries {
  readonly label: string;
  readonly url: string;
  readonly key: string;
  readonly method: 'GET' | 'POST';
  readonly path: string;
  readonly body?: unknown;
  readonly count: number;
  readonly concurrency: number;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

function request(series: ClientSeries): Promise<void> {
  const target = new URL(series.path, series.url);
  const payload = series.body === undefined ? undefined : JSON.stringify(series.body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        agent,
        host: target.hostname,
        port: target.port,
        path: `${target.pathname}${target.search}`,
        method: series.method,
        headers: {
          'X-API-Key': series.key,
          ...(payload
            ? { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(payload) }
            : {}),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          text += chunk;
        });
        res.on('end', () =>
          (res.statusCode ?? 500) >= 300
            ? reject(new Error(`${series.method} ${series.path}: ${res.statusCode} ${text}`))
            : resolve(),
        );
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

parentPort!.on('message', async (series: ClientSeries) => {
  try {
    const stats: RunStats = await measure(series.label, series.count, series.concurrency, () =>
      request(series),
    );
    // Its thread's id: the bench tells the client's CPU from the API's (thread-cpu.ts).
    parentPort!.postMessage({ ok: true, stats, tid: ownThreadId() });
  } catch (error) {
    parentPort!.postMessage({ ok: false, message: (error as Error).message });
  }
});
