// The cloud render path run on Remotion's own code: the project's RemotionLambdaRenderer and
// RemotionLambdaStillRenderer (what runs in AWS) against Remotion's render function from @remotion/lambda,
// served by the local Lambda endpoint with its bucket and site on the local S3 (local/remotion-lambda.ts).
// Each picture is also rendered by the local renderer and the two are compared pixel by pixel: a drone
// still (WebGL), a brochure slide, the reveal video (chunks rendered by self-invocations over response
// streaming, joined by the main invocation) and a caller-hosted bundle. Then a local stack started with
// LOCAL_RENDERER=remotion-lambda completes one job of each of those kinds on the function. Small sizes
// (quarter-size videos, an eighth-size still of a trimmed drone scene) and few chunks keep each render
// short: most of the file's time goes to starting Chromium and the function's environments.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { CreateBucketCommand, GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryMedia, syntheticAerialScene } from '../../bench/aerial-fixture.ts';
import { brochureSlideRequest } from '../../functions/jobs/brochure/schema.ts';
import { prepareSlide, slideProps } from '../../functions/media/brochure/generate-slide.ts';
import { SyntheticNadirImagery } from '../../functions/media/imagery/offline-nadir/synthetic-nadir-imagery.ts';
import { imageFetcher } from '../../functions/media/images/fetch-image.ts';
import { AERIAL_STILL } from '../../functions/media/remotion/aerial-compositions.ts';
import { BROCHURE_COMPOSITIONS } from '../../functions/media/remotion/brochure-scene.ts';
import { MARKUP_REVEAL, type MarkupRevealProps } from '../../functions/media/remotion/compositions.ts';
import { LocalRenderer } from '../../functions/media/rendering/local-renderer.ts';
import { LocalStillRenderer } from '../../functions/media/rendering/local-still-renderer.ts';
import { RemotionLambdaRenderer } from '../../functions/media/rendering/remotion-lambda-renderer.ts';
import { RemotionLambdaStillRenderer } from '../../functions/media/rendering/remotion-lambda-still-renderer.ts';
import type { Renderer, RenderRequest } from '../../functions/media/rendering/renderer.ts';
import type { StillRequest } from '../../functions/media/rendering/still-renderer.ts';
import { ensureSiteBundle } from '../../lib/remotion/site-bundle.ts';
import { type RunningEmulators, startEmulators } from '../../local/emulators.ts';
import {
  LOCAL_REMOTION_FUNCTION,
  type LocalRemotionLambda,
  localRenderBucket,
  startLocalRemotionLambda,
} from '../../local/remotion-lambda.ts';
import { storeCredentials } from '../../local/store-credentials.ts';
import { LOCAL_REGION } from '../../local/synthesized-app.ts';
import { locateOffline, sampleRequests } from '../../scripts/brochure/sample-data.ts';
import { type SampleServer, startSampleServer } from '../../scripts/brochure/sample-server.ts';
import { type ServedBundle, serveCallerBundle } from '../support/caller-bundle.ts';
import { call, type Json, waitForJob } from '../support/http-client.ts';
import { download, meanRegionDifference } from '../support/image-probe.ts';
import { newOrganization, type StackProcess, startStackProcess } from '../support/local-stack-process.ts';
import { probeVideo, videoFrame } from '../support/media-probe.ts';

const credentials = { accessKeyId: 'local', secretAccessKey: 'local' };
const MEDIA_BUCKET = 'pms-local-media-remotion-lambda-test';
const work = mkdtempSync(path.join(tmpdir(), 'remotion-lambda-'));

let emulators: RunningEmulators;
let lambda: LocalRemotionLambda;
let s3: S3Client;
let siteDir: string;
let cloud: RemotionLambdaRenderer;
let cloudStill: RemotionLambdaStillRenderer;
let localStill: LocalStillRenderer;
let bundle: ServedBundle;
const savedEnv = { ...process.env };

beforeAll(async () => {
  emulators = await startEmulators(path.join(work, 'data'), credentials);
  // What a step's Lambda has in AWS: a region, credentials, and here the local endpoints.
  Object.assign(process.env, {
    AWS_REGION: LOCAL_REGION,
    AWS_ACCESS_KEY_ID: credentials.accessKeyId,
    AWS_SECRET_ACCESS_KEY: credentials.secretAccessKey,
    AWS_ENDPOINT_URL_S3: emulators.awsEndpoint,
    // Both sides draw WebGL with SwiftShader (the function's default gl), so the stills compare like for like.
    LOCAL_WEBGL: 'swangle',
  });
  s3 = new S3Client({
    region: LOCAL_REGION,
    credentials,
    endpoint: emulators.awsEndpoint,
    forcePathStyle: true,
  });
  await s3.send(new CreateBucketCommand({ Bucket: MEDIA_BUCKET }));
  siteDir = await ensureSiteBundle();
  lambda = await startLocalRemotionLambda({
    region: LOCAL_REGION,
    credentials,
    s3Endpoint: emulators.awsEndpoint,
    siteDir,
    workDir: path.join(work, 'lambda'),
  });
  Object.assign(process.env, lambda.environment);
  const where = {
    region: LOCAL_REGION,
    functionName: lambda.functionName,
    serveUrl: lambda.serveUrl,
    renderBucket: lambda.renderBucket,
  };
  cloud = new RemotionLambdaRenderer({ ...where, mediaBucket: MEDIA_BUCKET, s3 });
  cloudStill = new RemotionLambdaStillRenderer({ ...where, s3 });
  localStill = new LocalStillRenderer({ serveUrl: siteDir });
  bundle = await serveCallerBundle(path.join(work, 'caller'));
}, 180_000);

afterAll(async () => {
  bundle?.close();
  await localStill?.close();
  await lambda?.stop();
  await emulators?.stop();
  s3?.destroy();
  process.env = savedEnv;
  rmSync(work, { recursive: true, force: true });
}, 60_000);

/** Mean absolute difference per RGB channel (0-255) over the whole of two same-size images. */
async function imageDifference(a: Buffer, b: Buffer): Promise<number> {
  const [ma, mb] = await Promise.all([sharp(a).metadata(), sharp(b).metadata()]);
  expect([ma.width, ma.height]).toEqual([mb.width, mb.height]);
  return meanRegionDifference(a, b, { left: 0, top: 0, width: ma.width!, height: ma.height! });
}

/** The still from the function and from the local renderer, rendered at once (they share no browser). */
async function bothStills(request: StillRequest): Promise<{ cloud: Buffer; local: Buffer }> {
  const [fromLambda, fromLocal] = await Promise.all([
    cloudStill.renderStill(request),
    localStill.renderStill(request),
  ]);
  return { cloud: fromLambda, local: fromLocal };
}

/**
 * Starts a render and polls it as the state machine's Check step does, though at most every second (the
 * state machine waits the handle's poll_seconds, 3 s for Remotion Lambda; each of its progress reads is an
 * invocation of the function), then reads the stored file; a transient failure starts it again, up to
 * twice, as the state machine's restart does (functions/jobs/shared/steps.ts).
 */
async function renderVideo(
  renderer: Renderer,
  request: RenderRequest,
  read: (key: string) => Promise<Buffer>,
  restarts = 2,
): Promise<{ video: Buffer; sizeBytes: number | undefined }> {
  const handle = await renderer.start(request);
  const deadline = Date.now() + request.timeoutSeconds * 1000;
  let last = -1;
  for (let failedReads = 0; ; ) {
    let status: Awaited<ReturnType<Renderer['status']>>;
    try {
      status = await renderer.status(handle);
    } catch (error) {
      // The check step's Retry on TransientError (lib/constructs/job-workflow.ts): three more attempts.
      if ((error as Error).name !== 'TransientError' || ++failedReads > 3) throw error;
      await new Promise((resolve) => setTimeout(resolve, 1000 * failedReads));
      continue;
    }
    if (status.state === 'done') return { video: await read(request.outputKey), sizeBytes: status.sizeBytes };
    if (status.state === 'failed') {
      if (status.transient && restarts > 0) return renderVideo(renderer, request, read, restarts - 1);
      throw new Error(`${renderer.name}: ${status.message}`);
    }
    if (status.state === 'rendering') {
      expect(status.progress).toBeGreaterThanOrEqual(last);
      last = status.progress;
    }
    if (Date.now() > deadline)
      throw new Error(
        `${renderer.name}: no video after ${request.timeoutSeconds} s; the render function's log ends:\n${functionLogTail()}`,
      );
    await new Promise((resolve) => setTimeout(resolve, Math.min(handle.poll_seconds, 1) * 1000));
  }
}

/** The last lines of the local render function's log (what a stalled render was doing). */
function functionLogTail(lines = 80): string {
  const file = path.join(work, 'lambda', 'logs', `${LOCAL_REMOTION_FUNCTION}.log`);
  if (!existsSync(file)) return '(no log)';
  return readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n');
}

const readMedia = async (key: string) => {
  const object = await s3.send(new GetObjectCommand({ Bucket: MEDIA_BUCKET, Key: key }));
  return Buffer.from(await object.Body!.transformToByteArray());
};

function localRenderer(name: string, stored: Map<string, Buffer>): LocalRenderer {
  return new LocalRenderer({
    serveUrl: siteDir,
    workDir: path.join(work, `local-${name}`),
    media: {
      put: async (key, body, contentType) => {
        stored.set(key, Buffer.from(body as Uint8Array));
        return { s3_key: key, content_type: contentType };
      },
    },
    maxConcurrentRenders: 1,
  });
}

describe('stills on Remotion Lambda', () => {
  it('renders a drone still (WebGL) as the local renderer does', async () => {
    const media = await memoryMedia();
    try {
      // A smaller scene than a drone job's (the site out to 200 m, a 768 px ground): houses, trees and
      // both grounds still drawn in WebGL, for about half the time to build and draw.
      const scene = await syntheticAerialScene(media, 'rl', undefined, { siteRadiusM: 200, groundPx: 768 });
      const { cloud: fromLambda, local } = await bothStills({
        composition: AERIAL_STILL.id,
        inputProps: {
          ...scene.sceneProps,
          durationInFrames: 1,
          shotType: 'hero',
          frontDirection: scene.frontDirection,
          camera: { kind: 'pose', pose: { azimuth: 20, tilt: 55, distance: 200, pitch: 0 } },
        },
        format: 'jpeg',
        jpegQuality: 90,
        gl: 'swangle',
        scale: 0.125,
      });
      const meta = await sharp(fromLambda).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 480, 270]);
      // A picture, not an empty frame.
      const { channels } = await sharp(fromLambda).stats();
      expect(channels[1]!.stdev).toBeGreaterThan(20);
      // Measured 0: the same SwiftShader draws the same pixels.
      expect(await imageDifference(fromLambda, local)).toBeLessThan(0.5);
    } finally {
      await media.close();
    }
  }, 240_000);

  it('renders a brochure slide as the local renderer does', async () => {
    const server: SampleServer = await startSampleServer();
    try {
      const request = brochureSlideRequest.parse(sampleRequests(server.base)[0]);
      const prepared = await prepareSlide(request, {
        fetchImage: imageFetcher({ allowHttp: true, allowLoopback: true }),
        imagery: new SyntheticNadirImagery(),
        locate: locateOffline,
      });
      const props = await slideProps(prepared, server.media, (n) => `rl/${n}`);
      const { cloud: fromLambda, local } = await bothStills({
        composition: BROCHURE_COMPOSITIONS[request.slide.type],
        inputProps: props,
        format: 'png',
        scale: 0.5,
      });
      const meta = await sharp(fromLambda).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['png', 960, 540]);
      // Measured 0.0003.
      expect(await imageDifference(fromLambda, local)).toBeLessThan(0.5);
    } finally {
      await server.close();
    }
  }, 180_000);
});

describe('videos on Remotion Lambda', () => {
  let imageServer: Server;

  beforeAll(async () => {
    // A base image with structure everywhere, so a wrong frame order or offset between chunks shows.
    const base = await sharp({ create: { width: 1920, height: 1080, channels: 3, background: '#5a7d3c' } })
      .composite(
        Array.from({ length: 12 }, (_, i) => ({
          input: {
            create: {
              width: 120,
              height: 900,
              channels: 3 as const,
              background: i % 2 ? '#c8b89a' : '#30404f',
            },
          },
          left: 40 + i * 155,
          top: 90,
        })),
      )
      .jpeg()
      .toBuffer();
    imageServer = createServer((_, res) => {
      res.setHeader('content-type', 'image/jpeg');
      res.setHeader('access-control-allow-origin', '*');
      res.end(base);
    });
    await new Promise<void>((resolve) => imageServer.listen(0, '127.0.0.1', resolve));
  }, 120_000);

  afterAll(() => imageServer?.close());

  it('renders the reveal in chunks that join into the video the local renderer makes', async () => {
    const props: MarkupRevealProps = {
      durationInFrames: 60,
      baseImage: `http://127.0.0.1:${(imageServer.address() as AddressInfo).port}/base.jpg`,
      boundary: [
        { x: 700, y: 300 },
        { x: 1200, y: 260 },
        { x: 1260, y: 820 },
        { x: 660, y: 780 },
      ],
      outline: { color: '#FFFFFF', width: 8 },
      effect: { kind: 'darken', amount: 0.6 },
      annotations: [],
    };
    const request: RenderRequest = {
      composition: MARKUP_REVEAL.id,
      inputProps: props as unknown as Record<string, unknown>,
      codec: 'h264',
      scale: 0.25,
      outputKey: 'renders/reveal.mp4',
      timeoutSeconds: 240,
    };
    const fromLambda = await renderVideo(cloud, request, readMedia);
    expect(fromLambda.sizeBytes).toBe(fromLambda.video.length);
    const head = await s3.send(new GetObjectCommand({ Bucket: MEDIA_BUCKET, Key: request.outputKey }));
    expect(head.ContentType).toBe('video/mp4');
    const stored = new Map<string, Buffer>();
    const local = await renderVideo(
      localRenderer('reveal', stored),
      request,
      async (key) => stored.get(key)!,
    );
    const facts = probeVideo(fromLambda.video);
    expect(facts).toMatchObject({ codec: 'h264', width: 480, height: 270, fps: 30, frames: 60 });
    expect(probeVideo(local.video).frames).toBe(60);
    // Remotion plans three 20-frame chunks for 60 frames (at least 20 a chunk): a first, a middle and a
    // last chunk, which with the main render can fill the function's four environments (an invocation
    // then waits for one). A time picks the first frame that starts at or after it (ffmpeg's -ss): these
    // are frames 3 (before the boundary draws), 19|20 (the first join, while it draws), 27 (the fade half
    // way), 39|40 (the second join, the finished look) and 59.
    // Measured 0.84-1.05: Remotion Lambda encodes with x264's default preset, the local renderer with
    // veryfast, so the frames differ by encoding noise.
    const frames = new Map<number, Buffer>();
    for (const seconds of [0.1, 0.617, 0.65, 0.883, 1.283, 1.317, 1.95]) {
      frames.set(seconds, videoFrame(fromLambda.video, seconds));
      const difference = await imageDifference(frames.get(seconds)!, videoFrame(local.video, seconds));
      expect(difference, `frame at ${seconds} s`).toBeLessThan(2);
    }
    // The fade moves across those times, so the comparison above could have failed.
    expect(await imageDifference(frames.get(0.617)!, frames.get(1.317)!)).toBeGreaterThan(2);
  }, 300_000);

  it('looks up and renders a caller-hosted bundle as the local renderer does', async () => {
    const stored = new Map<string, Buffer>();
    const local = localRenderer('caller', stored);
    expect(await cloud.composition(bundle.url, 'Wide', {})).toEqual(
      await local.composition(bundle.url, 'Wide', {}),
    );
    await expect(cloud.composition(bundle.url, 'Missing', {})).rejects.toMatchObject({
      code: 'COMPOSITION_NOT_FOUND',
    });
    const request: RenderRequest = {
      composition: 'Wide',
      serveUrl: bundle.url,
      inputProps: {},
      codec: 'h264',
      scale: 1,
      outputKey: 'renders/caller.mp4',
      timeoutSeconds: 120,
    };
    const fromLambda = await renderVideo(cloud, request, readMedia);
    const fromLocal = await renderVideo(local, request, async (key) => stored.get(key)!);
    expect(probeVideo(fromLambda.video)).toMatchObject({ width: 96, height: 32, fps: 12, frames: 6 });
    // Six frames at 12 fps: the first, third and fifth.
    for (const seconds of [0, 0.17, 0.34]) {
      const difference = await imageDifference(
        videoFrame(fromLambda.video, seconds),
        videoFrame(fromLocal.video, seconds),
      );
      expect(difference, `frame at ${seconds} s`).toBeLessThan(1);
    }
  }, 180_000);
});

describe('a failing render on Remotion Lambda', () => {
  it('is reported by status() as failed with Remotion’s own message', async () => {
    // start() succeeds (the function answers with a render id); the launch then fails to find the
    // composition and writes the fatal error that getRenderProgress reads back.
    const handle = await cloud.start({
      composition: 'Missing',
      serveUrl: bundle.url,
      inputProps: {},
      codec: 'h264',
      scale: 1,
      outputKey: 'renders/missing.mp4',
      timeoutSeconds: 60,
    });
    const until = Date.now() + 60_000;
    let status = await cloud.status(handle);
    while (status.state !== 'failed' && status.state !== 'done' && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      status = await cloud.status(handle);
    }
    expect(status).toMatchObject({ state: 'failed', message: expect.stringContaining('Missing') });
  }, 90_000);
});

describe('the local stack with LOCAL_RENDERER=remotion-lambda', () => {
  let stack: StackProcess;
  let key: string;
  const post = (route: string, body: unknown) => call<Json>(stack.url, 'POST', route, { key, body });
  async function completed(res: { status: number; text: string; body: Json }, timeoutMs: number) {
    expect(res.status, res.text).toBe(202);
    const job = await waitForJob(stack.url, key, res.body.data.job_id, timeoutMs);
    // On failure, the stack's own account of it (its warnings include each failed step's error).
    expect(job.status, `${JSON.stringify(job.error)}\n${stack.output().slice(-6000)}`).toBe('completed');
    return job;
  }

  beforeAll(async () => {
    // Its own stack: the shared one renders locally. Quarter-size videos keep the render short.
    stack = await startStackProcess(undefined, {
      LOCAL_RENDERER: 'remotion-lambda',
      LOCAL_RENDER_SCALE: '0.25',
      POWERTOOLS_LOG_LEVEL: 'WARN',
    });
    key = await (await newOrganization(stack)).key('live');
    stackS3 = new S3Client({
      region: LOCAL_REGION,
      credentials: storeCredentials(stack.dataDir),
      endpoint: stack.info.endpoints.aws,
      forcePathStyle: true,
    });
  }, 180_000);

  afterAll(async () => {
    stackS3?.destroy();
    await stack?.stop();
  }, 60_000);

  let stackS3: S3Client;
  /** Renders the function wrote into its bucket (renders/<id>/…): proof a job rendered there. */
  async function functionRenders(): Promise<Set<string>> {
    const listed = await stackS3.send(
      new ListObjectsV2Command({ Bucket: localRenderBucket(LOCAL_REGION), Prefix: 'renders/' }),
    );
    return new Set((listed.Contents ?? []).map((o) => o.Key!.split('/')[1]!));
  }
  async function renderedByTheFunction<T>(run: () => Promise<T>): Promise<T> {
    const before = await functionRenders();
    const result = await run();
    const after = await functionRenders();
    expect([...after].filter((id) => !before.has(id)).length).toBeGreaterThan(0);
    return result;
  }

  it('completes a brochure slide job rendered by the Remotion function', async () => {
    const server = await startSampleServer();
    try {
      const job = await renderedByTheFunction(async () =>
        completed(await post('/v1/brochure-slides/generate', sampleRequests(server.base)[0]), 120_000),
      );
      const png = await download(job.output.png.url);
      expect(await sharp(png).metadata()).toMatchObject({ format: 'png', width: 1920, height: 1080 });
    } finally {
      await server.close();
    }
  }, 150_000);

  it('completes a video export of a caller-hosted bundle rendered by the Remotion function', async () => {
    const job = await renderedByTheFunction(async () =>
      completed(
        await post('/v1/video-export/render', {
          serve_url: bundle.url,
          composition_id: 'Tiny',
          input_props: { color: '#2a9d8f' },
          options: { codec: 'h264', width: 80, height: 60, fps: 8, duration_in_frames: 5 },
        }),
        120_000,
      ),
    );
    expect(job.output).toMatchObject({
      renderer: 'remotion-lambda',
      width: 80,
      height: 60,
      duration_in_frames: 5,
    });
    const mp4 = await download(job.output.video.url);
    expect(probeVideo(mp4)).toMatchObject({ codec: 'h264', width: 80, height: 60, frames: 5 });
  }, 150_000);
});
