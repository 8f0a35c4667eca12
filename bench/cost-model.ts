// The capacity and cost model of issue 35 (bench/cost-bench.ts prints it; docs/readme/cost.md explains
// it). Pure arithmetic over two kinds of input: what one job of a kind uses (measured by the benchmark on
// the local stack) and the prices and quotas below (copied by hand from AWS's public pages, each with its
// page and the date it was copied; change them here).

/** A price with the page it comes from and when it was copied. USD, ap-southeast-2 (Sydney), no free tier. */
export interface Price {
  readonly usd: number;
  readonly per: string;
  readonly source: string;
  readonly copied: string;
}

export interface PriceTable {
  readonly region: string;
  /** Lambda on Arm (every function here is arm64), per GB-second of duration. */
  readonly lambdaGbSecond: Price;
  readonly lambdaRequest: Price;
  /** Step Functions Standard, per state transition (retries included). */
  readonly stateTransition: Price;
  /** DynamoDB on-demand, per write request unit and per read request unit. */
  readonly dynamodbWriteUnit: Price;
  readonly dynamodbReadUnit: Price;
  /** S3 Standard: PUT, COPY, POST, LIST requests; GET and all other requests; storage per GB-month. */
  readonly s3Tier1Request: Price;
  readonly s3Tier2Request: Price;
  readonly s3GbMonth: Price;
  /** SQS standard queue, per request (64 KB chunk). */
  readonly sqsRequest: Price;
  /** API Gateway REST API, per request (first tier). */
  readonly apiRequest: Price;
  /** AUD per USD, to put costs beside the stage's AUD prices: an assumption to set, not a quoted rate. */
  readonly audPerUsd: number;
}

const COPIED = '2026-11-27';
/**
 * ap-southeast-2 list prices, copied by hand (no API read them) on the date given. They are inputs: a
 * reader with a newer page, a savings plan or another region changes them here, and the bench prints the
 * table it used.
 */
export const AP_SOUTHEAST_2: PriceTable = {
  region: 'ap-southeast-2',
  lambdaGbSecond: {
    usd: 0.0000133334,
    per: 'GB-second (Arm)',
    source: 'https://aws.amazon.com/lambda/pricing/',
    copied: COPIED,
  },
  lambdaRequest: {
    usd: 0.2 / 1e6,
    per: 'request',
    source: 'https://aws.amazon.com/lambda/pricing/',
    copied: COPIED,
  },
  stateTransition: {
    usd: 0.025 / 1000,
    per: 'state transition (Standard)',
    source: 'https://aws.amazon.com/step-functions/pricing/',
    copied: COPIED,
  },
  dynamodbWriteUnit: {
    usd: 0.7125 / 1e6,
    per: 'write request unit (on-demand)',
    source: 'https://aws.amazon.com/dynamodb/pricing/on-demand/',
    copied: COPIED,
  },
  dynamodbReadUnit: {
    usd: 0.1425 / 1e6,
    per: 'read request unit (on-demand)',
    source: 'https://aws.amazon.com/dynamodb/pricing/on-demand/',
    copied: COPIED,
  },
  s3Tier1Request: {
    usd: 0.0055 / 1000,
    per: 'PUT, COPY, POST or LIST request',
    source: 'https://aws.amazon.com/s3/pricing/',
    copied: COPIED,
  },
  s3Tier2Request: {
    usd: 0.00044 / 1000,
    per: 'GET or other request',
    source: 'https://aws.amazon.com/s3/pricing/',
    copied: COPIED,
  },
  s3GbMonth: {
    usd: 0.025,
    per: 'GB-month (S3 Standard, first 50 TB)',
    source: 'https://aws.amazon.com/s3/pricing/',
    copied: COPIED,
  },
  sqsRequest: {
    usd: 0.4 / 1e6,
    per: 'request (standard queue)',
    source: 'https://aws.amazon.com/sqs/pricing/',
    copied: COPIED,
  },
  apiRequest: {
    usd: 4.25 / 1e6,
    per: 'REST API request (first 333 million)',
    source: 'https://aws.amazon.com/api-gateway/pricing/',
    copied: COPIED,
  },
  audPerUsd: 1.55,
};

/** A quota with the page that states it. */
export interface Quota {
  readonly value: number;
  readonly unit: string;
  readonly source: string;
}

/** Default quotas of a new account in ap-southeast-2 (all can be raised except the DynamoDB and S3 ones). */
export const QUOTAS = {
  lambdaConcurrency: {
    value: 1000,
    unit: 'concurrent executions per Region',
    source: 'https://docs.aws.amazon.com/lambda/latest/dg/gettingstarted-limits.html',
  },
  startExecution: {
    value: 150,
    unit: 'StartExecution per second (Standard, refill rate outside the three largest Regions)',
    source: 'https://docs.aws.amazon.com/step-functions/latest/dg/service-quotas.html',
  },
  stateTransitions: {
    value: 800,
    unit: 'state transitions per second (Standard, refill rate outside the three largest Regions)',
    source: 'https://docs.aws.amazon.com/step-functions/latest/dg/service-quotas.html',
  },
  apiRequests: {
    value: 10000,
    unit: 'requests per second per account and Region (API Gateway throttle)',
    source: 'https://docs.aws.amazon.com/apigateway/latest/developerguide/limits.html',
  },
  partitionWrites: {
    value: 1000,
    unit: 'write request units per second per partition (one item cannot be split)',
    source: 'https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/bp-partition-key-design.html',
  },
  s3PutsPerPrefix: {
    value: 3500,
    unit: 'PUT, COPY, POST, DELETE per second per partitioned prefix',
    source: 'https://docs.aws.amazon.com/AmazonS3/latest/userguide/optimizing-performance.html',
  },
} as const satisfies Record<string, Quota>;

/** One function's share of a job: how often it runs per job, for how long each time, at what memory. */
export interface StepUse {
  readonly functionId: string;
  readonly memoryMb: number;
  readonly invocationsPerJob: number;
  /** Mean duration of one invocation, ms (measured locally: see the doc for what that leaves out). */
  readonly msPerInvocation: number;
  /**
   * true: the function has no reservation of its own whatever its memory (Remotion's render function), so
   * it draws on the account's unreserved pool in `capacity`.
   */
  readonly unreserved?: boolean;
}

/** What one job of a kind uses, counted on the local stack. */
export interface JobUse {
  readonly kind: string;
  readonly steps: readonly StepUse[];
  readonly stateTransitions: number;
  readonly executions: number;
  readonly dynamodbWriteUnits: number;
  /**
   * Write units of the index entries the job's writes made, measured (bench/counting-emulators.ts). Not in
   * the model's price of the job: the cost benchmark prints them, and their price, on a line of their own.
   */
  readonly dynamodbIndexWriteUnits?: number;
  readonly dynamodbReadUnits: number;
  readonly s3Tier1Requests: number;
  readonly s3Tier2Requests: number;
  /** Bytes the job leaves in S3 (what it PUT), kept `storedMonths`. */
  readonly s3BytesStored: number;
  readonly storedMonths: number;
  readonly sqsRequests: number;
  readonly apiRequests: number;
}

export interface JobCost {
  readonly lambdaGbSeconds: number;
  readonly lambdaRequests: number;
  readonly usd: {
    readonly lambda: number;
    readonly stepFunctions: number;
    readonly dynamodb: number;
    readonly s3Requests: number;
    readonly s3Storage: number;
    readonly sqs: number;
    readonly api: number;
    readonly total: number;
  };
}

/** GB-seconds of one invocation: memory in GB × duration rounded up to the millisecond, as Lambda bills. */
export function gbSeconds(memoryMb: number, ms: number): number {
  return (memoryMb / 1024) * (Math.ceil(ms) / 1000);
}

export function jobCost(use: JobUse, prices: PriceTable): JobCost {
  let lambdaGbSeconds = 0;
  let lambdaRequests = 0;
  for (const step of use.steps) {
    lambdaGbSeconds += step.invocationsPerJob * gbSeconds(step.memoryMb, step.msPerInvocation);
    lambdaRequests += step.invocationsPerJob;
  }
  const lambda = lambdaGbSeconds * prices.lambdaGbSecond.usd + lambdaRequests * prices.lambdaRequest.usd;
  const stepFunctions = use.stateTransitions * prices.stateTransition.usd;
  const dynamodb =
    use.dynamodbWriteUnits * prices.dynamodbWriteUnit.usd +
    use.dynamodbReadUnits * prices.dynamodbReadUnit.usd;
  const s3Requests =
    use.s3Tier1Requests * prices.s3Tier1Request.usd + use.s3Tier2Requests * prices.s3Tier2Request.usd;
  const s3Storage = (use.s3BytesStored / 1024 ** 3) * use.storedMonths * prices.s3GbMonth.usd;
  const sqs = use.sqsRequests * prices.sqsRequest.usd;
  const api = use.apiRequests * prices.apiRequest.usd;
  return {
    lambdaGbSeconds,
    lambdaRequests,
    usd: {
      lambda,
      stepFunctions,
      dynamodb,
      s3Requests,
      s3Storage,
      sqs,
      api,
      total: lambda + stepFunctions + dynamodb + s3Requests + s3Storage + sqs + api,
    },
  };
}

/** The stage's price of one job beside its cost, both in AUD: margin = (price − cost) ÷ price. */
export function margin(priceAud: number, costUsd: number, prices: PriceTable) {
  const costAud = costUsd * prices.audPerUsd;
  return {
    priceAud,
    costAud,
    marginAud: priceAud - costAud,
    share: priceAud > 0 ? (priceAud - costAud) / priceAud : null,
  };
}

/** What bounds a stage's jobs per hour of one kind, each bound with the quota it comes from. */
export interface CapacityBound {
  readonly limit: string;
  readonly jobsPerHour: number;
}

export interface StageCapacityInput {
  /** Concurrency reserved for each heavy step function (unset: none; they share the unreserved pool). */
  readonly heavyStepConcurrency?: number;
  /** Functions given that reservation (the heavy workflow steps), and other reservations (the sweeper's 1). */
  readonly heavyFunctionCount: number;
  readonly otherReserved: number;
  /** Memory at or above which a step is heavy. */
  readonly heavyMemoryMb: number;
  /** Writes per API request to the hottest item (the API key's item: auth, quota and rate in one write). */
  readonly hotKeyWritesPerRequest: number;
}

/**
 * Jobs per hour of one kind (running alone) that each quota allows, smallest first. Lambda: a step's
 * concurrency × 3,600 s ÷ the seconds of that step per job; heavy steps have their reservation, the rest
 * share what is left of the account's 1,000. The others: the quota's rate × 3,600 ÷ the job's use of it.
 */
export function capacity(
  use: JobUse,
  stage: StageCapacityInput,
  quotas: typeof QUOTAS = QUOTAS,
): CapacityBound[] {
  const reserved = (stage.heavyStepConcurrency ?? 0) * stage.heavyFunctionCount + stage.otherReserved;
  const unreserved = quotas.lambdaConcurrency.value - reserved;
  const bounds: CapacityBound[] = [];
  let lightSeconds = 0;
  for (const step of use.steps) {
    const seconds = (step.invocationsPerJob * step.msPerInvocation) / 1000;
    if (seconds <= 0) continue;
    if (!step.unreserved && step.memoryMb >= stage.heavyMemoryMb && stage.heavyStepConcurrency !== undefined)
      bounds.push({
        limit: `Lambda: ${step.functionId} reserved ${stage.heavyStepConcurrency}`,
        jobsPerHour: (stage.heavyStepConcurrency * 3600) / seconds,
      });
    else lightSeconds += seconds;
  }
  if (lightSeconds > 0)
    bounds.push({
      limit: `Lambda: unreserved pool ${unreserved}`,
      jobsPerHour: (unreserved * 3600) / lightSeconds,
    });
  const rate = (name: string, perSecond: number, perJob: number) => {
    if (perJob > 0) bounds.push({ limit: name, jobsPerHour: (perSecond * 3600) / perJob });
  };
  rate('Step Functions StartExecution', quotas.startExecution.value, use.executions);
  rate('Step Functions state transitions', quotas.stateTransitions.value, use.stateTransitions);
  rate('API Gateway requests', quotas.apiRequests.value, use.apiRequests);
  rate(
    'DynamoDB hottest item (one API key)',
    quotas.partitionWrites.value,
    use.apiRequests * stage.hotKeyWritesPerRequest,
  );
  rate('S3 PUTs on one prefix', quotas.s3PutsPerPrefix.value, use.s3Tier1Requests);
  return bounds.sort((a, b) => a.jobsPerHour - b.jobsPerHour);
}

/** Jobs per hour of a kind with the whole account concurrency on it: 1,000 × 3,600 ÷ Lambda seconds per job. */
export function accountConcurrencyJobsPerHour(
  use: JobUse,
  concurrency = QUOTAS.lambdaConcurrency.value,
): number {
  const seconds = use.steps.reduce((sum, s) => sum + (s.invocationsPerJob * s.msPerInvocation) / 1000, 0);
  return seconds > 0 ? (concurrency * 3600) / seconds : Number.POSITIVE_INFINITY;
}

/**
 * Remotion Lambda's default split of a video into render chunks: its own rule (bestFramesPerFunctionParam
 * in @remotion/serverless-client): a concurrency interpolated from 75 (0 frames) to 150 (18,000 frames
 * and over), at least 20 frames a chunk, spread evenly. Returns the chunk invocations; one more
 * invocation orchestrates them.
 */
export function remotionChunks(frames: number): number {
  const concurrency = 75 + (75 * Math.min(frames, 18000)) / 18000;
  const framesPerFunction = Math.max(frames / concurrency, 20);
  const needed = Math.ceil(frames / framesPerFunction);
  const perChunk = Math.ceil(frames / needed);
  return Math.ceil(frames / perChunk);
}

/**
 * Remotion Lambda is not run locally (the local stack renders with @remotion/renderer in its own worker
 * threads), so its share of a job is modelled, not counted: these are the model's assumptions about it.
 */
export const REMOTION_LAMBDA = {
  /**
   * Added to each chunk's frames × ms per frame, and to the orchestrator's wait for its slowest chunk:
   * Chromium's launch, the site's load, the part's upload, the orchestrator's join of the parts. Assumed,
   * not measured here.
   */
  overheadMs: 2000,
  /** Seconds between a render's checks on AWS (POLL_SECONDS of functions/media/rendering/remotion-lambda-renderer.ts). */
  pollSeconds: 3,
} as const;

/** The render function's invocations by role, as the bench prints them beside the counted functions. */
export const REMOTION_ROLES = {
  chunk: 'Remotion Lambda chunk (modelled)',
  orchestrator: 'Remotion Lambda orchestrator (modelled)',
  still: 'Remotion Lambda still (modelled)',
} as const;

/** What Remotion Lambda adds to a job: its invocations at the render function's memory, and its S3 requests. */
export interface RemotionUse {
  readonly steps: readonly StepUse[];
  readonly s3Tier1Requests: number;
  readonly s3Tier2Requests: number;
}

/**
 * One video rendered on Remotion Lambda (renderMediaOnLambda): `remotionChunks(frames)` chunk invocations,
 * each rendering its share of the frames at `msPerFrame` plus the overhead, and one orchestrator that
 * waits for them (its duration: one chunk's plus the overhead, the chunks running side by side). S3: each
 * chunk PUTs its part and the orchestrator GETs it; the orchestrator PUTs the video, and the render step
 * copies it into the media bucket (a COPY, where the local renderer PUT it: that PUT is already counted,
 * so the COPY is not added). Progress files and polls of them are left out.
 */
export function remotionVideoUse(
  frames: number,
  msPerFrame: number,
  memoryMb: number,
  overheadMs: number = REMOTION_LAMBDA.overheadMs,
): RemotionUse {
  const chunks = remotionChunks(frames);
  const chunkMs = Math.ceil(frames / chunks) * msPerFrame + overheadMs;
  const step = (functionId: string, invocations: number, ms: number): StepUse => ({
    functionId,
    memoryMb,
    invocationsPerJob: invocations,
    msPerInvocation: ms,
    unreserved: true,
  });
  return {
    steps: [
      step(REMOTION_ROLES.chunk, chunks, chunkMs),
      step(REMOTION_ROLES.orchestrator, 1, chunkMs + overheadMs),
    ],
    s3Tier1Requests: chunks + 1,
    s3Tier2Requests: chunks,
  };
}

/**
 * One still rendered on Remotion Lambda (renderStillOnLambda): one invocation of `ms`; Remotion PUTs the
 * image into its bucket and the step GETs it back. The calling step waits meanwhile, as it waits for the
 * local still renderer, so its own measured time already holds that wait.
 */
export function remotionStillUse(ms: number, memoryMb: number): RemotionUse {
  return {
    steps: [
      {
        functionId: REMOTION_ROLES.still,
        memoryMb,
        invocationsPerJob: 1,
        msPerInvocation: ms,
        unreserved: true,
      },
    ],
    s3Tier1Requests: 1,
    s3Tier2Requests: 1,
  };
}

/**
 * A job's counted use with the Remotion Lambda use of `jobs` jobs added, per job: the render function's
 * invocations of one role merged into one step (invocations summed, ms their weighted mean), S3 requests
 * added.
 */
export function withRemotion(use: JobUse, renders: readonly RemotionUse[], jobs: number): JobUse {
  const modelled = renders.flatMap((r) => r.steps);
  if (modelled.length === 0) return use;
  const byFunction = new Map<string, { memoryMb: number; invocations: number; ms: number }>();
  for (const s of modelled) {
    const entry = byFunction.get(s.functionId) ?? { memoryMb: s.memoryMb, invocations: 0, ms: 0 };
    entry.invocations += s.invocationsPerJob;
    entry.ms += s.invocationsPerJob * s.msPerInvocation;
    byFunction.set(s.functionId, entry);
  }
  const steps: StepUse[] = [...byFunction].map(([functionId, e]) => ({
    functionId,
    memoryMb: e.memoryMb,
    invocationsPerJob: e.invocations / jobs,
    msPerInvocation: e.ms / e.invocations,
    unreserved: true,
  }));
  const sum = (f: (r: RemotionUse) => number) => renders.reduce((a, r) => a + f(r), 0) / jobs;
  return {
    ...use,
    steps: [...use.steps, ...steps],
    s3Tier1Requests: use.s3Tier1Requests + sum((r) => r.s3Tier1Requests),
    s3Tier2Requests: use.s3Tier2Requests + sum((r) => r.s3Tier2Requests),
  };
}

/**
 * Checks of a render on AWS: the state machine waits `pollSeconds` (the adapter's poll_seconds) between
 * checks for as long as the render takes, and checks once more when it is done.
 */
export function renderPolls(renderMs: number, pollSeconds: number): number {
  return Math.max(1, Math.ceil(renderMs / (pollSeconds * 1000)));
}

/**
 * A counted job with its render checks as AWS would make them: the local renderer is polled every second
 * for as long as it renders here, Remotion Lambda every few seconds for as long as its chunks take. Each
 * check is one invocation of the check function and `transitionsPerPoll` state transitions (Wait, the
 * check, the Choice); `localPolls` and `awsPolls` are per job.
 */
export function withPolls(
  use: JobUse,
  checkFunctionId: string,
  localPolls: number,
  awsPolls: number,
  transitionsPerPoll = 3,
): JobUse {
  if (localPolls === awsPolls) return use;
  return {
    ...use,
    stateTransitions: use.stateTransitions + transitionsPerPoll * (awsPolls - localPolls),
    steps: use.steps.map((s) =>
      s.functionId === checkFunctionId ? { ...s, invocationsPerJob: awsPolls } : s,
    ),
  };
}

/** Relative difference of a counted figure from the model's, for the accounting check (10 % passes). */
export function relativeDifference(counted: number, modelled: number): number {
  if (modelled === 0) return counted === 0 ? 0 : Number.POSITIVE_INFINITY;
  return Math.abs(counted - modelled) / modelled;
}
