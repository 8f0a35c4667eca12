// Jobs a job makes on its caller's behalf (a listing kit's children): ordinary jobs of the other kinds,
// created through each kind's own route use case (the same validation, parents, defaults and start as an
// API request), for the same tenant, marked with the kit's id as their kit_job_id. A child's id is
// derived from the kit's id and the child's role, so a retried creation finds the job it made before
// instead of making a second one. The routes are handed in (the job-kind registry is the jobs layer's).
import type { z } from 'zod';
import type { BrandKitUse } from '../brand-kits/resolve.ts';
import { ApiError } from '../errors.ts';
import { derivedUuidv7, uuidv7Time } from '../ids.ts';
import { type JobPorts, KitEndedError } from '../use-cases/jobs.ts';
import type { Job } from './job.ts';
import type { Tenant } from './job-types.ts';

interface ChildJobRequest {
  /** The child's role in its kit's output (e.g. `markup_edit`): with the kit's id, it names the child. */
  readonly role: string;
  readonly jobType: string;
  /** The request body, as the kind's route takes it. */
  readonly body: unknown;
  /** For routes on a parent (`/…/jobs/{jobId}/…`): the parent job's id. */
  readonly parentJobId?: string;
  /** The role's place among the kit's children (their ids sort in this order). */
  readonly order: number;
}

interface KitRef {
  readonly tenant: Tenant;
  /** The kit's job id (a UUIDv7: its children's ids carry its time, so they sort right after it). */
  readonly jobId: string;
  /** When the kit's media expire: its children's expire then too. */
  readonly mediaExpiresAt?: string;
  /** The brand kit the kit resolved at its submission: its children draw that version, never a later one. */
  readonly brandKit?: BrandKitUse;
  /** The kit's office: its children are that office's jobs too. */
  readonly officeId?: string;
}

type ChildCreation =
  | { readonly ok: true; readonly jobId: string }
  | { readonly ok: false; readonly error: { readonly code: string; readonly message: string } };

/** Port: what a kit's step calls. */
export interface ChildJobs {
  /** Creates (or finds, when already made) the kit's child in this role. Refusals are answered, not thrown. */
  create(kit: KitRef, request: ChildJobRequest): Promise<ChildCreation>;
  get(tenant: Tenant, jobId: string): Promise<Job | undefined>;
}

/** What creating children needs: the job store, starter, signer, clock and the stage's URL rules. */
type ChildJobPorts = Omit<
  JobPorts,
  'kitJobId' | 'creationClaim' | 'idempotencyRecords' | 'inheritedExpiry' | 'deleteAfter'
>;

/** A job type's route as a child is made through it: its schemas and its submit use case. */
interface ChildRoute {
  readonly body: z.ZodType;
  readonly params?: z.ZodType;
  /** The route's use case; the body and params it is given are what its own schemas parsed. */
  readonly submit: (
    deps: JobPorts,
    tenant: Tenant,
    request: { readonly body: never; readonly params: never },
  ) => Promise<{ job_id: string }>;
}

/** The id of the kit's child in a role (the same on every retry). */
function childJobId(kit: KitRef, role: string, order: number): string {
  // A millisecond per role after the kit keeps children in role order in the listing.
  return derivedUuidv7(uuidv7Time(kit.jobId) + 1 + order, `${kit.jobId}/${role}`);
}

export function childJobs(deps: ChildJobPorts, routeOf: (jobType: string) => ChildRoute): ChildJobs {
  return {
    get: (tenant, jobId) => deps.jobs.get(tenant, jobId),
    async create(kit, request) {
      const route = routeOf(request.jobType);
      const jobId = childJobId(kit, request.role, request.order);
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
            kitJobId: kit.jobId,
            ...(kit.mediaExpiresAt ? { inheritedExpiry: kit.mediaExpiresAt } : {}),
            ...(kit.brandKit ? { brandKitPin: kit.brandKit } : {}),
            ...(kit.officeId ? { officeId: kit.officeId } : {}),
            creationClaim: async (proposed) => ({ jobId, createdAt: proposed.createdAt }),
          },
          kit.tenant,
          // The schemas just parsed them: the types are the route's own.
          { body: body.data as never, params: params as never },
        );
        return { ok: true, jobId: created.job_id };
      } catch (error) {
        if (error instanceof ApiError)
          return { ok: false, error: { code: error.code, message: error.message } };
        if (error instanceof KitEndedError)
          return { ok: false, error: { code: 'KIT_ENDED', message: error.message } };
        throw error;
      }
    },
  };
}
