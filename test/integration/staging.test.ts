// Virtual staging end to end on the local stack (offline stager): empty-room photos served from a
// loopback HTTP server are staged at their own size and format, with furniture on the floor and the
// ceiling untouched; every documented room type is furnished (an unknown one falls back and says so);
// bad URLs are refused at request time and undownloadable ones end the job failed with the reason; an
// organization's watermark setting (set with the keys CLI) labels its photos unless a request says no.
import { execFile } from 'node:child_process';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { watermarkBox } from '../../functions/media/staging/disclosure-watermark.ts';
import { SILL_ALLOWANCE } from '../../functions/media/staging/offline-stager.ts';
import { EMPTY_ROOMS, type EmptyRoomPhoto, renderEmptyRoom } from '../support/empty-room-photo.ts';
import { call, type Json, waitForJob } from '../support/http-client.ts';
import { download, meanRegionDifference } from '../support/image-probe.ts';
import { newOrganization, PROJECT_ROOT } from '../support/local-stack-process.ts';
import { sharedStack } from '../support/shared-stack.ts';

const run = promisify(execFile);
const stack = sharedStack();
const JOB_TIMEOUT_MS = 60_000;
let key: string;
let server: http.Server;
let base: string;

/** Path → body and content type; requests for anything else get a 404. */
const files = new Map<string, { body: Buffer; type: string }>();
const rooms = new Map<string, EmptyRoomPhoto>();
const EXT = { jpeg: 'jpg', png: 'png', webp: 'webp' } as const;

beforeAll(async () => {
  key = await (await newOrganization(stack)).key('live');
  for (const spec of EMPTY_ROOMS) {
    const room = await renderEmptyRoom(spec);
    rooms.set(spec.name, room);
    files.set(`/rooms/${spec.name}.${EXT[spec.format]}`, { body: room.image, type: `image/${spec.format}` });
  }
  files.set('/rooms/listing.jpg', {
    body: Buffer.from('<!doctype html><html><body>Listing photos</body></html>'),
    type: 'text/html',
  });
  // 8000x6000 = 48 MP (a solid colour compresses to a few kB): refused from its header.
  files.set('/rooms/huge.png', {
    body: await sharp({ create: { width: 8000, height: 6000, channels: 3, background: '#ddd' } })
      .png()
      .toBuffer(),
    type: 'image/png',
  });
  // 21 MB that starts like a JPEG: refused by its declared length.
  const big = Buffer.alloc(21 * 1024 * 1024);
  big.set([0xff, 0xd8, 0xff, 0xe0]);
  files.set('/rooms/big.jpg', { body: big, type: 'image/jpeg' });
  server = http.createServer((req, res) => {
    const file = files.get(req.url ?? '');
    if (!file) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    res.writeHead(200, { 'content-type': file.type, 'content-length': file.body.length }).end(file.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
});

const generate = (body: unknown) =>
  call<Json>(stack.url, 'POST', '/v1/virtual-staging/generate', { key, body });

const roomUrl = (name: string) => {
  const spec = EMPTY_ROOMS.find((s) => s.name === name)!;
  return `${base}/rooms/${name}.${EXT[spec.format]}`;
};

/** Submits, waits, and reports how long the job took from acceptance to completion. */
async function stageAndWait(body: Json): Promise<Json> {
  const accepted = await generate(body);
  expect(accepted.status, accepted.text).toBe(202);
  const job = await waitForJob(stack.url, key, accepted.body.data.job_id, JOB_TIMEOUT_MS);
  if (job.completed_at) {
    const seconds = (Date.parse(job.completed_at) - Date.parse(job.created_at)) / 1000;
    const size = job.output ? `${job.output.image.width}x${job.output.image.height}` : job.error.code;
    console.log(`virtual_staging '${body.room_type}' ${job.status} (${size}) in ${seconds} s`);
  }
  return job;
}

describe('virtual staging', () => {
  it.each(EMPTY_ROOMS.slice(0, 3))(
    'stages $name ($format): same size and format, the floor furnished, the ceiling and window untouched',
    async (spec) => {
      const url = roomUrl(spec.name);
      const job = await stageAndWait({ image_url: url, room_type: 'living room' });
      expect(job.status, JSON.stringify(job.error)).toBe('completed');
      expect(job.job_type).toBe('virtual_staging');
      const out = job.output;
      expect(out.virtually_staged).toBe(true);
      expect(out.watermark).toBe(false);
      expect(out.provider).toBe('offline-stager');
      expect(out.items.length).toBeGreaterThanOrEqual(2);
      expect(out.image).toMatchObject({
        content_type: `image/${spec.format}`,
        width: spec.width,
        height: spec.height,
      });
      expect(out.before_image).toMatchObject({ content_type: `image/${spec.format}`, width: spec.width });

      const original = rooms.get(spec.name)!.image;
      const staged = await download(out.image.url);
      const before = await download(out.before_image.url);
      expect(before.equals(original), 'the before image is the photo as downloaded').toBe(true);
      const meta = await sharp(staged).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual([spec.format, spec.width, spec.height]);

      const room = rooms.get(spec.name)!;
      const floor = { x0: spec.width * 0.25, y0: room.floorLineY, x1: spec.width * 0.75, y1: spec.height };
      expect(await meanRegionDifference(original, staged, floor)).toBeGreaterThan(12);
      const ceiling = { x0: 0, y0: 0, x1: spec.width, y1: spec.height * 0.1 };
      expect(await meanRegionDifference(original, staged, ceiling)).toBeLessThan(1.5);
      // The window's glass (all but the sill band the main piece may hide) is left as it was.
      for (const w of room.windows) {
        const glass = { ...w, y1: w.y1 - (w.y1 - w.y0) * SILL_ALLOWANCE };
        expect(await meanRegionDifference(original, staged, glass), 'window').toBeLessThan(2);
      }
    },
  );

  it('records the resolved room type and style in the job input', async () => {
    const accepted = await generate({
      image_url: roomUrl('bedroom-carpet'),
      room_type: 'Master Bedroom',
      options: { style_prompt: 'Scandi, light oak and linen' },
    });
    expect(accepted.status, accepted.text).toBe(202);
    const job = await waitForJob(stack.url, key, accepted.body.data.job_id, JOB_TIMEOUT_MS);
    expect(job.input).toEqual({
      image_url: roomUrl('bedroom-carpet'),
      room_type: { requested: 'Master Bedroom', used: 'bedroom', match: 'synonym' },
      style: { used: 'scandinavian', match: 'keyword' },
      options: { style_prompt: 'Scandi, light oak and linen' },
      watermark: { on: false, source: 'organization' },
    });
    expect(job.status, JSON.stringify(job.error)).toBe('completed');
    expect(job.output.room_type).toEqual(job.input.room_type);
    expect(job.output.style).toEqual({ used: 'scandinavian', match: 'keyword' });
  });

  // Each way a requested room type is read (exact, a synonym, the fallback for one not known), through the
  // API. Every room type's furnishing is the stager's own test (test/component/staging/offline-stager.test.ts)
  // and every documented name's mapping the unit test's (test/unit/staging/room-types.test.ts).
  const roomTypes: Array<[string, string, string, string]> = [
    ['bedroom', 'bedroom-carpet', 'bedroom', 'exact'],
    ['meals area', 'dining-tiles', 'dining', 'synonym'],
    ['garage workshop', 'lounge-boards', 'living', 'fallback'],
  ];
  it('furnishes a room whatever its type is called, and says when it fell back', async () => {
    const jobs = await Promise.all(
      roomTypes.map(([requested, photo]) =>
        stageAndWait({ image_url: roomUrl(photo), room_type: requested }),
      ),
    );
    jobs.forEach((job, i) => {
      const [requested, , used, match] = roomTypes[i]!;
      expect(job.status, `${requested}: ${JSON.stringify(job.error)}`).toBe('completed');
      expect(job.output.room_type).toEqual({ requested, used, match });
      expect(job.output.items.length, requested).toBeGreaterThanOrEqual(2);
    });
  }, 240_000);
});

describe('virtual staging: the watermark setting', () => {
  const cli = (...args: string[]) =>
    run(process.execPath, ['--import', 'tsx', 'bin/keys.ts', ...args, '--data-dir', stack.dataDir], {
      cwd: PROJECT_ROOT,
    });

  it('labels the photos of an organization that turned it on (keys CLI), unless the request says no', async () => {
    const org = await newOrganization(stack);
    const orgKey = await org.key('live');
    expect((await cli('settings', '--org', org.orgId)).stdout).toContain('staging watermark off');
    expect((await cli('settings', '--org', org.orgId, '--staging-watermark', 'on')).stdout).toContain(
      'staging watermark on',
    );
    await expect(cli('settings', '--org', org.orgId, '--staging-watermark', 'yes')).rejects.toThrow(
      /--staging-watermark must be on or off/,
    );

    // bedroom-carpet is lossless (PNG): the label is the only difference that is pure white.
    const spec = EMPTY_ROOMS.find((s) => s.name === 'bedroom-carpet')!;
    const body = { image_url: roomUrl(spec.name), room_type: 'living' };
    const submit = async (extra: Json) => {
      const accepted = await call<Json>(stack.url, 'POST', '/v1/virtual-staging/generate', {
        key: orgKey,
        body: { ...body, ...extra },
      });
      expect(accepted.status, accepted.text).toBe(202);
      return waitForJob(stack.url, orgKey, accepted.body.data.job_id, JOB_TIMEOUT_MS);
    };
    const [labelled, unlabelled] = await Promise.all([submit({}), submit({ options: { watermark: false } })]);
    for (const job of [labelled, unlabelled]) expect(job.status, JSON.stringify(job.error)).toBe('completed');
    expect(labelled.input.watermark).toEqual({ on: true, source: 'organization' });
    expect(labelled.output.watermark).toBe(true);
    expect(unlabelled.input.watermark).toEqual({ on: false, source: 'request' });
    expect(unlabelled.output.watermark).toBe(false);

    const original = rooms.get(spec.name)!.image;
    const on = await download(labelled.output.image.url);
    const off = await download(unlabelled.output.image.url);
    const b = watermarkBox(spec.width, spec.height);
    const label = { x0: b.x, y0: b.y, x1: b.x + b.width, y1: b.y + b.height };
    expect(await meanRegionDifference(on, off, label), 'the corner differs').toBeGreaterThan(20);
    // The label itself: white text (pure white, which no furniture palette uses) on a dark box.
    const labelPixels = async (image: Buffer) => {
      const crop = { left: label.x0, top: label.y0, width: label.x1 - label.x0, height: label.y1 - label.y0 };
      const data = await sharp(image).extract(crop).removeAlpha().raw().toBuffer();
      let white = 0;
      const lum: number[] = [];
      for (let i = 0; i < data.length; i += 3) {
        if (data[i]! > 245 && data[i + 1]! > 245 && data[i + 2]! > 245) white += 1;
        lum.push((data[i]! + data[i + 1]! + data[i + 2]!) / 3);
      }
      lum.sort((a, b) => a - b);
      return { white: white / lum.length, dark: lum[Math.floor(lum.length * 0.3)]! };
    };
    const withLabel = await labelPixels(on);
    const without = await labelPixels(off);
    expect(withLabel.white).toBeGreaterThan(0.05);
    expect(withLabel.white).toBeGreaterThan(without.white + 0.04);
    expect(withLabel.dark, 'the box darkens the photo under it').toBeLessThan(100);
    const ceiling = { x0: 0, y0: 0, x1: spec.width, y1: spec.height * 0.1 };
    expect(await meanRegionDifference(on, original, ceiling)).toBeLessThan(1.5);

    await cli('settings', '--org', org.orgId, '--staging-watermark', 'off');
    const afterOff = await submit({});
    expect(afterOff.input.watermark).toEqual({ on: false, source: 'organization' });
    expect(afterOff.output.watermark).toBe(false);
  }, 120_000);
});

describe('virtual staging: refused requests', () => {
  it.each([
    ['a private address', 'http://10.1.2.3/room.jpg'],
    ['the metadata service', 'http://169.254.169.254/latest/meta-data/room.jpg'],
    ['credentials in the URL', 'https://user:secret@photos.example.com/room.jpg'],
  ])('refuses %s with 422 URL_NOT_ALLOWED', async (_name, image_url) => {
    const res = await generate({ image_url, room_type: 'living' });
    expect(res.status, res.text).toBe(422);
    expect(res.body.error.code).toBe('URL_NOT_ALLOWED');
    expect(res.body.error.message).toMatch(/^image_url is not allowed: /);
  });

  it.each([
    ['not a URL', { image_url: 'room.jpg', room_type: 'living' }, 'image_url'],
    ['an ftp URL', { image_url: 'ftp://photos.example.com/room.jpg', room_type: 'living' }, 'image_url'],
    ['a GIF', { image_url: 'https://photos.example.com/room.gif', room_type: 'living' }, 'image_url'],
    ['no room type', { image_url: 'https://photos.example.com/room.jpg' }, 'room_type'],
    ['an empty room type', { image_url: 'https://photos.example.com/room.jpg', room_type: ' ' }, 'room_type'],
    [
      'a style prompt over 500 characters',
      {
        image_url: 'https://photos.example.com/room.jpg',
        room_type: 'living',
        options: { style_prompt: 'x'.repeat(501) },
      },
      'options.style_prompt',
    ],
    [
      'an unknown field',
      { image_url: 'https://photos.example.com/room.jpg', room_type: 'living', style: 'modern' },
      'style',
    ],
  ])('refuses %s with 400 VALIDATION_ERROR', async (_name, body, path) => {
    const res = await generate(body);
    expect(res.status, res.text).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_ERROR');
    expect(res.body.error.details.map((d: Json) => d.path)).toContain(path);
  });
});

describe('virtual staging: images that cannot be used', () => {
  it('fails a page that is not an image with UNSUPPORTED_IMAGE, naming the URL and the reason', async () => {
    const url = `${base}/rooms/listing.jpg`;
    const job = await stageAndWait({ image_url: url, room_type: 'living' });
    expect(job.status).toBe('failed');
    expect(job.error.code).toBe('UNSUPPORTED_IMAGE');
    expect(job.error.message).toContain(url);
    expect(job.error.message).toMatch(/not a JPEG, PNG or WebP image \(the server called it text\/html\)/);
    expect(job.output).toBeNull();
  });

  it('fails a missing photo with IMAGE_DOWNLOAD_FAILED and the HTTP status', async () => {
    const url = `${base}/rooms/missing.jpg`;
    const job = await stageAndWait({ image_url: url, room_type: 'living' });
    expect(job.status).toBe('failed');
    expect(job.error.code).toBe('IMAGE_DOWNLOAD_FAILED');
    expect(job.error.message).toContain(url);
    expect(job.error.message).toMatch(/HTTP 404/);
  });

  it('fails a photo over 40 megapixels with UNSUPPORTED_IMAGE', async () => {
    const job = await stageAndWait({ image_url: `${base}/rooms/huge.png`, room_type: 'living' });
    expect(job.status).toBe('failed');
    expect(job.error.code).toBe('UNSUPPORTED_IMAGE');
    expect(job.error.message).toMatch(/8000x6000 pixels \(48\.0 MP\), more than the 40 MP limit/);
  });

  it('fails a file over 20 MB with IMAGE_DOWNLOAD_FAILED', async () => {
    const job = await stageAndWait({ image_url: `${base}/rooms/big.jpg`, room_type: 'living' });
    expect(job.status).toBe('failed');
    expect(job.error.code).toBe('IMAGE_DOWNLOAD_FAILED');
    expect(job.error.message).toMatch(/more than the 20 MB limit/);
  });
});
