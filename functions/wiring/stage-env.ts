// The stage environment, typed: what the CDK app (or the local stack) set on a function, each value read,
// checked and converted once, on first use. A function is given only the variables it needs, so a value
// is parsed when asked for, and a missing one fails then, naming its variable. The composition modules
// beside this one read it; nothing else in functions/ reads the platform's variables (capability rows
// read their own, in functions/jobs/capabilities.ts).

import type { KeyVariant } from '../core/auth/api-key.ts';
import { ENV, stateMachineArnVariable } from '../core/config/env.ts';
import type { JobType } from '../core/jobs/job-types.ts';
import type { RetentionPolicy } from '../core/jobs/retention.ts';
import { checkJobConcurrencyLimits, type JobConcurrencyLimits } from '../core/limits/job-slots.ts';
import { type BundleHostAllowlist, parseBundleHostAllowlist } from '../core/outbound/bundle-hosts.ts';
import type { StageUrlRules } from '../core/outbound/url-policy.ts';
import type { UsagePricing } from '../core/use-cases/usage.ts';

/** Where the variables come from: process.env in a function, a record in the local stack or the CLI. */
export type EnvSource = Readonly<Record<string, string | undefined>>;

export type DashboardAuth = 'sign-in-link' | 'cognito';

export interface StageEnv {
  readonly jobsTable: string;
  readonly accountsTable: string;
  readonly idempotencyTable: string;
  readonly usageTable: string;
  readonly usagePricing: UsagePricing;
  readonly eventsTable: string;
  readonly eventRetentionDays: number;
  readonly endpointDisableAfterDays: number;
  readonly mediaBucket: string;
  readonly outputUrlExpirySeconds: number;
  readonly s3ForcePathStyle: boolean;
  readonly keyVariant: KeyVariant;
  readonly testRatePerMinute: number;
  /** The limits of a live key whose organization has none of its own. */
  readonly liveDefaultRates: { readonly requestsPerMinute: number; readonly requestsPerDay?: number };
  readonly webhookQueueUrl: string;
  readonly webhookDeadLetterQueueUrl: string;
  readonly webhookRetryScheduleSeconds: readonly number[];
  /** Which webhook URLs (and a kit's room image URLs) the stage accepts. */
  readonly webhookUrlRules: StageUrlRules;
  readonly bundleHosts: BundleHostAllowlist;
  /** How long job media and inputs are kept (MEDIA_RETENTION). */
  readonly retention: RetentionPolicy;
  readonly outboxGraceSeconds: number;
  readonly workflowStartDeadlineSeconds: number;
  /** Jobs of one organization processing at once (JOB_CONCURRENCY). */
  readonly jobConcurrency: JobConcurrencyLimits;
  readonly dashboardAuth: DashboardAuth;
  /** Directory of the built dashboard app (index.html, app.js, app.css). */
  readonly dashboardAssetsDir: string;
  /** Origins media URLs come from (the dashboard page's CSP img-src/media-src), space-separated. */
  readonly dashboardMediaOrigins: string;
  /** The Cognito hosted UI and app client of the dashboard (cognito sign-in only). */
  readonly dashboardCognito: { readonly domain: string; readonly clientId: string } | undefined;
  /** The dashboard's Cognito user pool id, where invitations make their users (cognito sign-in only). */
  readonly dashboardUserPoolId: string;
  /** The ARN of a job type's state machine (STATE_MACHINE_ARN_<TYPE>). */
  stateMachineArn(jobType: JobType): string;
}

function text(source: EnvSource, name: string): string {
  const value = source[name];
  if (value === undefined || value === '')
    throw new Error(`Environment variable ${name} is not set; the deployment (or local stack) must set it.`);
  return value;
}

function optional(source: EnvSource, name: string): string | undefined {
  const value = source[name];
  return value === undefined || value === '' ? undefined : value;
}

function integer(source: EnvSource, name: string): number {
  const raw = text(source, name);
  const value = Number(raw);
  if (!Number.isInteger(value))
    throw new Error(`Environment variable ${name} must be an integer, got '${raw}'.`);
  return value;
}

function positive(source: EnvSource, name: string): number {
  const raw = text(source, name);
  const value = Number(raw);
  if (!(value > 0)) throw new Error(`Environment variable ${name} must be a positive number, got '${raw}'.`);
  return value;
}

function flag(source: EnvSource, name: string): boolean {
  const raw = text(source, name);
  if (raw !== 'true' && raw !== 'false')
    throw new Error(`Environment variable ${name} must be true or false, got '${raw}'.`);
  return raw === 'true';
}

function json<T>(source: EnvSource, name: string): T {
  const raw = text(source, name);
  try {
    return JSON.parse(raw) as T;
  } catch {
    throw new Error(`Environment variable ${name} must be JSON, got '${raw}'.`);
  }
}

function oneOf<T extends string>(source: EnvSource, name: string, values: readonly T[]): T {
  const raw = text(source, name);
  if (!(values as readonly string[]).includes(raw))
    throw new Error(`Environment variable ${name} must be one of ${values.join(', ')}, got '${raw}'.`);
  return raw as T;
}

type Readers = { readonly [K in Exclude<keyof StageEnv, 'stateMachineArn'>]: () => StageEnv[K] };

/** The stage environment of `source`: each value parsed on first use, then kept. */
export function parseStageEnv(source: EnvSource = process.env): StageEnv {
  const readers: Readers = {
    jobsTable: () => text(source, ENV.jobsTable),
    accountsTable: () => text(source, ENV.accountsTable),
    idempotencyTable: () => text(source, ENV.idempotencyTable),
    usageTable: () => text(source, ENV.usageTable),
    usagePricing: () => json<UsagePricing>(source, ENV.usagePricing),
    eventsTable: () => text(source, ENV.eventsTable),
    eventRetentionDays: () => integer(source, ENV.eventRetentionDays),
    // A fraction of a day only where the local stack shortens it (LOCAL_WEBHOOK_DISABLE_AFTER_SECONDS).
    endpointDisableAfterDays: () => positive(source, ENV.endpointDisableAfterDays),
    mediaBucket: () => text(source, ENV.mediaBucket),
    outputUrlExpirySeconds: () => integer(source, ENV.outputUrlExpirySeconds),
    s3ForcePathStyle: () => optional(source, ENV.s3ForcePathStyle) === 'true',
    keyVariant: () => oneOf<KeyVariant>(source, ENV.keyVariant, ['test-and-live', 'live-only']),
    testRatePerMinute: () => integer(source, ENV.testRatePerMinute),
    liveDefaultRates: () => ({
      requestsPerMinute: integer(source, ENV.liveDefaultRatePerMinute),
      requestsPerDay: optional(source, ENV.liveDefaultRatePerDay)
        ? integer(source, ENV.liveDefaultRatePerDay)
        : undefined,
    }),
    webhookQueueUrl: () => text(source, ENV.webhookQueueUrl),
    webhookDeadLetterQueueUrl: () => text(source, ENV.webhookDeadLetterQueueUrl),
    webhookRetryScheduleSeconds: () => json<number[]>(source, ENV.webhookRetrySchedule),
    webhookUrlRules: () => ({
      allowHttp: flag(source, ENV.webhookAllowHttp),
      allowLoopback: flag(source, ENV.webhookAllowLoopback),
    }),
    bundleHosts: () => parseBundleHostAllowlist(optional(source, ENV.videoBundleUrlAllowlist)),
    retention: () => json<RetentionPolicy>(source, ENV.mediaRetention),
    outboxGraceSeconds: () => integer(source, ENV.outboxGraceSeconds),
    workflowStartDeadlineSeconds: () => integer(source, ENV.workflowStartDeadlineSeconds),
    jobConcurrency: () => checkJobConcurrencyLimits(json<unknown>(source, ENV.jobConcurrency)),
    dashboardAuth: () => oneOf<DashboardAuth>(source, ENV.dashboardAuth, ['sign-in-link', 'cognito']),
    dashboardAssetsDir: () => text(source, ENV.dashboardAssetsDir),
    dashboardMediaOrigins: () => optional(source, ENV.dashboardMediaOrigins) ?? '',
    dashboardCognito: () =>
      optional(source, ENV.dashboardCognitoDomain) === undefined
        ? undefined
        : {
            domain: text(source, ENV.dashboardCognitoDomain),
            clientId: text(source, ENV.dashboardCognitoClientId),
          },
    dashboardUserPoolId: () => text(source, ENV.dashboardUserPoolId),
  };
  const parsed = new Map<string, unknown>();
  const env = Object.defineProperties(
    { stateMachineArn: (jobType: JobType) => text(source, stateMachineArnVariable(jobType)) },
    Object.fromEntries(
      Object.entries(readers).map(([name, read]) => [
        name,
        {
          enumerable: true,
          get: () => {
            if (!parsed.has(name)) parsed.set(name, (read as () => unknown)());
            return parsed.get(name);
          },
        },
      ]),
    ),
  );
  return env as StageEnv;
}

let processEnv: StageEnv | undefined;

/** This process's stage environment (a Lambda container's: its variables do not change). */
export function stageEnv(): StageEnv {
  processEnv ??= parseStageEnv(process.env);
  return processEnv;
}
