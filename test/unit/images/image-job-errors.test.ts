// One bad image, one job error on every kind that downloads customer images: the staging step and the
// brochure step get the same file from a loopback server through the real fetcher, and the job each
// would show (what Step Functions reports for the step's error, turned into the job's error) is the
// same named code and message. GIF, SVG and HEIC were UNSUPPORTED_IMAGE for staging but
// IMAGE_DOWNLOAD_FAILED for brochures; a cut-short JPEG and PNGs of 1x39,000,000 and 39,000,000x1 were
// accepted by the download and failed later as PROCESSING_FAILED (an internal error).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MediaStore } from '../../../functions/core/media/media-store.ts';
import { jobErrorFromCaught } from '../../../functions/core/workflows/step-errors.ts';
import { brochureSlideRequest } from '../../../functions/jobs/brochure/schema.ts';
import { generateSlide } from '../../../functions/jobs/brochure/steps.ts';
import { stageRoom } from '../../../functions/jobs/staging/steps.ts';
import type { VirtualStagingInput } from '../../../functions/jobs/staging/submit.ts';
import { slideFonts } from '../../../functions/media/brochure/text-fit.ts';
import { imageFetcher } from '../../../functions/media/images/fetch-image.ts';
import type { Stager } from '../../../functions/media/staging/stager.ts';
import {
  fakeLocationProviders,
  fakeMediaStore,
  fakeStillRenderer,
  fixedClock,
  stepJob,
} from '../../support/fakes.ts';
import { blackPng, HEIC_HEAD, SVG } from '../../support/image-files.ts';

let server: Server;
let base: string;
const files = new Map<string, { type: string; body: Buffer | string }>();
const fetchImage = imageFetcher({ allowHttp: true, allowLoopback: true, timeoutMs: 10_000 });

beforeAll(async () => {
  const jpeg = await sharp({
    create: {
      width: 640,
      height: 480,
      channels: 3,
      background: '#000',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .jpeg()
    .toBuffer();
  const gif = await sharp({ create: { width: 8, height: 6, channels: 3, background: '#000' } })
    .gif()
    .toBuffer();
  files.set('/photo.gif', { type: 'image/gif', body: gif });
  files.set('/photo.svg', { type: 'image/svg+xml', body: SVG });
  files.set('/photo.heic', { type: 'image/heic', body: HEIC_HEAD });
  files.set('/truncated.jpg', { type: 'image/jpeg', body: jpeg.subarray(0, jpeg.length >> 1) });
  files.set('/tall.png', { type: 'image/png', body: blackPng(1, 39_000_000) });
  files.set('/wide.png', { type: 'image/png', body: blackPng(39_000_000, 1) });
  server = createServer((req, res) => {
    const file = files.get(req.url ?? '');
    if (file) res.writeHead(200, { 'content-type': file.type }).end(file.body);
    else res.writeHead(404).end('not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
});

const job = (jobType: string) =>
  stepJob({
    job_id: '0190f0c2-7a1b-7c3d-8e4f-5a6b7c8d9e0f',
    org_id: 'org-1',
    mode: 'live',
    job_type: jobType,
  });

/** The job's error for a step that failed with `error`: as Step Functions reports it, then as the job shows it. */
function jobError(error: unknown) {
  expect(error).toBeInstanceOf(Error);
  const { name, message } = error as Error;
  return jobErrorFromCaught({
    Error: name,
    Cause: JSON.stringify({ errorType: name, errorMessage: message }),
  });
}

const notUsed = () => {
  throw new Error('not used: the download fails first');
};

async function stagingJobError(url: string) {
  const stager: Stager = { name: 'fake', stage: notUsed };
  const media: MediaStore = { put: notUsed, get: notUsed, sign: notUsed, keyOf: () => undefined };
  const input: VirtualStagingInput = {
    image_url: url,
    room_type: { requested: 'bedroom', used: 'bedroom', match: 'exact' },
    style: { used: 'coastal', match: 'keyword' },
    options: {},
  };
  const error = await stageRoom(
    { job: job('virtual_staging'), input },
    {
      fetchImage,
      stager,
      media,
    },
  ).then(
    () => undefined,
    (e: unknown) => e,
  );
  return jobError(error);
}

async function brochureJobError(url: string) {
  const input = brochureSlideRequest.parse({
    property: { address: '27 Wattle Street, Ultimo NSW 2007', images: [url] },
    slide: { type: 'cover' },
    branding: {},
  });
  // The download fails first: the other ports are never reached.
  const ports = {
    fetchImage,
    media: fakeMediaStore(),
    clock: fixedClock(),
    providers: fakeLocationProviders(),
    stillRenderer: fakeStillRenderer(),
    slideFonts: slideFonts(),
  };
  const error = await generateSlide({ job: job('brochure_slide'), input }, ports).then(
    () => undefined,
    (e: unknown) => e,
  );
  return jobError(error);
}

describe('a bad image fails every kind that downloads images with the same named code', () => {
  it.each([
    ['/photo.gif', 'UNSUPPORTED_IMAGE', /not a JPEG, PNG or WebP image \(the server called it image\/gif\)/],
    ['/photo.svg', 'UNSUPPORTED_IMAGE', /not a JPEG, PNG or WebP image/],
    ['/photo.heic', 'UNSUPPORTED_IMAGE', /not a JPEG, PNG or WebP image/],
    ['/truncated.jpg', 'UNSUPPORTED_IMAGE', /damaged or cut-short JPEG image/],
    ['/tall.png', 'UNSUPPORTED_IMAGE', /1x39000000 pixels, longer than the 16384 px limit/],
    ['/wide.png', 'UNSUPPORTED_IMAGE', /39000000x1 pixels, longer than the 16384 px limit/],
    ['/missing.jpg', 'IMAGE_DOWNLOAD_FAILED', /the server answered HTTP 404/],
  ])('%s: %s on staging and brochure slides', async (path, code, reason) => {
    const url = `${base}${path}`;
    const staging = await stagingJobError(url);
    const brochure = await brochureJobError(url);
    expect(staging.code).toBe(code);
    expect(staging.message).toMatch(reason);
    expect(staging.message.startsWith(`Could not use the image at ${url}: `)).toBe(true);
    expect(brochure).toEqual(staging);
  });
});
