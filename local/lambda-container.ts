// One execution environment of a local Lambda function (a child process of lambda-endpoint.ts): loads
// the handler once, then runs one invocation at a time as the Node.js runtime does — `awslambda`
// global (streamifyResponse), a context with the invocation's deadline, a response stream for
// streaming handlers — and reports what the function wrote and how it ended over IPC.
import { createRequire } from 'node:module';
import { Writable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import {
  CONTAINER_HANDLER_ENV,
  CONTAINER_SETUP_ENV,
  type ContainerInvoke,
  type ContainerMessage,
} from './lambda-protocol.ts';

/** The marker the Node.js runtime puts on a handler wrapped by awslambda.streamifyResponse. */
const STREAMING = Symbol.for('aws.lambda.runtime.handler.streaming');

type Handler = ((...args: unknown[]) => unknown) & { [STREAMING]?: string };

function send(message: ContainerMessage): Promise<void> {
  return new Promise((resolve, reject) =>
    process.send!(message, undefined, {}, (error) => (error ? reject(error) : resolve())),
  );
}

async function loadHandler(): Promise<Handler> {
  (globalThis as Record<string, unknown>).awslambda = {
    streamifyResponse: (handler: Handler) => {
      handler[STREAMING] = 'response';
      return handler;
    },
  };
  const setup = process.env[CONTAINER_SETUP_ENV];
  if (setup) await import(pathToFileURL(setup).href);
  const [file, name = 'handler'] = (process.env[CONTAINER_HANDLER_ENV] ?? '').split('#');
  if (!file) throw new Error(`${CONTAINER_HANDLER_ENV} is not set`);
  // The handler is loaded as the runtime loads it: require() for CommonJS.
  const module = createRequire(import.meta.url)(file) as Record<string, unknown>;
  const handler = module[name!];
  if (typeof handler !== 'function') throw new Error(`${file} exports no function '${name}'`);
  return handler as Handler;
}

async function invoke(handler: Handler, message: ContainerInvoke): Promise<void> {
  const context = {
    awsRequestId: message.requestId,
    invokedFunctionArn: message.invokedFunctionArn,
    functionName: process.env.AWS_LAMBDA_FUNCTION_NAME,
    functionVersion: process.env.AWS_LAMBDA_FUNCTION_VERSION,
    memoryLimitInMB: process.env.AWS_LAMBDA_FUNCTION_MEMORY_SIZE,
    logGroupName: `/aws/lambda/${process.env.AWS_LAMBDA_FUNCTION_NAME}`,
    logStreamName: `local/${process.pid}`,
    callbackWaitsForEmptyEventLoop: true,
    getRemainingTimeInMillis: () => Math.max(0, message.deadlineMs - Date.now()),
  };
  const event = JSON.parse(message.payload) as unknown;
  if (handler[STREAMING] === 'response') {
    let ended = false;
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        send({ type: 'chunk', id: message.id, data: new Uint8Array(chunk) }).then(() => done(), done);
      },
      final(done) {
        ended = true;
        done();
      },
    });
    await handler(event, stream, context);
    if (!ended) await new Promise<void>((resolve) => stream.end(resolve));
    else
      await new Promise<void>((resolve) =>
        stream.writableFinished ? resolve() : stream.on('finish', resolve),
      );
  } else {
    const result = await handler(event, context);
    const body = result === undefined ? 'null' : JSON.stringify(result);
    await send({ type: 'chunk', id: message.id, data: new Uint8Array(Buffer.from(body, 'utf8')) });
  }
  await send({ type: 'end', id: message.id });
}

const handler = await loadHandler().catch(async (error: unknown) => {
  await send({
    type: 'init-error',
    message: error instanceof Error ? (error.stack ?? error.message) : String(error),
  });
  process.exit(1);
});
process.on('message', (message: ContainerInvoke) => {
  if (message.type !== 'invoke') return;
  invoke(handler, message).catch((error: unknown) => {
    const err = error instanceof Error ? error : new Error(String(error));
    console.error(`Invoke Error ${JSON.stringify({ errorType: err.name, errorMessage: err.message })}`);
    void send({
      type: 'error',
      id: message.id,
      errorType: err.name,
      errorMessage: err.message,
      trace: (err.stack ?? '').split('\n'),
    });
  });
});
await send({ type: 'ready' });
