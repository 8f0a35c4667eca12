// The embedded default: the whole service on one machine, offline. The CDK app is synthesized for the
// `local` stage; its tables, bucket and queues are created in the emulators; its API, functions and state
// machines run in this process through the real AWS SDK clients pointed at loopback endpoints.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import * as path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { S3Client } from '@aws-sdk/client-s3';
import { SFNClient } from '@aws-sdk/client-sfn';
import { SQSClient } from '@aws-sdk/client-sqs';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { DashboardSessions } from '../functions/core/auth/dashboard-sessions.ts';
import { KeyAdmin } from '../functions/core/auth/key-admin.ts';
import { systemClock } from '../functions/core/clock.ts';
import { ENV, stateMachineArnVariable } from '../functions/core/config/env.ts';
import type { JobStore } from '../functions/core/jobs/job-store.ts';
import { memberForSignIn } from '../functions/core/members/members.ts';
import { logger } from '../functions/core/observability.ts';
import { signInLink } from '../functions/core/use-cases/dashboard.ts';
import { jobRef, type StepEvent } from '../functions/core/workflows/step-runtime.ts';
import { JOB_TYPES } from '../functions/jobs/registry.ts';
import { CHROMIUM } from '../functions/media/rendering/local-chromium.ts';
import { parseRenderScale } from '../functions/media/rendering/renderer.ts';
import { stageAdapters } from '../functions/wiring/stage-adapters.ts';
import { parseStageEnv } from '../functions/wiring/stage-env.ts';
import { STAGES } from '../lib/config/stages.ts';
import { PROJECT_ROOT } from '../lib/constructs/function-facts.ts';
import { buildDashboardIfChanged } from '../lib/dashboard/build-dashboard.ts';
import { buildSiteInBackground } from '../lib/remotion/site-bundle.ts';
import { Admission } from './admission.ts';
import { ClientLanes } from './client-lanes.ts';
import { type DevKeys, ensureDevKeys } from './dev-keys.ts';
import { type RunningEmulators, startEmulators } from './emulators.ts';
import { LocalEventSources } from './local-event-sources.ts';
import { LocalGateway } from './local-gateway.ts';
import { LocalLambdas } from './local-lambdas.ts';
import { createLocalResources, LocalNames } from './local-resources.ts';
import { LocalSchedules } from './local-schedules.ts';
import { LocalStepFunctions } from './local-step-functions.ts';
import { LocalTimeToLive, ttlTables } from './local-ttl.ts';
import { providersFromFile } from './providers-file.ts';
import { type RecoveryReport, recoverUnfinishedJobs } from './recovery.ts';
import { remotionLambdaIfChosen } from './remotion-lambda.ts';
import { LOCAL_STATE_FILE, type LocalStackInfo } from './stack-info.ts';
import { listenRefusal } from './start-refused.ts';
import { storeCredentials } from './store-credentials.ts';
import { exportsOf, LOCAL_REGION, synthesizeLocalApp, TemplateResolver } from './synthesized-app.ts';
import { threadpoolWarning } from './threadpool.ts';
import { WorkerPool } from './worker-pool.ts';

export interface LocalStackOptions {
  readonly port: number;
  readonly dataDir: string;
  /** Emulators already starting on dataDir (bin/local.ts starts them while this module loads). */
  readonly emulators?: Promise<RunningEmulators>;
}

export interface RunningLocalStack {
  readonly info: LocalStackInfo;
  readonly devKeys: DevKeys;
  readonly recovery: RecoveryReport;
  /** A one-time sign-in link to the developer dashboard as the dev organization (15 minutes). */
  readonly dashboardSignInLink: string;
  /** Where start-up time went, phase by phase (ms), in order. */
  readonly startup: ReadonlyArray<readonly [phase: string, ms: number]>;
  /** Resolves when no job execution is running. */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

/** How often the local stack deletes items whose DynamoDB TTL has passed (DynamoDB itself takes up to days). */
const LOCAL_TTL_EVERY_SECONDS = 30;

/** LOCAL_RENDER_SCALE: render videos at this share of full size (tests use 0.5); unset means full size. */
function localRenderScale(): number | undefined {
  const raw = process.env.LOCAL_RENDER_SCALE;
  return raw === undefined || raw === '' ? undefined : parseRenderScale(raw, 'LOCAL_RENDER_SCALE');
}

export async function startLocalStack(options: LocalStackOptions): Promise<RunningLocalStack> {
  const startup: Array<[string, number]> = [];
  let phaseStart = performance.now();
  const phase = (name: string) => {
    const now = performance.now();
    startup.push([name, Math.round(now - phaseStart)]);
    phaseStart = now;
  };
  const config = STAGES.local;
  // PROVIDERS_FILE: the imagery, cadastre and geocoder sources to use instead of the offline ones; a bad
  // file stops the start here, naming the field, before anything has started.
  const providers = providersFromFile(process.env.PROVIDERS_FILE);
  const dataDir = path.resolve(options.dataDir);
  mkdirSync(dataDir, { recursive: true });
  // The Remotion site is bundled (once per change, then cached) in a process of its own, and no request
  // waits for it but a render (bundle-building.ts): a first start answers before the build is done.
  const siteStarted = performance.now();
  const site = buildSiteInBackground();
  const cachedSite = existsSync(path.join(site.dir, 'index.html'));
  site.built.then(
    () => {
      if (!cachedSite && process.env.LOCAL_STACK_QUIET !== 'true')
        console.log(
          `Remotion site bundled in ${Math.round(performance.now() - siteStarted)} ms (renders can start)`,
        );
    },
    (error: unknown) =>
      console.error(
        `The Remotion site could not be bundled; renders fail with RENDER_FAILED until it is (npm start builds it again): ${(error as Error).message}`,
      ),
  );
  const renderScale = localRenderScale();
  const credentials = storeCredentials(dataDir);
  const emulators = await (options.emulators ?? startEmulators(dataDir, credentials));
  phase('emulators');

  const clientConfig = { region: LOCAL_REGION, credentials };
  Object.assign(process.env, {
    AWS_REGION: LOCAL_REGION,
    AWS_ACCESS_KEY_ID: credentials.accessKeyId,
    AWS_SECRET_ACCESS_KEY: credentials.secretAccessKey,
    AWS_ENDPOINT_URL_DYNAMODB: emulators.dynamodbEndpoint,
    AWS_ENDPOINT_URL_S3: emulators.awsEndpoint,
    AWS_ENDPOINT_URL_SQS: emulators.awsEndpoint,
    [ENV.s3ForcePathStyle]: 'true',
  });
  const dynamodb = new DynamoDBClient({ ...clientConfig, endpoint: emulators.dynamodbEndpoint });
  const s3 = new S3Client({ ...clientConfig, endpoint: emulators.awsEndpoint, forcePathStyle: true });
  const sqs = new SQSClient({ ...clientConfig, endpoint: emulators.awsEndpoint });

  const { stateful, service, cached, remember } = await synthesizeLocalApp();
  // Synthesis builds the dashboard; templates from the cache do not, so a page edited since is built here.
  if (cached) buildDashboardIfChanged(PROJECT_ROOT);
  phase(cached ? 'synth (cached)' : 'synth');
  const names = new LocalNames([stateful, service]);
  await createLocalResources(stateful, names, { dynamodb, s3, sqs }, emulators.awsEndpoint);
  phase('resources');
  const statefulResolver = new TemplateResolver(names);
  const resolver = new TemplateResolver(names, exportsOf(stateful, statefulResolver));

  const lambdas = new LocalLambdas(service, resolver);
  const environment = lambdas.combinedEnvironment();
  if (providers) environment[ENV.providerSources] = providers;
  const stepFunctions = new LocalStepFunctions(service, resolver, lambdas);
  if (!cached) {
    await stepFunctions.validate();
    remember();
  }
  const sfnEndpoint = await stepFunctions.listen(credentials);
  phase('functions');
  Object.assign(process.env, environment, { AWS_ENDPOINT_URL_SFN: sfnEndpoint });
  // LOCAL_WEBHOOK_DISABLE_AFTER_SECONDS: disable failing webhook endpoints after seconds instead of the
  // stage's days (the webhook load benchmark watches an endpoint get disabled and replayed).
  const disableAfter = process.env.LOCAL_WEBHOOK_DISABLE_AFTER_SECONDS;
  if (disableAfter) {
    const seconds = Number(disableAfter);
    if (!(seconds > 0))
      throw new Error(`LOCAL_WEBHOOK_DISABLE_AFTER_SECONDS must be a positive number, got '${disableAfter}'`);
    process.env[ENV.endpointDisableAfterDays] = String(seconds / 86_400);
  }
  // LOCAL_WEBHOOK_RETRY_SCHEDULE_SECONDS: a JSON list of retry delays instead of the local stage's
  // compressed one (eight attempts in seven seconds), e.g. the deployed stages' for a load benchmark.
  const retrySchedule = process.env.LOCAL_WEBHOOK_RETRY_SCHEDULE_SECONDS;
  if (retrySchedule) {
    const delays = JSON.parse(retrySchedule) as unknown;
    if (!Array.isArray(delays) || delays.length === 0 || !delays.every((d) => Number.isInteger(d) && d >= 0))
      throw new Error(
        `LOCAL_WEBHOOK_RETRY_SCHEDULE_SECONDS must be a JSON list of whole seconds, got '${retrySchedule}'`,
      );
    process.env[ENV.webhookRetrySchedule] = JSON.stringify(delays);
  }
  // Function logs (Powertools): INFO, ERROR only under LOCAL_STACK_QUIET, or POWERTOOLS_LOG_LEVEL's
  // choice; set before the worker threads copy the environment.
  const logLevel = (
    process.env.POWERTOOLS_LOG_LEVEL || (process.env.LOCAL_STACK_QUIET === 'true' ? 'ERROR' : 'INFO')
  ).toUpperCase();
  if (!['TRACE', 'DEBUG', 'INFO', 'WARN', 'ERROR', 'CRITICAL', 'SILENT'].includes(logLevel)) {
    throw new Error(`POWERTOOLS_LOG_LEVEL must be DEBUG, INFO, WARN, ERROR or SILENT, got '${logLevel}'`);
  }
  process.env.POWERTOOLS_LOG_LEVEL = logLevel;
  logger.setLogLevel(logLevel as Parameters<typeof logger.setLogLevel>[0]);
  // Renders: the bundled site, a directory for renders in progress, and the test-only output scale.
  Object.assign(process.env, {
    [ENV.remotionServeUrl]: site.dir,
    [ENV.localRenderDir]: path.join(dataDir, 'renders'),
    ...(renderScale === undefined ? {} : { [ENV.renderScale]: String(renderScale) }),
    // No Secrets Manager emulator: secrets (a tiles API key, with AERIAL_SCENE_SOURCE set in the shell)
    // come from a JSON file of name → value, by default beside the stack's data.
    [ENV.secretsFile]: process.env[ENV.secretsFile] || path.join(dataDir, 'secrets.json'),
  });
  if (!existsSync(CHROMIUM.browserExecutable)) {
    console.warn(
      `No Chromium at ${CHROMIUM.browserExecutable}: video jobs will fail with RENDER_FAILED until it is installed (npm test and npm start install Debian's chromium).`,
    );
  }
  // LOCAL_RENDERER=remotion-lambda: renders on Remotion's own render function, as deployed stages do.
  const remotionLambda = await remotionLambdaIfChosen({
    region: LOCAL_REGION,
    credentials,
    s3Endpoint: emulators.awsEndpoint,
    site: site.built,
    dataDir,
  });
  if (remotionLambda) Object.assign(process.env, remotionLambda.environment);

  // Workflow steps and queue consumers run in worker threads or a child process, the API handlers here.
  const gateway = new LocalGateway(
    service,
    resolver,
    lambdas,
    new ClientLanes(localApiConcurrencyPerClient()),
  );
  const apiFunctions = gateway.functionIds();
  // Two normal threads for light organizations' steps (a newcomer's first steps get one of their own) and a
  // bulk process for heavy organizations' steps, all of it at the lowest priority (thread-homes.ts,
  // worker-pool.ts).
  const workers = new WorkerPool(2, 1, {
    normal: localStepNice(),
    bulk: LOCAL_BULK_STEP_NICE,
  });
  // Heavy steps wait for capacity (their job shows queued_for_capacity) instead of sharing the CPU.
  const admission = new Admission(localStepConcurrency());
  const documents = DynamoDBDocumentClient.from(dynamodb, {
    marshallOptions: { removeUndefinedValues: true },
  });
  // The stage's adapters as the functions build them, over this process's clients of the emulators.
  const sfn = new SFNClient({ ...clientConfig, endpoint: sfnEndpoint });
  const adapters = stageAdapters(parseStageEnv(environment), { dynamo: documents, s3, sqs, sfn });
  const { jobs, accounts, starter } = adapters;
  lambdas.runInWorkers(
    [...lambdas.functions.keys()].filter((id) => !apiFunctions.has(id)),
    workers,
    admission,
    (_logicalId, event) => void showQueued(jobs, event),
    new Admission(localStepInvocations()),
  );
  await lambdas.warm();
  lambdas.warmWorkers().catch((error: unknown) => {
    console.error(`A workflow step's module failed to load: ${(error as Error).stack ?? String(error)}`);
  });
  phase('warm API handlers');

  const eventSources = new LocalEventSources(service, resolver, (id) => names.queueUrl(id), lambdas, sqs);
  eventSources.start();
  const schedules = new LocalSchedules(service, resolver, lambdas, config.sweeper.localEverySeconds);
  // dynalite has no Time to Live: expired events, sign-in tokens and sessions are deleted here instead.
  const ttl = new LocalTimeToLive(dynamodb, ttlTables(stateful), LOCAL_TTL_EVERY_SECONDS);

  const port = await gateway.listen(options.port).catch((error: unknown) => {
    throw listenRefusal(error, options.port);
  });
  const loopWatch = watchMainThread();
  const poolWarning = threadpoolWarning(process.env);
  if (poolWarning) console.warn(poolWarning);

  const admin = new KeyAdmin(accounts, config.rateLimits, systemClock);
  const devKeys = await ensureDevKeys(dataDir, admin, accounts);
  const sessions = new DashboardSessions(adapters.dashboardSessions, systemClock);
  // The link signs in as the dev organization's first owner (made on the first start).
  const owner = await memberForSignIn(
    {
      members: adapters.members,
      clock: systemClock,
      audit: { auditLog: adapters.auditLog, clock: systemClock },
    },
    devKeys.orgId,
    { actor: { type: 'cli', id: 'npm-start' } },
  );
  const signIn = await sessions.issueSignInToken(devKeys.orgId, owner!.id);

  for (const jobType of JOB_TYPES) {
    if (!environment[stateMachineArnVariable(jobType)])
      throw new Error(`No state machine is wired for job type ${jobType}`);
  }
  const recovery = await recoverUnfinishedJobs(jobs, starter, config.workflowTimeoutSeconds, new Date());
  phase('keys and recovery');
  // After recovery: the sweeper then only meets what recovery left (outboxes of jobs it failed).
  schedules.start();
  ttl.start();

  const info: LocalStackInfo = {
    url: `http://127.0.0.1:${port}`,
    pid: process.pid,
    region: LOCAL_REGION,
    endpoints: {
      dynamodb: emulators.dynamodbEndpoint,
      aws: emulators.awsEndpoint,
      stepfunctions: sfnEndpoint,
    },
    tables: {
      jobs: environment[ENV.jobsTable]!,
      accounts: environment[ENV.accountsTable]!,
      events: environment[ENV.eventsTable]!,
    },
    mediaBucket: environment[ENV.mediaBucket]!,
    queues: {
      webhooks: environment[ENV.webhookQueueUrl]!,
      webhookDeadLetters: environment[ENV.webhookDeadLetterQueueUrl]!,
    },
  };
  writeFileSync(path.join(dataDir, LOCAL_STATE_FILE), `${JSON.stringify(info, null, 2)}\n`);

  return {
    info,
    devKeys,
    recovery,
    dashboardSignInLink: signInLink(`http://127.0.0.1:${port}`, signIn.token),
    startup,
    idle: () => stepFunctions.idle(),
    async stop() {
      clearInterval(loopWatch);
      await gateway.close();
      await schedules.stop();
      await ttl.stop();
      await eventSources.stop();
      await stepFunctions.close();
      await workers.close();
      await remotionLambda?.stop();
      await emulators.stop();
    },
  };
}

/** An integer setting from the environment, `fallback` when unset, within `min`..`max` or refused. */
function integerSetting(name: string, fallback: number, min = 1, max = Number.MAX_SAFE_INTEGER): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max)
    throw new Error(
      min === 1 && max === Number.MAX_SAFE_INTEGER
        ? `${name} must be a positive integer, got '${raw}'`
        : `${name} must be an integer from ${min} to ${max}, got '${raw}'`,
    );
  return value;
}

/**
 * LOCAL_STEP_NICE: light organizations' workflow steps' priority below the API's (0-19); default 0, the API's
 * own. Heavy organizations' steps run at LOCAL_BULK_STEP_NICE whatever this says.
 */
const localStepNice = () => integerSetting('LOCAL_STEP_NICE', 0, 0, 19);
/** Heavy organizations' steps (thread-homes.ts) run at the lowest priority there is, below the API's. */
const LOCAL_BULK_STEP_NICE = 19;

/** LOCAL_STEP_CONCURRENCY: heavy workflow steps at once (the rest queue); default one per core. */
const localStepConcurrency = () => integerSetting('LOCAL_STEP_CONCURRENCY', availableParallelism());

/**
 * LOCAL_API_CONCURRENCY_PER_CLIENT: writes of one client (API key, session) handled at once; the client's
 * other writes wait their turn (client-lanes.ts). Reads are not queued. Default 4.
 */
const localApiConcurrencyPerClient = () => integerSetting('LOCAL_API_CONCURRENCY_PER_CLIENT', 4);

/** LOCAL_STEP_INVOCATIONS: workflow step and queue consumer invocations at once (default four per core). */
const localStepInvocations = () => integerSetting('LOCAL_STEP_INVOCATIONS', 4 * availableParallelism());

/** The stage a job shows while its next step waits for capacity. */
export const CAPACITY_QUEUED_STAGE = 'queued_for_capacity';

/** Marks the waiting step's job queued_for_capacity, at the percent the step will start at. */
async function showQueued(jobs: JobStore, event: unknown): Promise<void> {
  const step = event as StepEvent | null;
  if (!step?.job?.job_id || !step.progress) return;
  try {
    await jobs.setProgress(
      jobRef(step.job),
      { percent: step.progress.percent, stage: CAPACITY_QUEUED_STAGE },
      new Date().toISOString(),
    );
  } catch (error) {
    logger.warn('queued stage not shown', { job_id: step.job.job_id, error });
  }
}

// The API handlers, the state machine interpreter and the emulators share this thread: a long stall here
// makes API requests run out of their Lambda timeout. Say so when it happens (every 10 s at most).
function watchMainThread(): NodeJS.Timeout {
  const delay = monitorEventLoopDelay({ resolution: 50 });
  delay.enable();
  const timer = setInterval(() => {
    const worstMs = delay.max / 1e6;
    if (worstMs > 2000) {
      console.warn(
        `Local stack: the main thread stalled for ${Math.round(worstMs)} ms (API requests may time out)`,
      );
    }
    delay.reset();
  }, 10_000);
  timer.unref();
  return timer;
}
