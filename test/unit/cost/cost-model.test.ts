// The cost model's arithmetic on a hand-computed case (bench/cost-model.ts; docs/readme/cost.md), and the
// counters the cost benchmark reads: the emulator pass-through's request classes and the local stack's
// state-transition count (LOCAL_STACK_ACCOUNTING).
import { afterEach, describe, expect, it } from 'vitest';
import {
  AP_SOUTHEAST_2,
  accountConcurrencyJobsPerHour,
  capacity,
  gbSeconds,
  type JobUse,
  jobCost,
  margin,
  type PriceTable,
  REMOTION_ROLES,
  relativeDifference,
  remotionChunks,
  remotionStillUse,
  remotionVideoUse,
  renderPolls,
  withPolls,
  withRemotion,
} from '../../../bench/cost-model.ts';
import { consumedUnits, s3PriceClass, s3RequestClass } from '../../../bench/counting-emulators.ts';
import { accountingSnapshot, resetAccounting } from '../../../local/accounting.ts';
import type { LocalLambdas } from '../../../local/local-lambdas.ts';
import { LocalStepFunctions } from '../../../local/local-step-functions.ts';
import { TemplateResolver } from '../../../local/synthesized-app.ts';

const price = (usd: number) => ({ usd, per: 'unit', source: 'test', copied: 'test' });
// Round prices, so every figure below can be checked by hand.
const PRICES: PriceTable = {
  ...AP_SOUTHEAST_2,
  lambdaGbSecond: price(0.00001),
  lambdaRequest: price(0.0000002),
  stateTransition: price(0.000025),
  dynamodbWriteUnit: price(0.000001),
  dynamodbReadUnit: price(0.0000002),
  s3Tier1Request: price(0.000005),
  s3Tier2Request: price(0.0000004),
  s3GbMonth: price(0.025),
  sqsRequest: price(0.0000004),
  apiRequest: price(0.000004),
  audPerUsd: 1.5,
};

const USE: JobUse = {
  kind: 'example',
  steps: [
    // 2 GB × 2 s = 4 GB-s, one request
    { functionId: 'Heavy', memoryMb: 2048, invocationsPerJob: 1, msPerInvocation: 2000 },
    // 0.5 GB × 0.5 s × 2 = 0.5 GB-s, two requests
    { functionId: 'Light', memoryMb: 512, invocationsPerJob: 2, msPerInvocation: 500 },
  ],
  stateTransitions: 5,
  executions: 1,
  dynamodbWriteUnits: 20,
  dynamodbReadUnits: 10,
  s3Tier1Requests: 4,
  s3Tier2Requests: 5,
  s3BytesStored: 1024 ** 3 / 10, // 0.1 GB
  storedMonths: 3,
  sqsRequests: 8,
  apiRequests: 2,
};

describe('cost model', () => {
  it('bills Lambda by memory × duration rounded up to the millisecond', () => {
    expect(gbSeconds(1024, 1000)).toBe(1);
    expect(gbSeconds(2048, 999.2)).toBeCloseTo(2 * 1.0, 12); // 999.2 ms → 1000 ms
    expect(gbSeconds(512, 250)).toBeCloseTo(0.125, 12);
  });

  it('prices one job, part by part', () => {
    const cost = jobCost(USE, PRICES);
    expect(cost.lambdaGbSeconds).toBeCloseTo(4.5, 12);
    expect(cost.lambdaRequests).toBe(3);
    // 4.5 × 0.00001 + 3 × 0.0000002
    expect(cost.usd.lambda).toBeCloseTo(0.0000456, 12);
    expect(cost.usd.stepFunctions).toBeCloseTo(0.000125, 12); // 5 × 0.000025
    expect(cost.usd.dynamodb).toBeCloseTo(0.000022, 12); // 20 × 0.000001 + 10 × 0.0000002
    expect(cost.usd.s3Requests).toBeCloseTo(0.000022, 12); // 4 × 0.000005 + 5 × 0.0000004
    expect(cost.usd.s3Storage).toBeCloseTo(0.0075, 12); // 0.1 GB × 3 months × 0.025
    expect(cost.usd.sqs).toBeCloseTo(0.0000032, 12);
    expect(cost.usd.api).toBeCloseTo(0.000008, 12);
    expect(cost.usd.total).toBeCloseTo(
      0.0000456 + 0.000125 + 0.000022 + 0.000022 + 0.0075 + 0.0000032 + 0.000008,
      12,
    );
  });

  it('puts the AUD price beside the cost', () => {
    const m = margin(0.5, 0.001, PRICES);
    expect(m.costAud).toBeCloseTo(0.0015, 12);
    expect(m.marginAud).toBeCloseTo(0.4985, 12);
    expect(m.share).toBeCloseTo(0.997, 12);
    expect(margin(0, 0.001, PRICES).share).toBeNull();
  });

  it('finds the first quota a stage hits', () => {
    const bounds = capacity(USE, {
      heavyStepConcurrency: 50,
      heavyFunctionCount: 13,
      otherReserved: 1,
      heavyMemoryMb: 1024,
      hotKeyWritesPerRequest: 1,
    });
    // Heavy: 50 × 3,600 ÷ 2 s = 90,000 an hour; the light steps share 1,000 − 13 × 50 − 1 = 349 for 1 s a job.
    expect(bounds[0]).toEqual({ limit: 'Lambda: Heavy reserved 50', jobsPerHour: 90_000 });
    const byName = Object.fromEntries(bounds.map((b) => [b.limit, b.jobsPerHour]));
    expect(byName['Lambda: unreserved pool 349']).toBe(1_256_400);
    expect(byName['Step Functions StartExecution']).toBe(540_000); // 150 a second
    expect(byName['Step Functions state transitions']).toBe(576_000); // 800 a second ÷ 5
    expect(byName['API Gateway requests']).toBe(18_000_000); // 10,000 a second ÷ 2
    expect(byName['DynamoDB hottest item (one API key)']).toBe(1_800_000); // 1,000 writes a second ÷ 2
    expect(byName['S3 PUTs on one prefix']).toBe(3_150_000); // 3,500 a second ÷ 4
    // No reservation (dev): the heavy step shares the pool with the rest, 999 for 3 s a job.
    const dev = capacity(USE, {
      heavyFunctionCount: 13,
      otherReserved: 1,
      heavyMemoryMb: 1024,
      hotKeyWritesPerRequest: 1,
    });
    expect(dev.find((b) => b.limit.startsWith('Lambda'))).toEqual({
      limit: 'Lambda: unreserved pool 999',
      jobsPerHour: 1_198_800,
    });
    expect(accountConcurrencyJobsPerHour(USE)).toBe(1_200_000); // 1,000 × 3,600 ÷ 3 s
  });

  it("splits a video into Remotion Lambda's default chunks", () => {
    // 150 frames: concurrency 75.625, 20 frames a chunk at least → 8 chunks of 19 frames.
    expect(remotionChunks(150)).toBe(8);
    // 18,000 frames: concurrency 150, 120 frames a chunk → 150 chunks.
    expect(remotionChunks(18_000)).toBe(150);
    expect(remotionChunks(20)).toBe(1);
  });

  it('models a video on Remotion Lambda from its frames and the time a frame takes', () => {
    // 150 frames → 8 chunks of at most 19 frames: 19 × 100 ms + 2,000 ms each; the orchestrator one chunk + 2,000.
    const video = remotionVideoUse(150, 100, 2048, 2000);
    expect(video.steps).toEqual([
      {
        functionId: REMOTION_ROLES.chunk,
        memoryMb: 2048,
        invocationsPerJob: 8,
        msPerInvocation: 3900,
        unreserved: true,
      },
      {
        functionId: REMOTION_ROLES.orchestrator,
        memoryMb: 2048,
        invocationsPerJob: 1,
        msPerInvocation: 5900,
        unreserved: true,
      },
    ]);
    // Each chunk's part PUT and read back; the video PUT once more (the copy into the media bucket is not added).
    expect(video.s3Tier1Requests).toBe(9);
    expect(video.s3Tier2Requests).toBe(8);
    // Priced: 2 GB × (8 × 3.9 s + 5.9 s) = 74.2 GB-s, 9 requests.
    const cost = jobCost({ ...USE, steps: video.steps }, PRICES);
    expect(cost.lambdaGbSeconds).toBeCloseTo(74.2, 9);
    expect(cost.lambdaRequests).toBe(9);
  });

  it('adds Remotion Lambda to a counted job, per job, and keeps it off the heavy reservations', () => {
    const still = remotionStillUse(1500, 2048);
    expect(still).toEqual({
      steps: [
        {
          functionId: REMOTION_ROLES.still,
          memoryMb: 2048,
          invocationsPerJob: 1,
          msPerInvocation: 1500,
          unreserved: true,
        },
      ],
      s3Tier1Requests: 1,
      s3Tier2Requests: 1,
    });
    // Two jobs: three stills (1.5 s, 1.5 s, 3 s) and one 150-frame video at 100 ms a frame.
    const use = withRemotion(
      USE,
      [still, still, remotionStillUse(3000, 2048), remotionVideoUse(150, 100, 2048, 2000)],
      2,
    );
    expect(use.steps.slice(0, 2)).toEqual(USE.steps);
    const byId = Object.fromEntries(use.steps.map((s) => [s.functionId, s]));
    expect(byId[REMOTION_ROLES.still]).toMatchObject({ invocationsPerJob: 1.5, msPerInvocation: 2000 });
    expect(byId[REMOTION_ROLES.chunk]).toMatchObject({ invocationsPerJob: 4, msPerInvocation: 3900 });
    expect(byId[REMOTION_ROLES.orchestrator]).toMatchObject({
      invocationsPerJob: 0.5,
      msPerInvocation: 5900,
    });
    expect(use.s3Tier1Requests).toBe(4 + (3 + 9) / 2);
    expect(use.s3Tier2Requests).toBe(5 + (3 + 8) / 2);
    expect(withRemotion(USE, [], 1)).toBe(USE);
    // Heavy by memory but unreserved: Remotion's function shares the pool (349 on prod) with the light steps.
    const bounds = capacity(use, {
      heavyStepConcurrency: 50,
      heavyFunctionCount: 13,
      otherReserved: 1,
      heavyMemoryMb: 1024,
      hotKeyWritesPerRequest: 1,
    });
    expect(bounds.some((b) => b.limit.includes('Remotion'))).toBe(false);
    // Light: 1 s; Remotion: 1.5 × 2 + 4 × 3.9 + 0.5 × 5.9 = 21.55 s a job.
    const pool = bounds.find((b) => b.limit === 'Lambda: unreserved pool 349')!;
    expect(pool.jobsPerHour).toBeCloseTo((349 * 3600) / 22.55, 6);
  });

  it("counts a render's checks as AWS would make them", () => {
    expect(renderPolls(7032, 3)).toBe(3); // checks at 3, 6 and 9 s
    expect(renderPolls(6000, 3)).toBe(2);
    expect(renderPolls(0, 3)).toBe(1);
    // 12 checks locally (every second of a 12 s render), 3 on AWS: 27 transitions fewer, 3 invocations.
    const video = withPolls(
      {
        ...USE,
        stateTransitions: 44,
        steps: [
          ...USE.steps,
          { functionId: 'Check', memoryMb: 512, invocationsPerJob: 12, msPerInvocation: 40 },
        ],
      },
      'Check',
      12,
      3,
    );
    expect(video.stateTransitions).toBe(44 - 27);
    expect(video.steps.find((s) => s.functionId === 'Check')?.invocationsPerJob).toBe(3);
    expect(withPolls(USE, 'Check', 2, 2)).toBe(USE);
  });

  it('compares counts with the model', () => {
    expect(relativeDifference(110, 100)).toBeCloseTo(0.1, 12);
    expect(relativeDifference(0, 0)).toBe(0);
    expect(relativeDifference(1, 0)).toBe(Number.POSITIVE_INFINITY);
  });
});

describe('the counters the cost benchmark reads', () => {
  it("classes S3 requests as S3's price list does", () => {
    expect(s3RequestClass('PUT', '/media/a/b.jpg', {})).toBe('PutObject');
    expect(s3RequestClass('PUT', '/media/a/b.jpg?partNumber=1&uploadId=x', {})).toBe('UploadPart');
    expect(s3RequestClass('PUT', '/media/a/b.jpg', { 'x-amz-copy-source': '/media/c' })).toBe('CopyObject');
    expect(s3RequestClass('GET', '/media?list-type=2&prefix=a/', {})).toBe('ListObjects');
    expect(s3RequestClass('GET', '/media/a/b.jpg?X-Amz-Signature=x', {})).toBe('GetObject');
    expect(s3RequestClass('HEAD', '/media/a/b.jpg', {})).toBe('HeadObject');
    expect(s3RequestClass('POST', '/media?delete', {})).toBe('DeleteObjects');
    expect(['PutObject', 'ListObjects', 'CopyObject'].map(s3PriceClass)).toEqual(['tier1', 'tier1', 'tier1']);
    expect(['GetObject', 'HeadObject'].map(s3PriceClass)).toEqual(['tier2', 'tier2']);
    expect(['DeleteObject', 'DeleteObjects'].map(s3PriceClass)).toEqual(['free', 'free']);
  });

  it('sums the request units of a DynamoDB answer, and of those, its indexes', () => {
    expect(consumedUnits({ ConsumedCapacity: { TableName: 't', CapacityUnits: 2 } })).toEqual({
      total: 2,
      indexes: 0,
    });
    expect(consumedUnits({ ConsumedCapacity: [{ CapacityUnits: 0.5 }, { CapacityUnits: 1 }] })).toEqual({
      total: 1.5,
      indexes: 0,
    });
    // ReturnConsumedCapacity INDEXES: the total includes the indexes', as DynamoDB answers it.
    expect(
      consumedUnits({
        ConsumedCapacity: {
          TableName: 't',
          CapacityUnits: 4,
          Table: { CapacityUnits: 1 },
          GlobalSecondaryIndexes: { a: { CapacityUnits: 2 } },
          LocalSecondaryIndexes: { b: { CapacityUnits: 1 } },
        },
      }),
    ).toEqual({ total: 4, indexes: 3 });
    expect(consumedUnits({})).toEqual({ total: 0, indexes: 0 });
  });

  describe('state transitions (LOCAL_STACK_ACCOUNTING)', () => {
    process.env.LOCAL_STACK_QUIET = 'true';
    afterEach(() => {
      delete process.env.LOCAL_STACK_ACCOUNTING;
      resetAccounting();
    });
    const template = {
      Resources: {
        Machine: {
          Type: 'AWS::StepFunctions::StateMachine',
          Properties: {
            DefinitionString: JSON.stringify({
              StartAt: 'One',
              States: {
                One: { Type: 'Pass', Next: 'Two' },
                Two: { Type: 'Pass', Next: 'Done' },
                Done: { Type: 'Succeed' },
              },
            }),
          },
        },
      },
    };
    const physical = { ref: (id: string) => id, attribute: (id: string) => id };
    const run = async () => {
      const sfn = new LocalStepFunctions(template, new TemplateResolver(physical), {} as LocalLambdas);
      const [arn] = sfn.stateMachineArns();
      const execution = sfn.startExecution(arn!, 'run1', '{}');
      await execution.done;
      await new Promise((r) => setTimeout(r, 50)); // the event log is read as it is written
      expect(execution.status).toBe('SUCCEEDED');
    };

    it('counts each state entered of an execution when on', async () => {
      process.env.LOCAL_STACK_ACCOUNTING = 'true';
      await run();
      expect(accountingSnapshot().transitions).toEqual({ Machine: 3 });
      expect(accountingSnapshot().executions).toEqual({ Machine: 1 });
    });

    it('counts nothing when off', async () => {
      await run();
      expect(accountingSnapshot().transitions).toEqual({});
    });
  });
});
