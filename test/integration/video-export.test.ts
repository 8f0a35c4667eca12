// Video export on the local stack: the fixture project test/fixtures/caller-bundle is bundled and served
// over http://127.0.0.1:<port>/ (the local stage's allowlist has 127.0.0.1), then rendered through the
// API: a video and an animated GIF with size, frame rate and length overrides of another composition,
// and a render with nothing overridden (the composition's own size, rate and length, and the defaults
// recorded on the job), whose signed job.completed carries the output. ffprobe checks each file. A
// missing composition, an unreachable bundle, a host off the allowlist and bad options get their codes.
// Every other codec and the whole length precedence (option → input_props.totalDurationInFrames → the
// composition's own) are rendered by the local renderer itself in
// test/component/rendering/caller-bundle-render.test.ts, and the request each option makes is checked
// in test/unit/video-export/video-export-steps.test.ts: through the stack they would prove nothing more.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODEC_OUTPUT, type RenderCodec } from '../../functions/media/rendering/renderer.ts';
import { type ServedBundle, serveCallerBundle } from '../support/caller-bundle.ts';
import { call, type Json, waitForJob } from '../support/http-client.ts';
import { newOrganization } from '../support/local-stack-process.ts';
import { probeVideo } from '../support/media-probe.ts';
import { sharedStack } from '../support/shared-stack.ts';

const stack = sharedStack();
// Renders queue for the shared stack's render slot behind other files' videos and 4K drone stills.
const JOB_TIMEOUT_MS = 600_000;
const work = mkdtempSync(path.join(tmpdir(), 'video-export-'));
let served: ServedBundle | undefined;
let receiver: Server;
let serveUrl: string;
let receiverUrl: string;
const received: Array<{ headers: Record<string, string>; body: string }> = [];
let key: string;
let orgId: string;

/** What ffprobe calls each codec's stream. */
const PROBED_CODEC: Record<RenderCodec, string> = {
  h264: 'h264',
  h265: 'hevc',
  vp8: 'vp8',
  vp9: 'vp9',
  prores: 'prores',
  gif: 'gif',
};

const render = (body: Json) => call<Json>(stack.url, 'POST', '/v1/video-export/render', { key, body });

async function settled(body: Json): Promise<Json> {
  const res = await render(body);
  expect(res.status, res.text).toBe(202);
  return waitForJob(stack.url, key, res.body.data.job_id, JOB_TIMEOUT_MS);
}

async function exported(body: Json): Promise<{ job: Json; file: Buffer }> {
  const job = await settled(body);
  expect(job.status, JSON.stringify(job.error)).toBe('completed');
  const res = await fetch(job.output.video.url);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe(job.output.video.content_type);
  return { job, file: Buffer.from(await res.arrayBuffer()) };
}

/** The renders, submitted together once the bundle is served, so they queue for the render slot at once. */
const renders: Partial<Record<'h264' | 'gif' | 'defaults', Promise<{ job: Json; file: Buffer }>>> = {};
const DEFAULTS_CALLBACK = { listing: 'VX-1' };

beforeAll(async () => {
  served = await serveCallerBundle(work);
  serveUrl = served.url;
  receiver = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)]));
    received.push({ headers, body: Buffer.concat(chunks).toString('utf8') });
    res.writeHead(204).end();
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
  const org = await newOrganization(stack);
  orgId = org.orgId;
  key = await org.key('live');
  for (const codec of ['h264', 'gif'] as const) {
    renders[codec] = exported({
      serve_url: serveUrl,
      composition_id: 'Wide',
      input_props: { color: '#2a9d8f' },
      options: {
        codec,
        crf: CODEC_OUTPUT[codec].crf ? 30 : undefined,
        width: 40,
        height: 20,
        fps: 6,
        duration_in_frames: 5,
      },
    });
  }
  renders.defaults = exported({
    serve_url: serveUrl,
    composition_id: 'Tiny',
    input_props: {},
    webhook_url: receiverUrl,
    callback_metadata: DEFAULTS_CALLBACK,
  });
  for (const render of Object.values(renders)) render.catch(() => undefined); // each test reports its own
}, 180_000);

afterAll(() => {
  served?.close();
  receiver?.close();
  rmSync(work, { recursive: true, force: true });
});

describe('video export renders', () => {
  it.each(['h264', 'gif'] as const)(
    "%s: the file has the codec, and the size, frame rate and length asked for instead of the composition's own",
    async (codec) => {
      const { job, file } = await renders[codec]!;
      const crf = CODEC_OUTPUT[codec].crf ? 30 : undefined;
      expect(job.job_type).toBe('video_export');
      expect(job.output).toMatchObject({
        codec,
        crf: crf ?? null,
        width: 40,
        height: 20,
        fps: 6,
        duration_in_frames: 5,
        duration_seconds: 0.833, // 5 frames at 6 fps, to the millisecond
        duration_source: 'option',
        composition_id: 'Wide',
        serve_url: serveUrl,
        renderer: 'remotion-local',
      });
      expect(job.output.video).toMatchObject({
        content_type: CODEC_OUTPUT[codec].contentType,
        width: 40,
        height: 20,
        size_bytes: file.length,
      });
      // Wide registers 96x32 at 12 fps for 6 frames.
      const facts = probeVideo(file);
      expect(facts.codec).toBe(PROBED_CODEC[codec]);
      expect([facts.width, facts.height, facts.frames]).toEqual([40, 20, 5]);
      if (codec !== 'gif') expect(facts.fps).toBe(6);
    },
    JOB_TIMEOUT_MS + 30_000,
  );

  it(
    "takes the composition's own size, frame rate and length when nothing overrides them, and records the defaults",
    async () => {
      const { job, file } = await renders.defaults!;
      // Tiny: 64x48 at 10 fps for 8 frames; H.264 at crf 23 by default.
      const facts = probeVideo(file);
      expect([facts.codec, facts.width, facts.height, facts.fps, facts.frames]).toEqual([
        'h264',
        64,
        48,
        10,
        8,
      ]);
      expect(job.output).toMatchObject({
        codec: 'h264',
        crf: 23,
        width: 64,
        height: 48,
        fps: 10,
        duration_in_frames: 8,
        duration_source: 'composition',
      });
      expect(job.input).toEqual({
        serve_url: serveUrl,
        composition_id: 'Tiny',
        input_props: {},
        options: { codec: 'h264', crf: 23 },
      });
    },
    JOB_TIMEOUT_MS + 30_000,
  );
});

describe('video export failures', () => {
  it(
    'fails COMPOSITION_NOT_FOUND listing the compositions the bundle has',
    async () => {
      const job = await settled({ serve_url: serveUrl, composition_id: 'Missing', input_props: {} });
      expect(job.status).toBe('failed');
      expect(job.error.code).toBe('COMPOSITION_NOT_FOUND');
      expect(job.error.message).toContain("no composition 'Missing'");
      expect(job.error.message).toContain('Tiny, Wide');
    },
    JOB_TIMEOUT_MS + 30_000,
  );

  it(
    'fails BUNDLE_UNREACHABLE when nothing serves the bundle',
    async () => {
      const closed = createServer();
      await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
      const port = (closed.address() as AddressInfo).port;
      await new Promise<void>((resolve) => closed.close(() => resolve()));
      const job = await settled({
        serve_url: `http://127.0.0.1:${port}/`,
        composition_id: 'Tiny',
        input_props: {},
      });
      expect(job.status).toBe('failed');
      expect(job.error.code).toBe('BUNDLE_UNREACHABLE');
      expect(job.error.message).toContain(`http://127.0.0.1:${port}/`);
    },
    JOB_TIMEOUT_MS + 30_000,
  );

  it('refuses a host off the allowlist with 422 naming the host and the allowlist', async () => {
    const res = await render({
      serve_url: 'https://bundles.example.com/site/index.html',
      composition_id: 'Tiny',
      input_props: {},
    });
    expect(res.status, res.text).toBe(422);
    expect(res.body.error.code).toBe('URL_NOT_ALLOWED');
    expect(res.body.error.message).toContain("'bundles.example.com'");
    expect(res.body.error.message).toContain('127.0.0.1, localhost');
  });

  it.each([
    ['an unknown codec', { codec: 'av1' }, 'h264, h265, vp8, vp9, prores, gif'],
    ['crf with prores', { codec: 'prores', crf: 20 }, 'prores has no quality scale'],
    ['crf with gif', { codec: 'gif', crf: 20 }, 'gif has no quality scale'],
    ['crf above 51', { crf: 52 }, '51'],
    ['crf 0 with h264', { crf: 0 }, 'h264 takes a crf from 1 to 51'],
    ['an odd width with h264', { width: 81 }, 'must be even for h264'],
    ['a zero frame rate', { fps: 0 }, 'options.fps'],
    ['a fractional length', { duration_in_frames: 2.5 }, 'options.duration_in_frames'],
  ])('answers 400 to %s', async (_name, options, expected) => {
    const res = await render({ serve_url: serveUrl, composition_id: 'Tiny', input_props: {}, options });
    expect(res.status, res.text).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_ERROR');
    expect(JSON.stringify(res.body.error)).toContain(expected);
  });

  it.each([
    ['a fractional totalDurationInFrames', { totalDurationInFrames: 2.5 }, 'totalDurationInFrames'],
    ['a string totalDurationInFrames', { totalDurationInFrames: '8' }, 'totalDurationInFrames'],
    ['props over 64 KiB', { blob: 'x'.repeat(70_000) }, 'at most 65536 bytes'],
  ])('answers 400 to input_props with %s', async (_name, input_props, expected) => {
    const res = await render({ serve_url: serveUrl, composition_id: 'Tiny', input_props });
    expect(res.status, res.text).toBe(400);
    expect(JSON.stringify(res.body.error)).toContain(expected);
  });
});

describe('video export webhook', () => {
  it(
    'sends a signed job.completed carrying the output once the video is stored',
    async () => {
      const { job } = await renders.defaults!;
      const jobId = job.job_id as string;
      const verifier = new Webhook((await stack.admin.webhookSecrets(orgId))[0]!.secret);
      let completed: Json | undefined;
      for (const deadline = Date.now() + 30_000; !completed && Date.now() < deadline; ) {
        completed = received
          .map((r) => verifier.verify(r.body, r.headers) as Json) // throws unless the signature is valid
          .find((e) => e.type === 'job.completed' && e.data.job_id === jobId);
        if (!completed) await new Promise((r) => setTimeout(r, 200));
      }
      expect(completed, 'job.completed never arrived').toBeDefined();
      expect(completed!.data.job_type).toBe('video_export');
      expect(completed!.data.callback_metadata).toEqual(DEFAULTS_CALLBACK);
      const { video, ...rest } = completed!.data.output;
      const { video: jobVideo, ...jobRest } = job.output;
      expect(rest).toEqual(jobRest);
      expect(video.s3_key).toBeUndefined();
      const file = await fetch(video.url);
      expect(file.status).toBe(200);
      expect(probeVideo(Buffer.from(await file.arrayBuffer())).frames).toBe(8);
      expect(video.size_bytes).toBe(jobVideo.size_bytes);
    },
    JOB_TIMEOUT_MS + 60_000,
  );
});
