// The API's composition: what the route handlers and their middleware work through, built once per
// Lambda container from the stage environment. A route's handler module passes `apiPorts` to its
// middleware (api-route.ts, session-route.ts) and takes the use case's ports from it.
import type { BasePersistenceLayer } from '@aws-lambda-powertools/idempotency/persistence';
import type { AuditPorts } from '../core/audit/audit-log.ts';
import type { AccountStore } from '../core/auth/account-store.ts';
import type { AuthSettings } from '../core/auth/api-key.ts';
import { DashboardSessions } from '../core/auth/dashboard-sessions.ts';
import { KeyAdmin } from '../core/auth/key-admin.ts';
import type { BrandKitPorts } from '../core/brand-kits/brand-kits.ts';
import { systemClock } from '../core/clock.ts';
import type { ImagerySourcePorts } from '../core/imagery-sources/imagery-sources.ts';
import type { CreationClaims } from '../core/jobs/creation-claims.ts';
import type { RetentionPolicy } from '../core/jobs/retention.ts';
import type { MemberInvitations } from '../core/members/invitations.ts';
import type { MemberPorts } from '../core/members/members.ts';
import { type OfficePorts, officesDefaulting } from '../core/offices/offices.ts';
import { systemLookup } from '../core/outbound/url-policy.ts';
import type { UsageStore } from '../core/usage/usage-store.ts';
import type { CancelPorts } from '../core/use-cases/cancel-job.ts';
import type { DeletePorts } from '../core/use-cases/delete-job.ts';
import type { EventPorts } from '../core/use-cases/events.ts';
import { type JobPorts, runningJobsOf } from '../core/use-cases/jobs.ts';
import type { UsagePricing } from '../core/use-cases/usage.ts';
import type { EndpointPorts } from '../core/webhooks/endpoints.ts';
import { brandColourCheck } from '../media/brochure/brand-colours.ts';
import { jobPortsOf } from './job-ports.ts';
import { lazily } from './lazy.ts';
import { processAdapters, processEnv } from './process.ts';
import type { StageAdapters } from './stage-adapters.ts';
import type { DashboardAuth, StageEnv } from './stage-env.ts';

export interface ApiPorts {
  /** Authentication, the daily quota and the rate limit (the middleware's). */
  readonly accounts: AccountStore;
  readonly auth: AuthSettings;
  /** Idempotency-Key answers (Powertools) and the jobs keyed requests claimed. */
  readonly idempotency: BasePersistenceLayer;
  readonly creationClaims: CreationClaims;
  readonly jobs: JobPorts;
  readonly cancel: CancelPorts;
  /** DELETE /v1/jobs/{id}: the cancel's ports, the media bucket and the event log. */
  readonly delete: DeletePorts;
  readonly usage: { readonly store: UsageStore; readonly pricing: UsagePricing };
  /** Webhook endpoints and the event log (GET /v1/events, resends, test pings). */
  readonly webhooks: { readonly endpoints: EndpointPorts; readonly events: EventPorts };
  /** The organization's own imagery sources (accounts table), their URLs checked with the webhook URL rules. */
  readonly imagerySources: ImagerySourcePorts;
  /**
   * The organization's brand kits (accounts table), their logos and photos downloaded under the customer
   * image rules (the stage's URL rules, as a job's image URLs are checked at submission) and kept in the
   * media bucket.
   */
  readonly brandKits: BrandKitPorts;
  /** The organization's offices (accounts table); a delete asks the jobs table for the office's running jobs. */
  readonly offices: OfficePorts;
  /** The audit log (events table): what the changing routes record, and GET /v1/audit-events. */
  readonly audit: AuditPorts;
  readonly dashboard: {
    readonly auth: DashboardAuth;
    readonly sessions: DashboardSessions;
    /** The organizations' dashboard members (checked on every dashboard request) and their changes' audit. */
    readonly members: MemberPorts;
    /** Key administration for the signed-in organization (test limit: the stage's; live: the default). */
    readonly keyAdmin: KeyAdmin;
    /** The stage's retention bounds and defaults (the Settings page's media retention). */
    readonly retention: RetentionPolicy;
  };
}

export function apiPortsOf(adapters: StageAdapters, env: StageEnv): ApiPorts {
  const jobs = jobPortsOf(adapters, env);
  return lazily<ApiPorts>({
    accounts: () => adapters.accounts,
    auth: () => ({ keyVariant: env.keyVariant, testRatePerMinute: env.testRatePerMinute }),
    idempotency: () => adapters.idempotency,
    creationClaims: () => adapters.creationClaims,
    jobs: () => jobs,
    cancel: () =>
      lazily<CancelPorts>({
        jobs: () => jobs.jobs,
        signer: () => jobs.signer,
        clock: () => jobs.clock,
        stopper: () => adapters.stopper,
        events: () => adapters.events,
      }),
    delete: () =>
      lazily<DeletePorts>({
        jobs: () => jobs.jobs,
        signer: () => jobs.signer,
        clock: () => jobs.clock,
        stopper: () => adapters.stopper,
        events: () => adapters.events,
        media: () => adapters.media,
        eventLog: () => adapters.eventLog,
        idempotency: () => adapters.idempotencyRecords,
      }),
    usage: () => ({ store: adapters.usage, pricing: env.usagePricing }),
    webhooks: () => ({
      endpoints: lazily<EndpointPorts>({
        endpoints: () => adapters.webhookEndpoints,
        clock: () => systemClock,
        webhookPolicy: () => env.webhookUrlRules,
        lookup: () => systemLookup,
      }),
      events: lazily<EventPorts>({
        eventLog: () => adapters.eventLog,
        endpoints: () => adapters.webhookEndpoints,
        jobs: () => adapters.jobs,
        queue: () => adapters.webhookQueue,
        clock: () => systemClock,
        eventRetentionDays: () => env.eventRetentionDays,
        resends: () => adapters.eventResends,
      }),
    }),
    imagerySources: () =>
      lazily<ImagerySourcePorts>({
        sources: () => adapters.imagerySources,
        clock: () => systemClock,
        urlRules: () => env.webhookUrlRules,
      }),
    brandKits: () =>
      lazily<BrandKitPorts>({
        kits: () => adapters.brandKits,
        clock: () => systemClock,
        media: () => adapters.media,
        // Loaded on first use: the download decodes with sharp, which only the function serving the brand
        // kit routes carries (its layer); every other API function bundles this module without calling it.
        fetchImage: () => async (url) =>
          (await import('../media/images/fetch-image.ts')).fetchImage(url, env.webhookUrlRules),
        urlRules: () => env.webhookUrlRules,
        checkColours: () => brandColourCheck,
        officesDefaulting: () => (tenant, kitId) =>
          officesDefaulting({ offices: adapters.offices }, tenant, kitId),
      }),
    offices: () =>
      lazily<OfficePorts>({
        offices: () => adapters.offices,
        clock: () => systemClock,
        retention: () => env.retention,
        runningJobs: () => (tenant, officeId) => runningJobsOf(adapters.jobs, tenant, officeId),
        brandKit: () => (tenant, id) => adapters.brandKits.get(tenant, id),
      }),
    audit: () => lazily<AuditPorts>({ auditLog: () => adapters.auditLog, clock: () => systemClock }),
    dashboard: () =>
      lazily<ApiPorts['dashboard']>({
        auth: () => env.dashboardAuth,
        sessions: () => new DashboardSessions(adapters.dashboardSessions, systemClock),
        members: () =>
          lazily<MemberPorts>({
            members: () => adapters.members,
            offices: () => adapters.offices,
            clock: () => systemClock,
            audit: () => lazily<AuditPorts>({ auditLog: () => adapters.auditLog, clock: () => systemClock }),
            // Cognito stages invite through the user pool; sign-in-link stages answer a link instead.
            invitations: () =>
              env.dashboardAuth === 'cognito' ? cognitoInvitations(env.dashboardUserPoolId) : undefined,
          }),
        keyAdmin: () =>
          new KeyAdmin(
            adapters.accounts,
            { testPerMinute: env.testRatePerMinute, liveDefault: env.liveDefaultRates, plans: {} },
            systemClock,
          ),
        retention: () => env.retention,
      }),
  });
}

/** The Cognito adapter, its module (and the SDK client) loaded at the first invitation. */
function cognitoInvitations(userPoolId: string): MemberInvitations {
  const adapter = import('../adapters/cognito/member-invitations.ts').then((m) =>
    m.stageMemberInvitations(userPoolId),
  );
  return {
    invite: async (orgId, email) => (await adapter).invite(orgId, email),
    resend: async (email) => (await adapter).resend(email),
  };
}

let ports: ApiPorts | undefined;

/** This container's API ports. */
export function apiPorts(): ApiPorts {
  ports ??= apiPortsOf(processAdapters(), processEnv());
  return ports;
}
