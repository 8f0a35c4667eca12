// A local Lambda endpoint: an HTTP server speaking the Lambda API's Invoke (RequestResponse, Event) and
// InvokeWithResponseStream (answered in the event stream encoding), which the AWS SDK reaches through
// AWS_ENDPOINT_URL_LAMBDA. Each function runs its real handler in execution environments of its own:
// child processes (lambda-container.ts), one invocation at a time each, kept warm between invocations,
// killed with their process group when an invocation overruns the function's timeout. Requests must be
// SigV4-signed with the stack's credentials, as the local S3 requires.
import { type ChildProcess, fork } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream, mkdirSync, mkdtempSync, rmSync, type WriteStream } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { IDLE_CONNECTION_TIMEOUTS } from './emulators.ts';
import { invokeCompleteEvent, payloadChunkEvent } from './event-stream.ts';
import {
  CONTAINER_HANDLER_ENV,
  CONTAINER_SETUP_ENV,
  type ContainerInvoke,
  type ContainerMessage,
} from './lambda-protocol.ts';
import { checkSignedRequest, declaredPayloadHash, type SigningCredentials } from './presigned-url-check.ts';

/** The account id local ARNs carry (Remotion reads the bucket owner from the function's ARN). */
const LOCAL_ACCOUNT_ID = '000000000000';

interface LocalFunction {
  readonly name: string;
  /** The handler as "absolute file#export" (CommonJS, loaded with require as the runtime does). */
  readonly handler: string;
  /** A module imported in the environment before the handler loads (substitutions for this machine). */
  readonly setup?: string;
  readonly environment: Readonly<Record<string, string>>;
  readonly memoryMb: number;
  readonly timeoutSeconds: number;
  /** Execution environments at once; invocations beyond them wait for one to be free. */
  readonly concurrency: number;
}

interface LambdaEndpointOptions {
  readonly region: string;
  readonly credentials: SigningCredentials;
  /** Function logs go to <workDir>/logs/<function>.log (the local CloudWatch). */
  readonly workDir: string;
  /** Idle environments are stopped after this long; default 60 s. */
  readonly idleMs?: number;
}

interface Outcome {
  readonly error?: {
    readonly code: string;
    readonly type: string;
    readonly message: string;
    readonly trace?: readonly string[];
  };
  readonly logTail: string;
}

/** What an invocation does with the bytes its function writes, and how it learns the end. */
interface Sink {
  chunk(data: Uint8Array): void;
  done(outcome: Outcome): void;
}

/** The last 4 KB of an invocation's log, as Invoke's LogType: Tail returns it. */
const LOG_TAIL_BYTES = 4096;

class Environment {
  readonly child: ChildProcess;
  readonly ready: Promise<void>;
  private current: { id: string; sink: Sink; timer: NodeJS.Timeout } | undefined;
  private log = '';
  idleSince = Date.now();
  /** Exited or being killed: never handed another invocation. */
  dead = false;
  private killed = false;
  private readonly tmp: string;

  constructor(
    private readonly fn: LocalFunction,
    private readonly options: LambdaEndpointOptions,
    logStream: WriteStream,
    endpointUrl: string,
    onExit: (environment: Environment) => void,
  ) {
    // Short, under the machine's temporary directory: Chromium's socket paths inside it must stay under
    // the 108 bytes a Unix socket path may have.
    this.tmp = mkdtempSync(path.join(tmpdir(), 'lambda-'));
    const tmp = this.tmp;
    this.child = fork(fileURLToPath(new URL('./lambda-container.ts', import.meta.url)), [], {
      execArgv: ['--import', 'tsx'],
      serialization: 'advanced',
      // Its own process group: a timeout kills the function and every browser it started.
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        LANG: process.env.LANG ?? 'C.UTF-8',
        TZ: 'UTC',
        // The environment's own temporary directory (Lambda's /tmp).
        TMPDIR: tmp,
        AWS_REGION: options.region,
        AWS_DEFAULT_REGION: options.region,
        AWS_ACCESS_KEY_ID: options.credentials.accessKeyId,
        AWS_SECRET_ACCESS_KEY: options.credentials.secretAccessKey,
        AWS_LAMBDA_FUNCTION_NAME: fn.name,
        AWS_LAMBDA_FUNCTION_VERSION: '$LATEST',
        AWS_LAMBDA_FUNCTION_MEMORY_SIZE: String(fn.memoryMb),
        AWS_LAMBDA_LOG_GROUP_NAME: `/aws/lambda/${fn.name}`,
        AWS_ENDPOINT_URL_LAMBDA: endpointUrl,
        ...fn.environment,
        [CONTAINER_HANDLER_ENV]: fn.handler,
        ...(fn.setup ? { [CONTAINER_SETUP_ENV]: fn.setup } : {}),
      },
    });
    const record = (data: Buffer) => {
      logStream.write(data);
      if (this.current) this.log = (this.log + data.toString('utf8')).slice(-LOG_TAIL_BYTES);
    };
    this.child.stdout!.on('data', record);
    this.child.stderr!.on('data', record);
    this.ready = new Promise((resolve, reject) => {
      this.child.once('message', (message: ContainerMessage) => {
        if (message.type === 'ready') resolve();
        else reject(new Error(message.type === 'init-error' ? message.message : 'no ready message'));
      });
      this.child.once('exit', (code) => reject(new Error(`the environment exited during init (${code})`)));
    });
    this.ready.catch(() => undefined);
    this.child.on('message', (message: ContainerMessage) => this.receive(message));
    this.child.on('exit', (code, signal) => {
      this.dead = true;
      rmSync(this.tmp, { recursive: true, force: true });
      this.finish({
        code: 'Unhandled',
        type: 'Runtime.ExitError',
        message: `RequestId: ${this.current?.id ?? '-'} Error: Runtime exited with ${signal ? `signal: ${signal}` : `error: exit status ${code}`}`,
      });
      onExit(this);
    });
  }

  get busy(): boolean {
    return this.current !== undefined;
  }

  invoke(payload: string, requestId: string, sink: Sink): void {
    const deadlineMs = Date.now() + this.fn.timeoutSeconds * 1000;
    this.log = '';
    const timer = setTimeout(() => {
      this.kill();
      this.finish({
        code: 'Unhandled',
        type: 'Sandbox.Timedout',
        message: `${new Date().toISOString()} ${requestId} Task timed out after ${this.fn.timeoutSeconds.toFixed(2)} seconds`,
      });
    }, this.fn.timeoutSeconds * 1000);
    this.current = { id: requestId, sink, timer };
    const message: ContainerInvoke = {
      type: 'invoke',
      id: requestId,
      payload,
      requestId,
      invokedFunctionArn: `arn:aws:lambda:${this.options.region}:${LOCAL_ACCOUNT_ID}:function:${this.fn.name}`,
      deadlineMs,
    };
    this.child.send(message, (error) => {
      if (error)
        this.finish({
          code: 'Unhandled',
          type: 'Runtime.ExitError',
          message: `RequestId: ${requestId} ${error.message}`,
        });
    });
  }

  private receive(message: ContainerMessage): void {
    const current = this.current;
    if (!current || !('id' in message) || message.id !== current.id) return;
    if (message.type === 'chunk') current.sink.chunk(message.data);
    else if (message.type === 'end') this.finish();
    else if (message.type === 'error')
      this.finish({
        code: 'Unhandled',
        type: message.errorType,
        message: message.errorMessage,
        trace: message.trace,
      });
  }

  private finish(error?: Outcome['error']): void {
    const current = this.current;
    if (!current) return;
    this.current = undefined;
    clearTimeout(current.timer);
    this.idleSince = Date.now();
    current.sink.done({ ...(error ? { error } : {}), logTail: this.log });
  }

  /** Kills the environment's process group; it takes no further invocation. */
  kill(): void {
    if (this.killed) return;
    this.killed = true;
    this.dead = true;
    try {
      process.kill(-this.child.pid!, 'SIGKILL');
    } catch {
      this.child.kill('SIGKILL');
    }
  }
}

/** One function's environments and the invocations waiting for one. */
class FunctionPool {
  private readonly environments = new Set<Environment>();
  private readonly waiting: Array<(environment: Environment) => void> = [];
  private readonly logStream: WriteStream;

  constructor(
    readonly fn: LocalFunction,
    private readonly options: LambdaEndpointOptions,
    private readonly endpointUrl: () => string,
  ) {
    const logDir = path.join(options.workDir, 'logs');
    mkdirSync(logDir, { recursive: true });
    this.logStream = createWriteStream(path.join(logDir, `${fn.name}.log`), { flags: 'a' });
  }

  async run(payload: string, requestId: string, sink: Sink): Promise<void> {
    const environment = await this.acquire();
    try {
      await environment.ready;
    } catch (error) {
      sink.done({
        error: { code: 'Unhandled', type: 'Runtime.InitError', message: String((error as Error).message) },
        logTail: '',
      });
      this.release(environment);
      return;
    }
    environment.invoke(payload, requestId, {
      chunk: (data) => sink.chunk(data),
      done: (outcome) => {
        sink.done(outcome);
        this.release(environment);
      },
    });
  }

  private acquire(): Promise<Environment> {
    const idle = [...this.environments].find((e) => !e.busy && !e.dead && !this.reserved.has(e));
    if (idle) {
      this.reserved.add(idle);
      return Promise.resolve(idle);
    }
    if (this.environments.size < this.fn.concurrency) {
      const created = new Environment(this.fn, this.options, this.logStream, this.endpointUrl(), (e) =>
        this.remove(e),
      );
      this.environments.add(created);
      this.reserved.add(created);
      return Promise.resolve(created);
    }
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  /** Environments handed to an invocation that has not reached it yet (still initializing). */
  private readonly reserved = new Set<Environment>();

  private release(environment: Environment): void {
    this.reserved.delete(environment);
    if (environment.dead) return;
    const next = this.waiting.shift();
    if (next) {
      this.reserved.add(environment);
      next(environment);
    }
  }

  private remove(environment: Environment): void {
    this.environments.delete(environment);
    this.reserved.delete(environment);
    // A waiting invocation gets a new environment in place of the dead one.
    const next = this.waiting.shift();
    if (next) void this.acquire().then(next);
  }

  stopIdle(idleMs: number): void {
    for (const environment of this.environments)
      if (!environment.busy && !this.reserved.has(environment) && Date.now() - environment.idleSince > idleMs)
        environment.kill();
  }

  /** Stops every environment, after the invocations in flight end (at most `graceMs`). */
  async stop(graceMs: number): Promise<void> {
    const until = Date.now() + graceMs;
    while (Date.now() < until && [...this.environments].some((e) => e.busy || this.reserved.has(e)))
      await new Promise((resolve) => setTimeout(resolve, 100));
    const exits = [...this.environments].map(
      (e) =>
        new Promise<void>((resolve) =>
          e.child.exitCode !== null || e.child.signalCode !== null
            ? resolve()
            : e.child.once('exit', () => resolve()),
        ),
    );
    for (const environment of this.environments) environment.kill();
    await Promise.all(exits);
    await new Promise<void>((resolve) => this.logStream.end(resolve));
  }
}

export interface RunningLambdaEndpoint {
  /** The endpoint for AWS_ENDPOINT_URL_LAMBDA. */
  readonly url: string;
  stop(): Promise<void>;
}

const INVOKE_PATH = /^\/2015-03-31\/functions\/([^/]+)\/invocations$/;
const STREAM_PATH = /^\/2021-11-15\/functions\/([^/]+)\/response-streaming-invocations$/;

/** The function's name from a FunctionName parameter: a name, a partial or a full ARN. */
function functionNameOf(raw: string): string {
  const name = decodeURIComponent(raw);
  const arn = /^(?:arn:aws[\w-]*:lambda:[\w-]+:\d{12}:function:|\d{12}:function:)?([^:]+)(?::[^:]+)?$/.exec(
    name,
  );
  return arn?.[1] ?? name;
}

function sendError(res: ServerResponse, status: number, type: string, message: string): void {
  res.writeHead(status, { 'content-type': 'application/json', 'x-amzn-errortype': type });
  res.end(JSON.stringify({ Type: 'User', message }));
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of req) parts.push(part as Buffer);
  return Buffer.concat(parts);
}

export async function startLambdaEndpoint(
  functions: readonly LocalFunction[],
  options: LambdaEndpointOptions,
): Promise<RunningLambdaEndpoint> {
  let url = '';
  const pools = new Map(functions.map((fn) => [fn.name, new FunctionPool(fn, options, () => url)]));
  const server: Server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) sendError(res, 500, 'ServiceException', String((error as Error).message));
      else res.destroy();
    });
  });
  Object.assign(server, IDLE_CONNECTION_TIMEOUTS);

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = await readBody(req);
    const rawUrl = req.url ?? '/';
    const pathname = rawUrl.split('?')[0]!;
    const check = checkSignedRequest(
      req.method ?? 'GET',
      rawUrl,
      req.headers,
      declaredPayloadHash(req.headers) ?? createHash('sha256').update(body).digest('hex'),
      options.credentials,
      new Date(),
    );
    if (!check.ok)
      return sendError(
        res,
        403,
        check.code === 'AccessDenied' ? 'AccessDeniedException' : check.code,
        check.reason,
      );
    const invoke = INVOKE_PATH.exec(pathname);
    const stream = STREAM_PATH.exec(pathname);
    if (req.method !== 'POST' || (!invoke && !stream))
      return sendError(
        res,
        404,
        'UnknownOperationException',
        `${req.method} ${pathname} is not served locally`,
      );
    const name = functionNameOf((invoke ?? stream)![1]!);
    const pool = pools.get(name);
    if (!pool)
      return sendError(
        res,
        404,
        'ResourceNotFoundException',
        `Function not found: arn:aws:lambda:${options.region}:${LOCAL_ACCOUNT_ID}:function:${name}`,
      );
    const payload = body.length === 0 ? '{}' : body.toString('utf8');
    try {
      JSON.parse(payload);
    } catch {
      return sendError(res, 400, 'InvalidRequestContentException', 'Could not parse request body into json');
    }
    const requestId = randomUUID();
    const tail = String(req.headers['x-amz-log-type'] ?? '') === 'Tail';
    const base = { 'x-amzn-requestid': requestId, 'x-amz-executed-version': '$LATEST' };

    if (stream) {
      // The answer starts at once: an invocation waiting for a free environment is not a stalled stream.
      res.writeHead(200, { ...base, 'content-type': 'application/vnd.amazon.eventstream' });
      // Sent now, not with the first chunk: Remotion's client gives up on a stream whose answer has not
      // begun in 30 s ("AWS did not invoke Lambda"), and chunk renders beyond the concurrency wait longer.
      res.flushHeaders();
      await pool.run(payload, requestId, {
        chunk: (data) => res.write(payloadChunkEvent(data)),
        done: ({ error, logTail }) => {
          const log = tail ? Buffer.from(logTail).toString('base64') : undefined;
          res.end(invokeCompleteEvent(error ? { code: error.code, details: error.message } : undefined, log));
        },
      });
      return;
    }
    const type = String(req.headers['x-amz-invocation-type'] ?? 'RequestResponse');
    if (type === 'DryRun') {
      res.writeHead(204, base);
      res.end();
      return;
    }
    if (type === 'Event') {
      // Asynchronous: accepted now, run when an environment is free (no retries: the render function
      // is deployed with retryAttempts 0).
      res.writeHead(202, base);
      res.end();
      void pool.run(payload, requestId, { chunk: () => undefined, done: () => undefined });
      return;
    }
    const parts: Uint8Array[] = [];
    await new Promise<void>((resolve) => {
      void pool.run(payload, requestId, {
        chunk: (data) => parts.push(data),
        done: ({ error, logTail }) => {
          const headers: Record<string, string> = { ...base, 'content-type': 'application/json' };
          if (tail) headers['x-amz-log-result'] = Buffer.from(logTail).toString('base64');
          if (error) {
            headers['x-amz-function-error'] = error.code;
            res.writeHead(200, headers);
            res.end(
              JSON.stringify({
                errorType: error.type,
                errorMessage: error.message,
                trace: error.trace ?? [],
              }),
            );
          } else {
            res.writeHead(200, headers);
            res.end(Buffer.concat(parts));
          }
          resolve();
        },
      });
    });
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const reaper = setInterval(() => {
    for (const pool of pools.values()) pool.stopIdle(options.idleMs ?? 60_000);
  }, 5_000);
  reaper.unref();
  return {
    url,
    async stop() {
      clearInterval(reaper);
      // Invocations in flight end first (a client that already has its answer may still be reading).
      await Promise.all([...pools.values()].map((pool) => pool.stop(10_000)));
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}
