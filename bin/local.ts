// `npm start`: runs the local stack until interrupted.
//   PORT (default 3000) — API port on 127.0.0.1 (0 picks a free one)
//   DATA_DIR (default .local-data) — where tables, queues, media and the dev keys persist
// No X-Ray on the local stack: set before any handler module loads, so the tracer is never loaded.
// `npm start` runs this with --experimental-async-context-frame: the handlers' AsyncLocalStorage (log
// context, the function a call runs in) then costs no async hook on every promise (more GETs/s:
// docs/benchmarks.md).
process.env.POWERTOOLS_TRACE_ENABLED = 'false';
const port = Number(process.env.PORT ?? 3000);
const dataDir = process.env.DATA_DIR ?? '.local-data';
// The emulators start in their worker threads while the stack's modules load on this one.
const { startEmulators } = await import('../local/emulators.ts');
const { storeCredentials } = await import('../local/store-credentials.ts');
const emulators = startEmulators(dataDir, storeCredentials(dataDir));
emulators.catch(() => undefined); // reported by startLocalStack, which awaits it
const { startLocalStack } = await import('../local/local-stack.ts');
const { StartRefused } = await import('../local/start-refused.ts');

const loaded = Math.round(performance.now()); // since this process started: Node, tsx and the modules
// bin/start.mjs (npm start) leaves the bundle's module map here when it loaded the stack from its bundle.
const from = Symbol.for('property-media.local-bundle') in globalThis ? 'the bundle' : 'the sources';
const stack = await startLocalStack({ port, dataDir, emulators }).catch((error: unknown) => {
  // What stopped the start, without a stack trace when it is one of ours that says what to do.
  console.error(error instanceof StartRefused ? error.message : error);
  process.exit(1);
});
const { info, devKeys, recovery } = stack;
console.log(
  [
    `Property media service (local stack) listening on ${info.url}  [started in ${Math.round(performance.now())} ms]`,
    `  start-up       : load modules ${loaded} ms (from ${from}), ${stack.startup.map(([phase, ms]) => `${phase} ${ms} ms`).join(', ')}`,
    `  data directory : ${dataDir}`,
    `  organization   : ${devKeys.orgId}`,
    `  test key       : ${devKeys.test}`,
    `  live key       : ${devKeys.live}`,
    `  dashboard      : ${stack.dashboardSignInLink}  (one-time sign-in link, 15 min; more: npm run keys -- signin-link --org ${devKeys.orgId})`,
    `  recovered jobs : ${recovery.resumed} resumed, ${recovery.interrupted} ended INTERRUPTED, ${recovery.waiting} waiting for their organization's slots`,
    `  try            : curl -s ${info.url}/v1/jobs -H "X-API-Key: ${devKeys.test}"`,
    `LOCAL_STACK_READY ${info.url}`,
  ].join('\n'),
);

const STOP_GRACE_MS = 20_000;
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    // A stop that does not finish (a child that will not leave) must not keep the process, and whoever
    // waits for it, forever: after the grace period it exits anyway, saying so.
    setTimeout(() => {
      console.error(`The local stack did not stop within ${STOP_GRACE_MS / 1000} s of ${signal}; exiting.`);
      process.exit(1);
    }, STOP_GRACE_MS).unref();
    void stack.stop().then(() => process.exit(0));
  });
}
