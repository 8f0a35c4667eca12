// A job's office, and what a key bound to an office may see of jobs: a new job is its key's office's (or
// the request's office_id, or its parent's), an office's media retention takes the organization's place,
// a listing is narrowed to the key's office, and another office's job answers exactly as a job that does
// not exist (404, the same message) for reading, cancelling, deleting and building on it. Events go to
// the endpoints of the job's office and the organization-wide ones only.
import { describe, expect, it, vi } from 'vitest';
import type { ApiError } from '../../../functions/core/errors.ts';
import type { Job } from '../../../functions/core/jobs/job.ts';
import type { JobListFilter } from '../../../functions/core/jobs/job-store.ts';
import type { Tenant } from '../../../functions/core/jobs/job-types.ts';
import { inOfficeScope, officeFilterOf } from '../../../functions/core/offices/office-scope.ts';
import {
  DELETE_MARK_TTL_MS,
  deleteOffice,
  type OfficePorts,
  type OfficeRecord,
  officeStillOpen,
  officesDefaulting,
  officeView,
  requestOffice,
} from '../../../functions/core/offices/offices.ts';
import { cancelJob } from '../../../functions/core/use-cases/cancel-job.ts';
import { type DeletePorts, deleteJob } from '../../../functions/core/use-cases/delete-job.ts';
import {
  getJob,
  listJobs,
  loadParentJob,
  runningJobsOf,
  submitJob,
} from '../../../functions/core/use-cases/jobs.ts';
import { receiversOf } from '../../../functions/core/webhooks/deliver-event.ts';
import { matchingEndpoints, type WebhookEndpoint } from '../../../functions/core/webhooks/endpoints.ts';
import { fakeJobPorts, fakeJobStore, fixedClock, jobRecord, memoryOfficeStore } from '../../support/fakes.ts';

const tenant: Tenant = { orgId: 'acme', mode: 'live' };
const A = 'off_aaaaaaaaaaaaaaaaaaaa';
const B = 'off_bbbbbbbbbbbbbbbbbbbb';
const signer = { sign: async (key: string) => ({ url: `https://signed/${key}`, expiresAt: 'later' }) };

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    return error as ApiError;
  }
  throw new Error('expected a rejection');
}

/** An office record as the store keeps it, named by its id, with a default brand kit if given. */
const office = (id: string, kit?: string): OfficeRecord => ({
  id,
  name: id,
  external_ref: null,
  media_retention_days: null,
  ...(kit ? { default_brand_kit_id: kit } : {}),
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
});

describe('the office scope of a key', () => {
  it('lets an organization-wide key see every office, an office key only its own', () => {
    expect(inOfficeScope(undefined, A)).toBe(true);
    expect(inOfficeScope(undefined, undefined)).toBe(true);
    expect(inOfficeScope(A, A)).toBe(true);
    expect(inOfficeScope(A, B)).toBe(false);
    // The organization's own jobs (no office) are not an office key's.
    expect(inOfficeScope(A, undefined)).toBe(false);
  });

  it("narrows a listing to the key's office; a filter naming another office matches nothing", () => {
    expect(officeFilterOf(undefined, undefined)).toEqual({});
    expect(officeFilterOf(undefined, B)).toEqual({ officeId: B });
    expect(officeFilterOf(A, undefined)).toEqual({ officeId: A });
    expect(officeFilterOf(A, A)).toEqual({ officeId: A });
    expect(officeFilterOf(A, B)).toBe('none');
  });

  it("finds a request's office: the key's, else the one named; a missing or foreign one is a 404", async () => {
    const offices = memoryOfficeStore();
    await offices.replace(tenant, 0, [office(A), office(B)]);
    const ports = { offices, clock: fixedClock() };
    expect(await requestOffice(ports, tenant, undefined, undefined)).toBeUndefined();
    expect((await requestOffice(ports, tenant, undefined, B))?.id).toBe(B);
    expect((await requestOffice(ports, tenant, A, undefined))?.id).toBe(A);
    expect((await requestOffice(ports, tenant, A, A))?.id).toBe(A);
    const foreign = await rejection(requestOffice(ports, tenant, A, B));
    const missing = await rejection(requestOffice(ports, tenant, undefined, 'off_gone'));
    expect([foreign.status, missing.status]).toEqual([404, 404]);
    expect(foreign.message).toBe(missing.message.replace('off_gone', B));
    // Another organization's office of the same id is not this one's.
    expect(
      (await rejection(requestOffice(ports, { orgId: 'other', mode: 'live' }, undefined, A))).status,
    ).toBe(404);
  });

  it('shows an office made before default kits with default_brand_kit_id null, and finds the offices a kit is the default of', async () => {
    const offices = memoryOfficeStore();
    expect(officeView(office(A)).default_brand_kit_id).toBeNull();
    await offices.replace(tenant, 0, [office(A, 'bk_1'), office(B, 'bk_1'), office('off_c', 'bk_2')]);
    expect(await officesDefaulting({ offices }, tenant, 'bk_1')).toEqual([A, B]);
    expect(await officesDefaulting({ offices }, tenant, 'bk_3')).toEqual([]);
    expect(await officesDefaulting({ offices }, { orgId: 'other', mode: 'live' }, 'bk_1')).toEqual([]);
  });
});

describe("another office's job", () => {
  const theirs = jobRecord('processing', { officeId: B, jobType: 'markup_v2' });
  const jobs = fakeJobStore({ get: async (_t, id) => (id === theirs.jobId ? theirs : undefined) });
  const deps = fakeJobPorts({ jobs, signer });

  it('is a 404 with the message of a job that does not exist, to read, cancel, delete or build on', async () => {
    const missingId = '0193a0b2-0000-7000-8000-0000000fffff';
    const missing = await rejection(getJob(deps, tenant, missingId, A));
    const expected = missing.message.replace(missingId, theirs.jobId);
    const cancelPorts = { jobs, signer, clock: fixedClock() } as never;
    const deletePorts = { jobs, signer, clock: fixedClock() } as unknown as DeletePorts;
    for (const attempt of [
      getJob(deps, tenant, theirs.jobId, A),
      cancelJob(cancelPorts, tenant, theirs.jobId, A),
      deleteJob(deletePorts, tenant, theirs.jobId, A),
      loadParentJob({ ...deps, officeId: A }, tenant, theirs.jobId, ['markup_v2']),
    ]) {
      const error = await rejection(attempt);
      expect(error.status).toBe(404);
      expect(error.message).toBe(expected);
    }
  });

  it('is seen by its own office and by the organization-wide key', async () => {
    expect((await getJob(deps, tenant, theirs.jobId, B)).office_id).toBe(B);
    expect((await getJob(deps, tenant, theirs.jobId)).office_id).toBe(B);
  });
});

describe('listing jobs by office', () => {
  const page = { jobs: [jobRecord('completed', { officeId: A })], hasMore: false };
  const query = { limit: 10, offset: 0 };

  function listed() {
    const list = vi.fn(async (_t: Tenant, _f: JobListFilter) => page);
    return { list, deps: fakeJobPorts({ jobs: fakeJobStore({ list }), signer }) };
  }

  it("asks the store for the key's office, or the office the organization's key names", async () => {
    const own = listed();
    await listJobs(own.deps, tenant, query, A);
    expect(own.list.mock.calls[0]![1]).toMatchObject({ officeId: A });
    const named = listed();
    await listJobs(named.deps, tenant, { ...query, office_id: B }, undefined);
    expect(named.list.mock.calls[0]![1]).toMatchObject({ officeId: B });
    const all = listed();
    await listJobs(all.deps, tenant, query, undefined);
    expect(all.list.mock.calls[0]![1].officeId).toBeUndefined();
  });

  it("answers an office key's filter on another office with no jobs, without asking the store", async () => {
    const other = listed();
    const answer = await listJobs(other.deps, tenant, { ...query, office_id: B }, A);
    expect(answer.jobs).toEqual([]);
    expect(answer.pagination).toMatchObject({ count: 0, has_more: false });
    expect(other.list).not.toHaveBeenCalled();
  });
});

describe("a new job's office", () => {
  async function submitted(extra: Parameters<typeof fakeJobPorts>[0], parent?: Job): Promise<Job> {
    const created: Job[] = [];
    const deps = fakeJobPorts({
      jobs: fakeJobStore({ create: async (j) => void created.push(j) }),
      starter: { start: async () => undefined },
      clock: fixedClock('2026-03-01T00:00:00.000Z'),
      ...extra,
    });
    await submitJob(deps, { tenant, jobType: 'markup_v2', input: {}, ...(parent ? { parent } : {}) });
    return created[0]!;
  }

  it("is the deps' office, else its parent's, else none", async () => {
    expect((await submitted({ officeId: A })).officeId).toBe(A);
    const parent = jobRecord('completed', { officeId: B });
    expect((await submitted({}, parent)).officeId).toBe(B);
    expect((await submitted({})).officeId).toBeUndefined();
  });

  it("keeps its media for its office's retention instead of the organization's", async () => {
    const organization = { mediaRetentionDays: 60 };
    const office = await submitted({ officeId: A, officeRetentionDays: 7, organization });
    expect(office.mediaExpiresAt).toBe('2026-03-08T00:00:00.000Z');
    const org = await submitted({ officeId: A, organization });
    expect(org.mediaExpiresAt).toBe('2026-04-30T00:00:00.000Z');
    // A request's delete_after still wins.
    const asked = await submitted({ officeId: A, officeRetentionDays: 7, deleteAfter: 'P1D' });
    expect(asked.mediaExpiresAt).toBe('2026-03-02T00:00:00.000Z');
  });

  it("keeps a job that takes its parent's office for that office's retention", async () => {
    const parent = jobRecord('completed', { officeId: B });
    const officeRetention = async (_t: Tenant, id: string) => (id === B ? 14 : undefined);
    const edit = await submitted({ officeRetention, organization: { mediaRetentionDays: 60 } }, parent);
    expect(edit).toMatchObject({ officeId: B, mediaExpiresAt: '2026-03-15T00:00:00.000Z' });
  });
});

describe('webhook endpoints of an office', () => {
  const at = '2026-01-01T00:00:00.000Z';
  const endpoint = (id: string, officeId?: string): WebhookEndpoint => ({
    id,
    url: `https://hooks.example.com/${id}`,
    enabled_events: ['*'],
    description: null,
    enabled: true,
    secrets: [],
    created_at: at,
    updated_at: at,
    ...(officeId ? { office_id: officeId } : {}),
  });
  const endpoints = [endpoint('we_org'), endpoint('we_a', A), endpoint('we_b', B)];

  it("get their own office's events only; an organization-wide endpoint gets every event", () => {
    const ids = (office?: string) => matchingEndpoints(endpoints, 'job.completed', office).map((e) => e.id);
    expect(ids(A)).toEqual(['we_org', 'we_a']);
    expect(ids(B)).toEqual(['we_org', 'we_b']);
    expect(ids(undefined)).toEqual(['we_org']);
  });

  it("fan out a job's event by the job's office, and a deleted job's by the office its event names", async () => {
    const job = jobRecord('completed', { officeId: A });
    const ports = {
      jobs: fakeJobStore({ get: async () => job }),
      endpoints: { list: async () => ({ endpoints, version: 1 }), replace: async () => true },
    };
    const message = {
      type: 'job.completed',
      job: { job_id: job.jobId, org_id: 'acme', mode: 'live' as const, job_type: job.jobType },
    } as const;
    const targets = await receiversOf(ports, tenant, message);
    expect(targets.map((t) => (t.kind === 'endpoint' ? t.endpoint_id : t.kind))).toEqual(['we_org', 'we_a']);
    const gone = {
      jobs: fakeJobStore({ get: async () => undefined }),
      endpoints: ports.endpoints,
    };
    const deleted = await receiversOf(gone, tenant, { ...message, type: 'job.deleted', office_id: B });
    expect(deleted.map((t) => (t.kind === 'endpoint' ? t.endpoint_id : t.kind))).toEqual(['we_org', 'we_b']);
  });
});

describe('an office deleted while a job is submitted to it', () => {
  /** Offices and jobs in memory; `runningJobs` counts the store's queued and processing jobs of an office. */
  async function world(now = new Date('2026-03-01T00:00:00.000Z')) {
    const offices = memoryOfficeStore();
    await offices.replace(tenant, 0, [office(A)]);
    const jobs = new Map<string, Job>();
    const store = fakeJobStore({
      create: async (job) => void jobs.set(job.jobId, job),
      remove: async (_t, id) => jobs.delete(id),
      list: async (_t, filter: JobListFilter) => ({
        jobs: [...jobs.values()].filter((j) => j.status === filter.status && j.officeId === filter.officeId),
        hasMore: false,
      }),
    });
    const clock = { now: () => now };
    const counted: Array<OfficeRecord | undefined> = [];
    const ports: OfficePorts = {
      offices,
      clock,
      retention: { minDays: 1, maxDays: 365, defaultDays: 30 } as never,
      brandKit: async () => undefined,
      deleteSettleMs: 0,
      runningJobs: async (t, id) => {
        counted.push((await offices.list(t)).offices.find((o) => o.id === id));
        return runningJobsOf(store, t, id);
      },
    };
    const started: string[] = [];
    const deps = fakeJobPorts({
      jobs: store,
      clock,
      starter: { start: async (_type, id) => void started.push(id) },
      officeId: A,
      officeCheck: () => officeStillOpen(ports, tenant, A),
    });
    return { offices, jobs, ports, deps, started, counted };
  }
  const submit = (deps: Parameters<typeof submitJob>[0]) =>
    submitJob(deps, { tenant, jobType: 'markup_v2', input: {} });

  it('marks the office before it counts its jobs, and refuses new jobs in it meanwhile', async () => {
    const w = await world();
    await deleteOffice(w.ports, tenant, A, undefined);
    // When the running jobs were counted, the office was already marked.
    expect(w.counted[0]?.deleting_since).toBe('2026-03-01T00:00:00.000Z');
    expect((await w.offices.list(tenant)).offices).toEqual([]);
  });

  it('undoes a job written after the delete counted, so no running job is left in the deleted office', async () => {
    const w = await world();
    // The submit reads the office (it exists), then the delete runs to its end before the job is written.
    expect((await requestOffice(w.ports, tenant, undefined, A))?.id).toBe(A);
    await deleteOffice(w.ports, tenant, A, undefined);
    const refused = await rejection(submit(w.deps));
    expect([refused.status, refused.code]).toEqual([404, 'NOT_FOUND']);
    expect([...w.jobs.values()]).toEqual([]);
    expect(w.started).toEqual([]);
  });

  it('refuses the delete (409) when a job was written before its count, takes its mark off, and the office takes jobs again', async () => {
    const w = await world();
    await submit(w.deps);
    expect(w.started).toHaveLength(1);
    const refused = await rejection(deleteOffice(w.ports, tenant, A, undefined));
    expect(refused.code).toBe('OFFICE_HAS_RUNNING_JOBS');
    const [kept] = (await w.offices.list(tenant)).offices;
    expect(kept).toEqual(office(A));
    await submit(w.deps);
    expect(w.started).toHaveLength(2);
  });

  it('refuses a job in an office a delete has marked, with a message saying so; a mark older than a minute is a delete that died', async () => {
    const w = await world();
    await w.offices.replace(tenant, 1, [{ ...office(A), deleting_since: '2026-02-28T23:59:30.000Z' }]);
    const marked = await rejection(requestOffice(w.ports, tenant, undefined, A));
    expect([marked.status, marked.message]).toEqual([404, expect.stringContaining('is being deleted')]);
    const job = await rejection(submit(w.deps));
    expect(job.message).toContain('is being deleted');
    expect([...w.jobs.values()]).toEqual([]);
    // The mark is never answered.
    expect(officeView((await w.offices.list(tenant)).offices[0]!)).not.toHaveProperty('deleting_since');
    const later = await world(new Date(Date.parse('2026-02-28T23:59:30.000Z') + DELETE_MARK_TTL_MS + 1));
    await later.offices.replace(tenant, 1, [{ ...office(A), deleting_since: '2026-02-28T23:59:30.000Z' }]);
    expect((await requestOffice(later.ports, tenant, undefined, A))?.id).toBe(A);
  });
});
