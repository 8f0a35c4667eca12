// The StageRoom step with fake ports: what it downloads, how it seeds the stager, what it stores and
// returns, and how download failures become job errors.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { StoredMedia } from '../../../functions/core/schemas/outputs.ts';
import { jobErrorFromCaught } from '../../../functions/core/workflows/step-errors.ts';
import {
  STAGING_DISCLOSURE,
  type StageRoomEvent,
  stageRoom,
  stagingSeed,
} from '../../../functions/jobs/staging/steps.ts';
import { type FetchedImage, ImageFetchError } from '../../../functions/media/images/fetch-image.ts';
import type { StageRequest, Stager } from '../../../functions/media/staging/stager.ts';
import { stepJob } from '../../support/fakes.ts';

const job = stepJob({
  job_id: '0190f0c2-7a1b-7c3d-8e4f-5a6b7c8d9e0f',
  org_id: 'org-1',
  mode: 'live',
  job_type: 'virtual_staging',
});

const event: StageRoomEvent = {
  job,
  input: {
    image_url: 'https://photos.example.com/lounge.png',
    room_type: { requested: 'lounge room', used: 'living', match: 'synonym' },
    style: { used: 'coastal', match: 'keyword' },
    options: { style_prompt: 'coastal, rattan' },
  },
};

const photo: FetchedImage = {
  url: event.input.image_url,
  bytes: Buffer.from('png bytes'),
  format: 'png',
  contentType: 'image/png',
  width: 640,
  height: 480,
};

function fakes(
  fetchImage: (url: string) => Promise<FetchedImage> = async () => photo,
  stagedImage = Buffer.from('staged png'),
) {
  const stored: Array<{ key: string; body: Buffer; contentType: string }> = [];
  const requests: StageRequest[] = [];
  const stager: Stager = {
    name: 'fake',
    async stage(request) {
      requests.push(request);
      return {
        image: stagedImage,
        contentType: 'image/png',
        format: 'png',
        width: 640,
        height: 480,
        provider: 'fake-stager',
        style: 'coastal',
        items: ['sofa', 'rug'],
      };
    },
  };
  const media = {
    async put(key: string, body: Buffer, contentType: string, extra = {}): Promise<StoredMedia> {
      stored.push({ key, body, contentType });
      return { s3_key: key, content_type: contentType, size_bytes: body.length, ...extra };
    },
    async get(): Promise<Buffer> {
      throw new Error('not used');
    },
    async sign(): Promise<never> {
      throw new Error('not used');
    },
    keyOf: () => undefined,
  };
  return { ports: { fetchImage, stager, media }, stored, requests };
}

describe('StageRoom step', () => {
  it('stages the downloaded photo with a seed from the job id and stores both images', async () => {
    const { ports, stored, requests } = fakes();
    const output = await stageRoom(event, ports);
    expect(requests).toEqual([
      {
        image: photo.bytes,
        roomType: 'living',
        stylePrompt: 'coastal, rattan',
        seed: stagingSeed(job.job_id),
      },
    ]);
    const prefix = `media/org-1/live/${job.job_id}`;
    expect(stored.map((s) => [s.key, s.contentType, s.body.toString()]).sort()).toEqual([
      [`${prefix}/before.png`, 'image/png', 'png bytes'],
      [`${prefix}/staged.png`, 'image/png', 'staged png'],
    ]);
    expect(output).toEqual({
      image: {
        s3_key: `${prefix}/staged.png`,
        content_type: 'image/png',
        size_bytes: 10,
        width: 640,
        height: 480,
      },
      before_image: {
        s3_key: `${prefix}/before.png`,
        content_type: 'image/png',
        size_bytes: 9,
        width: 640,
        height: 480,
      },
      room_type: { requested: 'lounge room', used: 'living', match: 'synonym' },
      style: { used: 'coastal', match: 'keyword' },
      provider: 'fake-stager',
      items: ['sofa', 'rug'],
      virtually_staged: true,
      watermark: false,
    });
  });

  it.each([
    [{ on: true, source: 'organization' } as const, true],
    [{ on: false, source: 'request' } as const, false],
    [undefined, false],
  ])('draws the watermark the job input settled (%o): %s', async (watermark, drawn) => {
    const staged = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#c8b89a' } })
      .png()
      .toBuffer();
    const { ports, stored } = fakes(undefined, staged);
    const output = await stageRoom({ ...event, input: { ...event.input, watermark } }, ports);
    expect(output.watermark).toBe(drawn);
    const body = stored.find((s) => s.key.endsWith('/staged.png'))!.body;
    expect(body.equals(staged)).toBe(!drawn);
    const meta = await sharp(body).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 640, 480]);
  });

  it('makes the portal file from the staged picture without its watermark, the disclosure in its metadata', async () => {
    const staged = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#c8b89a' } })
      .png()
      .toBuffer();
    const { ports, stored } = fakes(undefined, staged);
    const output = await stageRoom(
      {
        ...event,
        input: { ...event.input, watermark: { on: true, source: 'request' }, renditions: ['portal', 'web'] },
      },
      ports,
    );
    const renditions = output.image.renditions!;
    expect(renditions.portal?.source).toBe('text_free_twin');
    const body = (key: string) => stored.find((s) => s.key === key)!.body;
    const portal = body(renditions.portal!.s3_key);
    // The flat staged colour with no watermark text on it; the watermarked picture is not flat.
    const flatness = async (image: Buffer) =>
      Math.max(...(await sharp(image).stats()).channels.map((c) => c.stdev));
    expect(await flatness(portal)).toBeLessThan(2);
    expect(await flatness(body(output.image.s3_key))).toBeGreaterThan(2);
    expect(portal.toString('latin1')).toContain(STAGING_DISCLOSURE);
    // The web files are made from the watermarked picture, as the output itself.
    const web = renditions.web!.find((f) => f.format === 'webp' && f.width === 1024)!;
    expect(await flatness(body(web.s3_key))).toBeGreaterThan(2);
  });

  it('seeds deterministically per job, and differently for another job', () => {
    expect(stagingSeed(job.job_id)).toBe(stagingSeed(job.job_id));
    expect(stagingSeed(job.job_id)).not.toBe(stagingSeed('0190f0c2-7a1b-7c3d-8e4f-5a6b7c8d9e10'));
    expect(Number.isInteger(stagingSeed(job.job_id))).toBe(true);
  });

  it.each([
    ['IMAGE_DOWNLOAD_FAILED', 'the server answered HTTP 404'],
    ['UNSUPPORTED_IMAGE', 'it is not a JPEG, PNG or WebP image (the server called it text/html)'],
  ] as const)('ends the job %s with a message naming the URL and the reason', async (code, reason) => {
    const url = event.input.image_url;
    const { ports, requests, stored } = fakes(async () => {
      throw new ImageFetchError(code, url, reason);
    });
    const error = await stageRoom(event, ports).catch((e: Error) => e);
    expect(requests).toHaveLength(0);
    expect(stored).toHaveLength(0);
    // What Step Functions reports for a Lambda error, and what the job then shows.
    const caught = {
      Error: (error as Error).name,
      Cause: JSON.stringify({ errorType: (error as Error).name, errorMessage: (error as Error).message }),
    };
    expect(jobErrorFromCaught(caught)).toEqual({
      code,
      message: `Could not use the image at ${url}: ${reason}`,
    });
  });

  it('reads a photo that is one of the organization’s own outputs from the bucket, not by its URL', async () => {
    const png = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#c8b89a' } })
      .png()
      .toBuffer();
    const key = `media/org-1/live/0190f0c2-0000-7000-8000-000000000001/staged.png`;
    const downloaded: string[] = [];
    const { ports, stored } = fakes(async (url) => {
      downloaded.push(url);
      throw new ImageFetchError('IMAGE_DOWNLOAD_FAILED', url, 'the server answered HTTP 403');
    });
    const ownUrl = `https://media.example.com/${key}?X-Amz-Expires=3600&X-Amz-Date=20260101T000000Z`;
    const media = {
      ...ports.media,
      keyOf: (url: string) => (url === ownUrl ? key : undefined),
      get: async (k: string) => {
        if (k !== key) throw new Error('no such key');
        return png;
      },
    };
    await stageRoom({ ...event, input: { ...event.input, image_url: ownUrl } }, { ...ports, media });
    expect(downloaded).toEqual([]);
    const before = stored.find((s) => s.key.endsWith('/before.png'))!;
    expect(before.body.equals(png)).toBe(true);
    // Another organization's object by the same means is downloaded (and here refused), never read.
    const foreign = `https://media.example.com/media/org-2/live/x/staged.png`;
    const other = { ...media, keyOf: () => 'media/org-2/live/x/staged.png' };
    const error = await stageRoom(
      { ...event, input: { ...event.input, image_url: foreign } },
      {
        ...ports,
        media: other,
      },
    ).catch((e: Error) => e);
    expect(error).toBeInstanceOf(ImageFetchError);
    expect(downloaded).toEqual([foreign]);
  });

  it('lets other failures through unchanged (they become a generic failure, not a download error)', async () => {
    const { ports } = fakes(async () => {
      throw new TypeError('boom');
    });
    await expect(stageRoom(event, ports)).rejects.toThrow(TypeError);
  });
});
