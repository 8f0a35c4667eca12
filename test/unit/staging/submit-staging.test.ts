// The request-time image_url check under a cloud stage's policy (https only, public hosts): what the
// local stack, which allows http and loopback for its test servers, cannot show.
import { describe, expect, it } from 'vitest';
import type { Job } from '../../../functions/core/jobs/job.ts';
import type { JobPorts } from '../../../functions/core/use-cases/jobs.ts';
import { submitVirtualStaging } from '../../../functions/jobs/staging/submit.ts';
import { fakeJobPorts, fakeJobStore, withoutParams } from '../../support/fakes.ts';

const cloudPolicy = { allowHttp: false, allowLoopback: false };
// Only the policy is reached: a refused URL never touches the job store or the workflow starter (the
// fakes fail the test if it does).
const deps = fakeJobPorts({ webhookPolicy: cloudPolicy });
const tenant = { orgId: 'org-1', mode: 'live' } as const;

describe('submitVirtualStaging on a cloud stage', () => {
  it.each([
    ['plain http', 'http://photos.example.com/room.jpg', /must use https/],
    ['a loopback host', 'https://127.0.0.1/room.jpg', /private, loopback/],
    ['an IPv6 loopback', 'https://[::1]/room.jpg', /private, loopback/],
    ['a private address in hex', 'https://0x0a000001/room.jpg', /private, loopback/],
    ['credentials', 'https://user:pw@photos.example.com/room.jpg', /without credentials/],
  ])('refuses %s with URL_NOT_ALLOWED', async (_name, image_url, reason) => {
    const submitted = submitVirtualStaging(deps, tenant, withoutParams({ image_url, room_type: 'living' }));
    await expect(submitted).rejects.toMatchObject({ code: 'URL_NOT_ALLOWED', status: 422 });
    await expect(submitted).rejects.toThrow(reason);
    await expect(submitted).rejects.toThrow(/^image_url is not allowed: /);
  });
});

describe('submitVirtualStaging: the watermark', () => {
  function depsWith(orgWatermark: boolean) {
    const created: Job[] = [];
    const reads: string[] = [];
    const fake = fakeJobPorts({
      webhookPolicy: cloudPolicy,
      clock: { now: () => new Date('2026-03-01T00:00:00Z') },
      jobs: fakeJobStore({ create: async (job) => void created.push(job) }),
      starter: { start: async () => undefined },
      // A delete_after of its own: retention does not read the settings, so the reads are the watermark's.
      deleteAfter: 'P7D',
      organizationSettings: async (orgId) => {
        reads.push(orgId);
        return { stagingWatermark: orgWatermark };
      },
    });
    return { deps: fake, created, reads };
  }
  const submit = (deps: JobPorts, options?: { watermark?: boolean }) =>
    submitVirtualStaging(
      deps,
      tenant,
      withoutParams({ image_url: 'https://photos.example.com/room.jpg', room_type: 'living', options }),
    );

  it.each([
    [true, undefined, { on: true, source: 'organization' }],
    [false, undefined, { on: false, source: 'organization' }],
    [true, false, { on: false, source: 'request' }],
    [false, true, { on: true, source: 'request' }],
  ] as const)(
    'organization %s, request %s: records %o in the job input',
    async (org, requested, expected) => {
      const { deps, created, reads } = depsWith(org);
      await submit(deps, requested === undefined ? undefined : { watermark: requested });
      expect(created).toHaveLength(1);
      expect(created[0]!.input.watermark).toEqual(expected);
      expect(created[0]!.input.options).toEqual(requested === undefined ? {} : { watermark: requested });
      // The organization's setting is read only when the request leaves it open.
      expect(reads).toEqual(requested === undefined ? ['org-1'] : []);
    },
  );
});
