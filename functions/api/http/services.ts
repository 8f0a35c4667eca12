// The adapters an API handler needs, built once per Lambda container from its environment.

import { DynamoDBPersistenceLayer } from '@aws-lambda-powertools/idempotency/dynamodb';
import { type AccountStore, DynamoAccountStore } from '../../core/auth/account-store.ts';
import type { KeyVariant } from '../../core/auth/api-key.ts';
import { dynamo, s3Client, sfnClient, sqsClient } from '../../core/clients.ts';
import { ENV, intEnv, requireEnv, stateMachineArnVariable } from '../../core/config/env.ts';
import { DynamoJobStore } from '../../core/jobs/job-store.ts';
import { S3MediaStore } from '../../core/media/media-store.ts';
import { DynamoUsageStore, type UsageStore } from '../../core/usage/usage-store.ts';
import type { CancelPorts } from '../../core/use-cases/cancel-job.ts';
import { jobPortsFromEnv } from '../../core/use-cases/job-ports-from-env.ts';
import type { JobPorts } from '../../core/use-cases/jobs.ts';
import type { UsagePricing } from '../../core/use-cases/usage.ts';
import { JobEventPublisher } from '../../core/webhooks/event-publisher.ts';
import { StepFunctionsStopper } from '../../core/workflows/workflow-starter.ts';
import { DynamoCreationClaims } from './idempotency.ts';

export interface AuthSettings {
  readonly keyVariant: KeyVariant;
  readonly testRatePerMinute: number;
}

let accounts: AccountStore | undefined;
let jobDeps: JobPorts | undefined;
let signer: S3MediaStore | undefined;

function mediaSigner(): S3MediaStore {
  signer ??= new S3MediaStore(s3Client(), requireEnv(ENV.mediaBucket), intEnv(ENV.outputUrlExpirySeconds));
  return signer;
}

export function accountStore(): AccountStore {
  accounts ??= new DynamoAccountStore(dynamo(), requireEnv(ENV.accountsTable));
  return accounts;
}

let idempotency: DynamoDBPersistenceLayer | undefined;

/** Where POST routes keep Idempotency-Key answers (Powertools' DynamoDB layer, its default attributes). */
export function idempotencyStore(): DynamoDBPersistenceLayer {
  idempotency ??= new DynamoDBPersistenceLayer({ tableName: requireEnv(ENV.idempotencyTable) });
  return idempotency;
}

let claims: DynamoCreationClaims | undefined;

/** Job creations claimed under an Idempotency-Key (beside Powertools' records, in the same table). */
export function creationClaims(): DynamoCreationClaims {
  claims ??= new DynamoCreationClaims(dynamo(), requireEnv(ENV.idempotencyTable));
  return claims;
}

let auth: AuthSettings | undefined;

/** Live keys carry their own limits; only the stage's key variant and the fixed test limit come from here. */
export function authSettings(): AuthSettings {
  auth ??= {
    keyVariant: requireEnv(ENV.keyVariant) as KeyVariant,
    testRatePerMinute: intEnv(ENV.testRatePerMinute),
  };
  return auth;
}

export function jobPorts(): JobPorts {
  jobDeps ??= jobPortsFromEnv({
    jobs: new DynamoJobStore(dynamo(), requireEnv(ENV.jobsTable)),
    // Built on first use: routes that only create jobs have no bucket to sign for.
    signer: { sign: (key, now) => mediaSigner().sign(key, now) },
    accounts: accountStore,
  });
  return jobDeps;
}

let cancelDeps: CancelPorts | undefined;

/** The cancel route's ports: the job store, every job type's state machine (to stop) and the event queue. */
export function cancelServices(): CancelPorts {
  const { jobs, signer, clock } = jobPorts();
  cancelDeps ??= {
    jobs,
    signer,
    clock,
    stopper: new StepFunctionsStopper(sfnClient(), (jobType) => requireEnv(stateMachineArnVariable(jobType))),
    events: new JobEventPublisher(sqsClient(), requireEnv(ENV.webhookQueueUrl)),
  };
  return cancelDeps;
}

let usage: { store: UsageStore; pricing: UsagePricing } | undefined;

/** The usage route's ports: the usage records and the stage's live rates. */
export function usageServices(): { store: UsageStore; pricing: UsagePricing } {
  usage ??= {
    store: new DynamoUsageStore(dynamo(), requireEnv(ENV.usageTable)),
    pricing: JSON.parse(requireEnv(ENV.usagePricing)) as UsagePricing,
  };
  return usage;
}
