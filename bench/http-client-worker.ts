// The API benchmark's client, in a worker thread of its own: callers of the API do not run inside it, so
// the client's CPU must not be charged to the API's thread. Runs one measured series per message (HTTP/1.1
// keep-alive, as a typical client) and posts its statistics back.
import net from 'node:net';
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

/** Keep-alive connections to the API that no request is using. */
const idle: net.Socket[] = [];

/**
 * A new connection. One the API closes or resets while idle leaves the pool (and its error, with no request
 * to fail, is not thrown); errors while a request uses it fail that request.
 */
function connect(target: URL): net.Socket {
  const socket = net.connect({ host: target.hostname, port: Number(target.port), noDelay: true });
  socket.on('error', () => {});
  socket.on('close', () => {
    const at = idle.indexOf(socket);
    if (at >= 0) idle.splice(at, 1);
  });
  return socket;
}

/**
 * One request, on a kept-alive connection. The client is as lean as a load generator (wrk, autocannon):
 * the request's bytes are made once per series, and an answer is read by its Content-Length, not through
 * Node's HTTP parser. It shares the machine's cores with the API, so every microsecond it spends is one the
 * API does not get: with Node's `http` client it took 100-220 µs of CPU a GET, more than a fifth of what
 * the API's own work costs.
 */
function request(target: URL, bytes: Buffer, label: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = idle.pop() ?? connect(target);
    let received: Buffer | undefined;
    const done = (error?: Error) => {
      socket.off('data', onData);
      socket.off('error', done);
      socket.off('close', onClose);
      if (error) {
        socket.destroy();
        reject(error);
      } else resolve();
    };
    const onClose = () => done(new Error(`${label}: the API closed the connection before its answer ended`));
    const onData = (chunk: Buffer) => {
      received = received ? Buffer.concat([received, chunk]) : chunk;
      const headEnd = received.indexOf('\r\n\r\n');
      if (headEnd < 0) return;
      const head = received.subarray(0, headEnd).toString('latin1');
      const length = /\r\ncontent-length:[ \t]*(\d+)/i.exec(head);
      if (!length)
        return done(new Error(`${label}: an answer without Content-Length (${head.split('\r\n')[0]})`));
      const end = headEnd + 4 + Number(length[1]);
      if (received.length < end) return;
      if (received.length > end) return done(new Error(`${label}: more bytes than the answer's length`));
      const status = Number(head.slice(9, 12));
      if (status >= 300)
        return done(new Error(`${label}: ${status} ${received.subarray(headEnd + 4).toString()}`));
      const closing = /\r\nconnection:[ \t]*close/i.test(head);
      done();
      if (closing) socket.destroy();
      else idle.push(socket);
    };
    socket.on('data', onData);
    socket.once('error', done);
    socket.once('close', onClose);
    socket.write(bytes);
  });
}

/** The request's bytes, the same for every request of a series. */
function requestBytes(series: ClientSeries, target: URL): Buffer {
  const payload = series.body === undefined ? '' : JSON.stringify(series.body);
  const headers = [
    `${series.method} ${target.pathname}${target.search} HTTP/1.1`,
    `Host: ${target.host}`,
    `X-API-Key: ${series.key}`,
    ...(payload ? ['Content-Type: application/json', `Content-Length: ${Buffer.byteLength(payload)}`] : []),
  ];
  return Buffer.from(`${headers.join('\r\n')}\r\n\r\n${payload}`);
}

parentPort!.on('message', async (series: ClientSeries) => {
  try {
    const target = new URL(series.path, series.url);
    const bytes = requestBytes(series, target);
    const label = `${series.method} ${series.path}`;
    const stats: RunStats = await measure(series.label, series.count, series.concurrency, () =>
      request(target, bytes, label),
    );
    // Its thread's id: the bench tells the client's CPU from the API's (thread-cpu.ts).
    parentPort!.postMessage({ ok: true, stats, tid: ownThreadId() });
  } catch (error) {
    parentPort!.postMessage({ ok: false, message: (error as Error).message });
  }
});
