// Jobs a job makes on its caller's behalf (a listing kit's children): ordinary jobs of the other kinds,
// created through each kind's own route use case (the same validation, parents, defaults and start as an
// API request), for the same tenant, marked with the maker's id as their kit_job_id. A child's id is
// derived from the kit's id and the child's role, so a retried creation finds the job it made before
// instead of making a second one.
import { type AccountStore, DynamoAccountStore } from '../../core/auth/account-store.ts';
import { dynamo } from '../../core/clients.ts';
import { ENV, requireEnv } from '../../core/config/env.ts';
import { ApiError } from '../../core/errors.ts';
import { derivedUuidv7, uuidv7Time } from '../../core/ids.ts';
import type { Job } from '../../core/jobs/job.ts';
import type { JobStore } from '../../core/jobs/job-store.ts';
import type { Tenant } from '../../core/jobs/job-types.ts';
import type { MediaUrlSigner } from '../../core/media/media-store.ts';
import { jobPortsFromEnv } from '../../core/use-cases/job-ports-from-env.ts';
import type { JobPorts } from '../../core/use-cases/jobs.ts';
import type { JobRoute } from '../job-kind.ts';
import { jobTypeSpec } from '../registry.ts';

export interface ChildJobRequest {
  /** The child's role in its maker's output (e.g. `markup_edit`): with the maker's id, it names the child. */
  readonly role: string;
  readonly jobType: string;
  /** The request body, as the kind's route takes it. */
  readonly body: unknown;
  /** For routes on a parent (`/…/jobs/{jobId}/…`): the parent job's id. */
  readonly parentJobId?: string;
  /** The role's place among the maker's children (their ids sort in this order). */
  readonly order: number;
}

export interface ChildMaker {
  readonly tenant: Tenant;
  /** The maker's job id (a UUIDv7: its children's ids carry its time, so they sort right after it). */
  readonly jobId: string;
}

export type ChildCreation =
  | { readonly ok: true; readonly jobId: string }
  | { readonly ok: false; readonly error: { readonly code: string; readonly message: string } };

export interface ChildJobs {
  /** Creates (or finds, when already made) the maker's child in this role. Refusals are answered, not thrown. */
  create(maker: ChildMaker, request: ChildJobRequest): Promise<ChildCreation>;
  get(tenant: Tenant, jobId: string): Promise<Job | undefined>;
}

/** What creating children needs: the job store, starter, signer, clock and the stage's URL rules. */
export type ChildJobPorts = Omit<JobPorts, 'kitJobId' | 'creationClaim'>;

/** The id of the maker's child in a role (the same on every retry). */
export function childJobId(maker: ChildMaker, role: string, order: number): string {
  // A millisecond per role after the maker keeps children in role order in the listing.
  return derivedUuidv7(uuidv7Time(maker.jobId) + 1 + order, `${maker.jobId}/${role}`);
}

export function childJobs(deps: ChildJobPorts, routeOf: (jobType: string) => JobRoute): ChildJobs {
  return {
    get: (tenant, jobId) => deps.jobs.get(tenant, jobId),
    async create(maker, request) {
      const route = routeOf(request.jobType);
      const jobId = childJobId(maker, request.role, request.order);
      try {
        const body = route.body.safeParse(request.body);
        if (!body.success) {
          const issue = body.error.issues[0];
          throw new ApiError(
            'VALIDATION_ERROR',
            `The ${request.role} request is not valid: ${issue?.path.join('.') || 'body'}: ${issue?.message}`,
          );
        }
        const params = route.params ? route.params.parse({ jobId: request.parentJobId }) : undefined;
        const created = await route.submit(
          {
            ...deps,
            kitJobId: maker.jobId,
            creationClaim: async (proposed) => ({ jobId, createdAt: proposed.createdAt }),
          },
          maker.tenant,
          { body: body.data, params },
        );
        return { ok: true, jobId: created.job_id };
      } catch (error) {
        if (error instanceof ApiError)
          return { ok: false, error: { code: error.code, message: error.message } };
        throw error;
      }
    },
  };
}

/** The port, from the stage's environment: its job store, state machines, media signer and URL rules. */
export function childJobsFromEnv(platform: {
  readonly jobs: JobStore;
  readonly media: MediaUrlSigner;
}): ChildJobs {
  let accounts: AccountStore | undefined;
  return childJobs(
    jobPortsFromEnv({
      jobs: platform.jobs,
      signer: platform.media,
      accounts: () => {
        accounts ??= new DynamoAccountStore(dynamo(), requireEnv(ENV.accountsTable));
        return accounts;
      },
    }),
    (jobType) => jobTypeSpec(jobType).route,
  );
}
