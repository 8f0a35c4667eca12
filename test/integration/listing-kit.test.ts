// Listing kits end to end on the local stack: one request makes a listing's media set as child jobs of
// the other kinds (frontage → markup → edit → reveal, the portal-safe edit, six brochure slides with a
// screen and a print deck, a staged room); the children carry kit_job_id (and derived ones their
// parent_job_id) and are listed by it; a child that fails leaves a partial kit; a cancel stops every child
// still running (a kit of drone stills and footage); bad input is a 400 naming the field.
// The kit's children are also where the suite checks what every slide type and the default reveal make:
// each slide a 1920x1080 PNG that is not blank and a one-page A4 landscape PDF, the location slide its map
// provider; the reveal (made from an edit, with no options) 7 seconds long. brochure.test.ts and
// markup-video.test.ts render only what they alone check.
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SAMPLE_ADDRESS,
  sampleAssets,
  sampleBranding,
  sampleProperty,
} from '../../scripts/brochure/sample-data.ts';
import { EMPTY_ROOMS, renderEmptyRoom } from '../support/empty-room-photo.ts';
import { call, type Json, waitForJob } from '../support/http-client.ts';
import { download } from '../support/image-probe.ts';
import { newOrganization, TEST_RENDER_SCALE } from '../support/local-stack-process.ts';
import { probeVideo } from '../support/media-probe.ts';
import { sharedStack } from '../support/shared-stack.ts';

const stack = sharedStack();
const KIT_TIMEOUT_MS = 600_000;
let key: string;
let server: http.Server;
let base: string;
/** Webhook deliveries the test server received (POST /hooks). */
const hooks: Json[] = [];

beforeAll(async () => {
  key = await (await newOrganization(stack)).key('live');
  const files = new Map<string, { bytes: Buffer; contentType: string }>((await sampleAssets()).files);
  const room = await renderEmptyRoom(EMPTY_ROOMS.find((r) => r.format === 'jpeg')!);
  files.set('/rooms/lounge.jpg', { bytes: room.image, contentType: 'image/jpeg' });
  server = http.createServer((req, res) => {
    if (req.method === 'POST' && req.url === '/hooks') {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        hooks.push(JSON.parse(Buffer.concat(chunks).toString('utf8')) as Json);
        res.writeHead(204).end();
      });
      return;
    }
    const file = files.get(req.url ?? '');
    if (!file) return void res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    res
      .writeHead(200, { 'content-type': file.contentType, 'content-length': file.bytes.length })
      .end(file.bytes);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
});

const generate = (body: unknown) => call<Json>(stack.url, 'POST', '/v1/listing-kits/generate', { key, body });
const getJob = async (id: string) =>
  (await call<Json>(stack.url, 'GET', `/v1/jobs/${id}`, { key })).body.data;

function kitBody(overrides: Json = {}): Json {
  const { address: _address, ...property } = sampleProperty(base, { aerial: false });
  return {
    address: SAMPLE_ADDRESS,
    property,
    branding: sampleBranding(base),
    rooms: [{ image_url: `${base}/rooms/lounge.jpg`, room_type: 'living_room' }],
    ...overrides,
  };
}

async function children(kitId: string): Promise<Json[]> {
  const res = await call<Json>(stack.url, 'GET', `/v1/jobs?kit_job_id=${kitId}&limit=100`, { key });
  expect(res.status).toBe(200);
  return res.body.data.jobs as Json[];
}

async function pdfOf(url: string): Promise<PDFDocument> {
  const res = await fetch(url);
  expect(res.status).toBe(200);
  return PDFDocument.load(new Uint8Array(await res.arrayBuffer()));
}

describe('POST /v1/listing-kits/generate', () => {
  it(
    'makes the assets of a listing with images and one room, as child jobs gathered in one manifest',
    async () => {
      // Every group but the drone ones: their 4K stills and footage are the suite's heaviest renders, each
      // made end to end through its own route in drone.test.ts, and the kit plans their children as it
      // plans these (test/unit/listing-kit/plan.test.ts); the cancel test below starts a drone kit.
      const accepted = await generate(
        kitBody({ include: ['frontage', 'markup', 'portal_safe', 'brochure', 'staging'] }),
      );
      expect(accepted.status, accepted.text).toBe(202);
      const kitId = accepted.body.data.job_id as string;
      const kit = await waitForJob(stack.url, key, kitId, KIT_TIMEOUT_MS);
      expect(kit.status, JSON.stringify(kit.error ?? kit.output?.manifest)).toBe('completed');
      expect(kit.job_type).toBe('listing_kit');
      const { manifest, brochure_deck: deck, frontage, partial } = kit.output;
      const roles = (manifest as Json[]).map((entry) => entry.role);
      expect(roles).toEqual([
        'frontage',
        'markup',
        'markup_edit',
        'markup_edit_portal_safe',
        'reveal_video',
        'slide_cover',
        'slide_features',
        'slide_gallery',
        'slide_location',
        'slide_agent',
        'slide_content',
        'staging_1',
      ]);
      expect(
        (manifest as Json[]).filter((entry) => entry.status !== 'completed'),
        'every asset completed',
      ).toEqual([]);
      expect(partial).toBe(false);
      expect(frontage.reso_direction_faces).toMatch(
        /^(North|Northeast|East|Southeast|South|Southwest|West|Northwest)$/,
      );

      // The deck: one PDF of the six slides, and a print version with 3 mm bleed and crop marks.
      expect(deck.pages).toBe(6);
      const screen = await pdfOf(deck.pdf.url);
      expect(screen.getPageCount()).toBe(6);
      const print = await pdfOf(deck.print.pdf.url);
      expect(print.getPageCount()).toBe(6);
      const page = print.getPage(0);
      const trim = page.getTrimBox();
      const bleed = page.getBleedBox();
      expect(trim.x - bleed.x).toBeCloseTo((3 * 72) / 25.4, 2);
      expect(page.getMediaBox().width).toBeGreaterThan(bleed.width);

      // The children: ordinary jobs of their kinds, marked with the kit, listed by it.
      const listed = await children(kitId);
      const byId = new Map(listed.map((job) => [job.job_id, job]));
      for (const entry of manifest as Json[]) {
        const child = byId.get(entry.job_id);
        expect(child, `${entry.role} is listed under the kit`).toBeDefined();
        expect(child!.kit_job_id).toBe(kitId);
        expect(child!.job_type).toBe(entry.job_type);
      }
      const jobOf = (role: string) => (manifest as Json[]).find((entry) => entry.role === role)!.job_id;
      expect((await getJob(jobOf('markup_edit'))).parent_job_id).toBe(jobOf('markup'));
      expect((await getJob(jobOf('markup_edit_portal_safe'))).parent_job_id).toBe(jobOf('markup'));
      expect((await getJob(jobOf('reveal_video'))).parent_job_id).toBe(jobOf('markup_edit'));
      expect((await getJob(jobOf('frontage'))).parent_job_id).toBeNull();
      // The portal-safe edit carries no text at all; the other edit has its label and address.
      const portalSafe = await getJob(jobOf('markup_edit_portal_safe'));
      expect(portalSafe.output.annotations ?? []).toEqual([]);
      const labelled = await getJob(jobOf('markup_edit'));
      expect((labelled.output.annotations as Json[]).length).toBeGreaterThan(0);

      // Every slide type: a 1920x1080 PNG with photos or panels and text (its pixels vary), and a one-page
      // A4 landscape PDF (297 x 210 mm = 841.89 x 595.28 pt).
      for (const role of roles.filter((r) => r.startsWith('slide_'))) {
        const slide = await getJob(jobOf(role));
        const type = role.slice('slide_'.length);
        expect(slide.output.slide_type, role).toBe(type);
        expect(slide.output.layout.id, role).toMatch(new RegExp(`^${type}-`));
        if (type === 'location') expect(slide.output.map_provider).toEqual(expect.any(String));
        const png = await download(slide.output.png.url);
        const meta = await sharp(png).metadata();
        expect([meta.format, meta.width, meta.height], role).toEqual(['png', 1920, 1080]);
        expect(slide.output.png).toMatchObject({ content_type: 'image/png', width: 1920, height: 1080 });
        const stats = await sharp(png).stats();
        expect(Math.max(...stats.channels.map((c) => c.stdev)), role).toBeGreaterThan(20);
        const pdfBytes = await download(slide.output.pdf.url);
        expect(pdfBytes.subarray(0, 5).toString(), role).toBe('%PDF-');
        const pdf = await PDFDocument.load(pdfBytes);
        expect(pdf.getPageCount(), role).toBe(1);
        const { width, height } = pdf.getPage(0).getSize();
        expect(width, role).toBeCloseTo(841.89, 1);
        expect(height, role).toBeCloseTo(595.28, 1);
      }
      // The reveal: made from the edit with no options, so the default 7 s at 30 fps (rendered at the test
      // stack's scale).
      const reveal = await getJob(jobOf('reveal_video'));
      expect(reveal.input).toEqual({ options: { duration: 7 } });
      const facts = probeVideo(await download(reveal.output.video.url));
      expect(facts).toMatchObject({ codec: 'h264', frames: 210 });
      expect(facts.durationSeconds).toBeCloseTo(7, 1);
      expect([facts.width, facts.height]).toEqual([1920 * TEST_RENDER_SCALE, 1080 * TEST_RENDER_SCALE]);
    },
    KIT_TIMEOUT_MS,
  );

  it(
    'completes partial when a child fails, naming the failed asset and its code; one kit webhook ends it',
    async () => {
      const body = kitBody({
        include: ['frontage', 'staging'],
        rooms: [
          { image_url: `${base}/rooms/lounge.jpg`, room_type: 'living_room' },
          { image_url: `${base}/rooms/missing.jpg`, room_type: 'bedroom' },
        ],
        webhook_url: `${base}/hooks`,
      });
      const headers = { 'Idempotency-Key': `kit-${Date.now()}` };
      const accepted = await call<Json>(stack.url, 'POST', '/v1/listing-kits/generate', {
        key,
        body,
        headers,
      });
      expect(accepted.status, accepted.text).toBe(202);
      const kitId = accepted.body.data.job_id as string;
      // The same request again with its key is the same kit, not a second one.
      const replay = await call<Json>(stack.url, 'POST', '/v1/listing-kits/generate', { key, body, headers });
      expect(replay.status).toBe(202);
      expect(replay.body.data.job_id).toBe(kitId);
      expect(replay.headers.get('idempotent-replayed')).toBe('true');
      const kit = await waitForJob(stack.url, key, kitId, KIT_TIMEOUT_MS);
      expect(kit.status).toBe('completed');
      expect(kit.output.partial).toBe(true);
      const manifest = kit.output.manifest as Json[];
      expect(manifest.map((entry) => [entry.role, entry.status])).toEqual([
        ['frontage', 'completed'],
        ['staging_1', 'completed'],
        ['staging_2', 'failed'],
      ]);
      expect(manifest[2]!.error.code).toMatch(/^[A-Z_]+$/);
      expect(kit.output.brochure_deck).toBeNull();

      // Webhooks: the kit's own events only (children send none), progress as children finish, and one
      // job.completed carrying the manifest.
      // Deliveries are not ordered (docs/readme/webhooks.md), so a progress event can land after the
      // job.completed: wait for both.
      const deadline = Date.now() + 30_000;
      const arrived = () =>
        hooks.some((h) => h.type === 'job.completed' && h.data.job_id === kitId) &&
        hooks.some(
          (h) =>
            h.type === 'job.progress' &&
            h.data.job_id === kitId &&
            String(h.data.progress.stage).startsWith('made_'),
        );
      while (!arrived()) {
        if (Date.now() > deadline)
          throw new Error(
            `no job.completed or made_ progress: ${JSON.stringify(hooks.map((h) => [h.type, h.data.progress?.stage]))}`,
          );
        await new Promise((r) => setTimeout(r, 200));
      }
      const mine = hooks.filter((h) => h.data.job_id === kitId);
      expect(hooks.every((h) => h.data.job_id === kitId)).toBe(true);
      expect(mine.filter((h) => h.type === 'job.completed')).toHaveLength(1);
      expect(mine.some((h) => h.type === 'job.failed')).toBe(false);
      expect(
        mine
          .filter((h) => h.type === 'job.progress')
          .some((h) => String(h.data.progress.stage).startsWith('made_')),
      ).toBe(true);
      expect(mine.find((h) => h.type === 'job.completed')!.data.output.partial).toBe(true);
    },
    KIT_TIMEOUT_MS,
  );

  it(
    'cancels every child still running when the kit is canceled',
    async () => {
      const accepted = await generate(kitBody({ include: ['drone_stills', 'drone_footage'], rooms: [] }));
      expect(accepted.status, accepted.text).toBe(202);
      const kitId = accepted.body.data.job_id as string;
      const deadline = Date.now() + 60_000;
      while ((await children(kitId)).length === 0) {
        if (Date.now() > deadline) throw new Error('the kit made no child within a minute');
        await new Promise((r) => setTimeout(r, 250));
      }
      const canceled = await call<Json>(stack.url, 'POST', `/v1/jobs/${kitId}/cancel`, { key });
      expect(canceled.status, canceled.text).toBe(200);
      expect((await getJob(kitId)).status).toBe('canceled');
      const settle = Date.now() + 30_000;
      for (;;) {
        const running = (await children(kitId)).filter((job) =>
          ['queued', 'processing'].includes(job.status),
        );
        if (running.length === 0) break;
        if (Date.now() > settle) throw new Error(`children still running: ${JSON.stringify(running)}`);
        await new Promise((r) => setTimeout(r, 250));
      }
      // And the kit makes no more: a while later the children are the same, all ended.
      const before = (await children(kitId)).map((job) => job.job_id).sort();
      await new Promise((r) => setTimeout(r, 6000));
      const after = await children(kitId);
      expect(after.map((job) => job.job_id).sort()).toEqual(before);
      expect(after.every((job) => ['canceled', 'completed', 'failed'].includes(job.status))).toBe(true);
    },
    KIT_TIMEOUT_MS,
  );

  it.each([
    ['no address', { address: undefined }, 'address'],
    [
      'a room without room_type',
      { rooms: [{ image_url: 'https://example.com/a.jpg' }] },
      'rooms[0].room_type',
    ],
    [
      'eleven rooms',
      {
        rooms: Array.from({ length: 11 }, () => ({
          image_url: 'https://example.com/a.jpg',
          room_type: 'bedroom',
        })),
      },
      'rooms',
    ],
    ['an unknown asset group', { include: ['frontage', 'hologram'] }, 'include'],
    ['a latitude out of range', { options: { lat: 123, lng: 151 } }, 'options.lat'],
  ])('answers 400 naming the field for %s', async (_name, overrides, field) => {
    const res = await generate(kitBody(overrides as Json));
    expect(res.status, res.text).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_ERROR');
    expect(JSON.stringify(res.body.error)).toContain(field);
  });
});
