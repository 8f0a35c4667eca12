// The brochure step's own rules, with fake ports: an image download failure ends the job with the
// fetcher's own code (IMAGE_DOWNLOAD_FAILED or UNSUPPORTED_IMAGE, as on staging) naming the URL and
// reason, and the submit refuses image URLs the stage would not download, naming the field.
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../functions/core/errors.ts';
import type { Tenant } from '../../../functions/core/jobs/job-types.ts';
import { brochureSlideRequest } from '../../../functions/jobs/brochure/schema.ts';
import { generateSlide } from '../../../functions/jobs/brochure/steps.ts';
import { submitBrochureSlide } from '../../../functions/jobs/brochure/submit.ts';
import { slideFonts } from '../../../functions/media/brochure/text-fit.ts';
import { ImageFetchError, type ImageFetcher } from '../../../functions/media/images/fetch-image.ts';
import {
  fakeJobPorts,
  fakeLocationProviders,
  fakeMediaStore,
  fakeStillRenderer,
  fixedClock,
  stepJob,
  withoutParams,
} from '../../support/fakes.ts';

describe('brochure image downloads', () => {
  const url = 'https://photos.example/a.jpg';
  const slide = (fetchImage: ImageFetcher) =>
    generateSlide(
      {
        job: stepJob({ job_id: 'job-1', org_id: 'org', mode: 'live', job_type: 'brochure_slide' }),
        input: brochureSlideRequest.parse({
          property: { address: '27 Wattle Street, Ultimo NSW 2007', images: [url] },
          slide: { type: 'cover' },
          branding: {},
        }),
      },
      // The download fails first: the other ports are never reached.
      {
        fetchImage,
        media: fakeMediaStore(),
        clock: fixedClock(),
        providers: fakeLocationProviders(),
        stillRenderer: fakeStillRenderer(),
        slideFonts: slideFonts(),
      },
    );

  it.each([
    ['IMAGE_DOWNLOAD_FAILED', 'the server answered HTTP 404'],
    ['UNSUPPORTED_IMAGE', 'it is 8000x6000 pixels (48.0 MP), more than the 40 MP limit'],
    ['UNSUPPORTED_IMAGE', 'it is not a JPEG, PNG or WebP image (the server called it image/gif)'],
  ] as const)('a %s from the fetcher ends the job with that code and the reason', async (code, reason) => {
    const error = await slide(async () => {
      throw new ImageFetchError(code, url, reason);
    }).catch((e: unknown) => e);
    expect((error as Error).name).toBe(code);
    expect((error as Error).message).toBe(`Could not use the image at ${url}: ${reason}`);
  });

  it('passes other errors through unchanged', async () => {
    const boom = new Error('socket hang up');
    await expect(
      slide(async () => {
        throw boom;
      }),
    ).rejects.toBe(boom);
  });
});

describe('brochure submit', () => {
  // A refused URL is refused before the job store or the workflow starter is reached (they fail if used).
  const deps = fakeJobPorts({ webhookPolicy: { allowHttp: false, allowLoopback: false } });
  const tenant: Tenant = { orgId: 'org', mode: 'live' };
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
    const error = await submitBrochureSlide(deps, tenant, withoutParams(body(branding, images))).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe('URL_NOT_ALLOWED');
    expect((error as ApiError).message.startsWith(`${field} is not allowed: `)).toBe(true);
  });
});
