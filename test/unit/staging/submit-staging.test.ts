// The request-time image_url check under a cloud stage's policy (https only, public hosts): what the
// local stack, which allows http and loopback for its test servers, cannot show.
import { describe, expect, it } from 'vitest';
import type { JobDeps } from '../../../functions/core/use-cases/jobs.ts';
import { submitVirtualStaging } from '../../../functions/jobs/staging/submit.ts';

const cloudPolicy = { allowHttp: false, allowLoopback: false };
// Only the policy is reached: a refused URL never touches the job store or the workflow starter.
const deps = { webhookPolicy: cloudPolicy } as JobDeps;
const tenant = { orgId: 'org-1', mode: 'live' } as const;

describe('submitVirtualStaging on a cloud stage', () => {
  it.each([
    ['plain http', 'http://photos.example.com/room.jpg', /must use https/],
    ['a loopback host', 'https://127.0.0.1/room.jpg', /private, loopback/],
    ['an IPv6 loopback', 'https://[::1]/room.jpg', /private, loopback/],
    ['a private address in hex', 'https://0x0a000001/room.jpg', /private, loopback/],
    ['credentials', 'https://user:pw@photos.example.com/room.jpg', /without credentials/],
  ])('refuses %s with URL_NOT_ALLOWED', async (_name, image_url, reason) => {
    const submitted = submitVirtualStaging(deps, tenant, {
      body: { image_url, room_type: 'living' },
      params: undefined as never,
    });
    await expect(submitted).rejects.toMatchObject({ code: 'URL_NOT_ALLOWED', status: 422 });
    await expect(submitted).rejects.toThrow(reason);
    await expect(submitted).rejects.toThrow(/^image_url is not allowed: /);
  });
});
