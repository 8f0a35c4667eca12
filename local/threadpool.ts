// The local stack's libuv thread pool. DynamoDB (dynalite on LevelDB), the emulators' file I/O and the
// worker threads' sharp pipelines share one process's pool: with Node's default of 4 threads, four long
// image encodes held every DynamoDB call of the API for seconds (docs/benchmarks.md) and API requests hit
// their 10 s Lambda timeout. The pool's size is read
// once, when it is first used, so it is set by whoever starts the process: scripts/ensure-deps.mjs for
// npm start, npm test and npm run bench (which cannot import this file: it runs before npm ci), and the
// tests' stack process.

/** What the launchers set unless UV_THREADPOOL_SIZE is given. */
export const LOCAL_UV_THREADPOOL_SIZE = '32';
/** Below this the stack says so at start. */
export const MIN_UV_THREADPOOL_SIZE = 16;

/** A warning for a pool too small for the local stack, or undefined. */
export function threadpoolWarning(env: Readonly<Record<string, string | undefined>>): string | undefined {
  const size = Number(env.UV_THREADPOOL_SIZE || 4);
  if (size >= MIN_UV_THREADPOOL_SIZE) return undefined;
  return `Local stack: UV_THREADPOOL_SIZE is ${env.UV_THREADPOOL_SIZE || '4 (Node default)'}; image work can then hold up the emulated DynamoDB for seconds and API requests time out. npm start sets ${LOCAL_UV_THREADPOOL_SIZE}.`;
}
