// The stage's adapters of the core ports, one place for every runtime: the API, the workflow steps, the
// platform functions, the local stack and the keys CLI all build their stores, queues and state machine
// clients here, from a stage environment and a set of AWS clients. Each adapter is made on first use.
import { DynamoDBPersistenceLayer } from '@aws-lambda-powertools/idempotency/dynamodb';
import type { BasePersistenceLayer } from '@aws-lambda-powertools/idempotency/persistence';
import type { AwsClients } from '../adapters/aws-clients.ts';
import { DynamoAccountStore } from '../adapters/dynamodb/account-store.ts';
import { DynamoAuditLog } from '../adapters/dynamodb/audit-log.ts';
import { DynamoBrandKitStore } from '../adapters/dynamodb/brand-kit-store.ts';
import { DynamoCreationClaims } from '../adapters/dynamodb/creation-claims.ts';
import { DynamoDashboardSessionStore } from '../adapters/dynamodb/dashboard-session-store.ts';
import { DynamoEventLog } from '../adapters/dynamodb/event-log.ts';
import { DynamoEventResends } from '../adapters/dynamodb/event-resends.ts';
import { DynamoIdempotencyRecords } from '../adapters/dynamodb/idempotency-records.ts';
import { DynamoImagerySourceStore } from '../adapters/dynamodb/imagery-source-store.ts';
import { DynamoJobSlots } from '../adapters/dynamodb/job-slots.ts';
import { DynamoJobStore } from '../adapters/dynamodb/job-store.ts';
import { DynamoMemberStore } from '../adapters/dynamodb/member-store.ts';
import { DynamoOfficeStore } from '../adapters/dynamodb/office-store.ts';
import { DynamoUsageStore } from '../adapters/dynamodb/usage-store.ts';
import { DynamoWebhookEndpointStore } from '../adapters/dynamodb/webhook-endpoint-store.ts';
import { S3MediaStore } from '../adapters/s3/media-store.ts';
import { JobEventPublisher } from '../adapters/sqs/job-event-publisher.ts';
import { SqsWebhookQueue } from '../adapters/sqs/webhook-queue.ts';
import { StepFunctionsStarter, StepFunctionsStopper } from '../adapters/step-functions/workflows.ts';
import type { AuditLog } from '../core/audit/audit-log.ts';
import type { AccountStore } from '../core/auth/account-store.ts';
import type { DashboardSessionStore } from '../core/auth/dashboard-sessions.ts';
import type { BrandKitStore } from '../core/brand-kits/brand-kits.ts';
import { systemClock } from '../core/clock.ts';
import type { ImagerySourceStore } from '../core/imagery-sources/imagery-sources.ts';
import type { CreationClaims, IdempotencyRecords } from '../core/jobs/creation-claims.ts';
import type { JobStore } from '../core/jobs/job-store.ts';
import { type JobSlots, limitFor } from '../core/limits/job-slots.ts';
import type { MediaEraser, MediaStore } from '../core/media/media-store.ts';
import type { MemberStore } from '../core/members/members.ts';
import type { OfficeStore } from '../core/offices/offices.ts';
import type { UsageStore } from '../core/usage/usage-store.ts';
import type { WebhookEndpointStore } from '../core/webhooks/endpoints.ts';
import type { EventLog } from '../core/webhooks/event-log.ts';
import type { EventResendStore } from '../core/webhooks/event-resends.ts';
import type { WebhookQueue } from '../core/webhooks/webhook-queue.ts';
import { FairShare } from '../core/workflows/fair-share.ts';
import type { JobEvents } from '../core/workflows/step-runtime.ts';
import type { WorkflowStopper } from '../core/workflows/workflow-starter.ts';
import { lazily } from './lazy.ts';
import type { StageEnv } from './stage-env.ts';

export interface StageAdapters {
  readonly jobs: JobStore;
  readonly accounts: AccountStore;
  readonly usage: UsageStore;
  readonly media: MediaStore & MediaEraser;
  readonly events: JobEvents;
  readonly webhookQueue: WebhookQueue;
  /**
   * Starts job executions within each organization's limit of jobs processing at once (a job beyond it
   * waits queued): every way a job is started goes through it.
   */
  readonly starter: FairShare;
  /** The fair-share slots each organization's running jobs hold (jobs table). */
  readonly slots: JobSlots;
  readonly stopper: WorkflowStopper;
  readonly creationClaims: CreationClaims;
  /** Powertools' record of POST answers under an Idempotency-Key. */
  readonly idempotency: BasePersistenceLayer;
  /** Those records and the creation claims, erased by id (a deleted job's). */
  readonly idempotencyRecords: IdempotencyRecords;
  readonly dashboardSessions: DashboardSessionStore;
  /** Each organization's dashboard members and their roles (accounts table). */
  readonly members: MemberStore;
  /** Each organization's webhook endpoints per mode (accounts table). */
  readonly webhookEndpoints: WebhookEndpointStore;
  /** Each organization's own imagery sources per mode, their keys included (accounts table). */
  readonly imagerySources: ImagerySourceStore;
  /** Each organization's brand kits per mode, one item each (accounts table). */
  readonly brandKits: BrandKitStore;
  /** Each organization's offices per mode (accounts table). */
  readonly offices: OfficeStore;
  readonly eventLog: EventLog;
  /** Range resends (events table). */
  readonly eventResends: EventResendStore;
  /** The audit log (events table, its own partitions; append and read only). */
  readonly auditLog: AuditLog;
}

export function stageAdapters(env: StageEnv, aws: AwsClients): StageAdapters {
  const adapters: StageAdapters = lazily<StageAdapters>({
    jobs: () => new DynamoJobStore(aws.dynamo, env.jobsTable),
    accounts: () => new DynamoAccountStore(aws.dynamo, env.accountsTable),
    usage: () => new DynamoUsageStore(aws.dynamo, env.usageTable),
    media: () => new S3MediaStore(aws.s3, env.mediaBucket, env.outputUrlExpirySeconds),
    events: () => new JobEventPublisher(aws.sqs, env.webhookQueueUrl),
    webhookQueue: () =>
      new SqsWebhookQueue(aws.sqs, env.webhookQueueUrl, () => env.webhookDeadLetterQueueUrl),
    slots: () => new DynamoJobSlots(aws.dynamo, env.jobsTable),
    starter: () =>
      new FairShare(new StepFunctionsStarter(aws.sfn, (jobType) => env.stateMachineArn(jobType)), {
        jobs: adapters.jobs,
        slots: adapters.slots,
        clock: systemClock,
        exemptJobTypes: env.jobConcurrency.exemptJobTypes,
        limitOf: async (tenant, known) =>
          limitFor(
            env.jobConcurrency,
            tenant,
            // Test keys share one limit: no read. Live keys: the organization's plan, as the submitting
            // API key carries it (known), else read.
            tenant.mode === 'test'
              ? undefined
              : known
                ? known.plan
                : (await adapters.accounts.getOrganization(tenant.orgId))?.plan,
          ),
      }),
    stopper: () => new StepFunctionsStopper(aws.sfn, (jobType) => env.stateMachineArn(jobType)),
    creationClaims: () => new DynamoCreationClaims(aws.dynamo, env.idempotencyTable),
    idempotency: () => new DynamoDBPersistenceLayer({ tableName: env.idempotencyTable }),
    idempotencyRecords: () => new DynamoIdempotencyRecords(aws.dynamo, env.idempotencyTable),
    dashboardSessions: () => new DynamoDashboardSessionStore(aws.dynamo, env.accountsTable),
    members: () => new DynamoMemberStore(aws.dynamo, env.accountsTable),
    webhookEndpoints: () => new DynamoWebhookEndpointStore(aws.dynamo, env.accountsTable),
    imagerySources: () => new DynamoImagerySourceStore(aws.dynamo, env.accountsTable),
    brandKits: () => new DynamoBrandKitStore(aws.dynamo, env.accountsTable),
    offices: () => new DynamoOfficeStore(aws.dynamo, env.accountsTable),
    eventLog: () => new DynamoEventLog(aws.dynamo, env.eventsTable),
    eventResends: () => new DynamoEventResends(aws.dynamo, env.eventsTable),
    auditLog: () => new DynamoAuditLog(aws.dynamo, env.eventsTable),
  });
  return adapters;
}
