// The brochure step's own rules, with fake ports: every image download failure ends the job
// IMAGE_DOWNLOAD_FAILED naming the URL and reason, and the submit refuses image URLs the stage would
// not download, naming the field.
import { describe, expect, it } from 'vitest';
import { ApiError, JobError } from '../../../functions/core/errors.ts';
import { brochureSlideRequest } from '../../../functions/jobs/brochure/schema.ts';
import { brochureFetcher } from '../../../functions/jobs/brochure/steps.ts';
import { submitBrochureSlide } from '../../../functions/jobs/brochure/submit.ts';
import { ImageFetchError } from '../../../functions/media/images/fetch-image.ts';

describe('brochure image downloads', () => {
  it.each([
    ['IMAGE_DOWNLOAD_FAILED', 'the server answered HTTP 404'],
    ['UNSUPPORTED_IMAGE', 'it is 8000x6000 pixels (48.0 MP), more than the 40 MP limit'],
  ] as const)(
    'a %s from the fetcher ends the job IMAGE_DOWNLOAD_FAILED with the reason',
    async (code, reason) => {
      const url = 'https://photos.example/a.jpg';
      const fetch = brochureFetcher(async () => {
        throw new ImageFetchError(code, url, reason);
      });
      const error = await fetch(url).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(JobError);
      expect((error as JobError).name).toBe('IMAGE_DOWNLOAD_FAILED');
      expect((error as JobError).message).toBe(`Could not use the image at ${url}: ${reason}`);
    },
  );

  it('passes other errors through unchanged', async () => {
    const boom = new Error('socket hang up');
    const fetch = brochureFetcher(async () => {
      throw boom;
    });
    await expect(fetch('https://photos.example/a.jpg')).rejects.toBe(boom);
  });
});

describe('brochure submit', () => {
  const deps = { webhookPolicy: { allowHttp: false, allowLoopback: false } } as never;
  const tenant = { orgId: 'org', mode: 'live' } as never;
  const body = (branding: Record<string, unknown>, images = ['https://photos.example/a.jpg']) =>
    brochureSlideRequest.parse({
      property: { address: '27 Wattle Street, Ultimo NSW 2007', images },
      slide: { type: 'cover' },
      branding,
    });

  it.each([
    [{ agency_logo_url: 'https://10.1.2.3/logo.png' }, undefined, 'branding.agency_logo_url'],
    [{ agent_headshot_url: 'http://photos.example/me.jpg' }, undefined, 'branding.agent_headshot_url'],
    [{}, ['https://photos.example/a.jpg', 'https://127.0.0.1/b.jpg'], 'property.images[1]'],
    [{ agency_logo_url: 'https://user:pw@photos.example/logo.png' }, undefined, 'branding.agency_logo_url'],
  ])('refuses %j %j with 422 URL_NOT_ALLOWED naming %s', async (branding, images, field) => {
    const error = await submitBrochureSlide(deps, tenant, {
      body: body(branding, images),
      params: undefined as never,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe('URL_NOT_ALLOWED');
    expect((error as ApiError).message.startsWith(`${field} is not allowed: `)).toBe(true);
  });
});
