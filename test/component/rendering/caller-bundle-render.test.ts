// The local renderer on a caller-hosted bundle, for real (no local stack needed): the fixture project in
// test/fixtures/caller-bundle is bundled into a temp dir and served over http://127.0.0.1:<port>/, then
// rendered in every codec the local renderer claims, with ffprobe checking codec, size, frame rate and
// frame count. Also: the duration precedence, a missing composition and an unreachable bundle.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_CODECS, LocalRenderer } from '../../../functions/media/rendering/local-renderer.ts';
import {
  BundleUnreachableError,
  CODEC_OUTPUT,
  CompositionNotFoundError,
  type RenderCodec,
  type RenderRequest,
  resolveDurationInFrames,
} from '../../../functions/media/rendering/renderer.ts';
import { type ServedBundle, serveCallerBundle } from '../../support/caller-bundle.ts';
import { probeVideo } from '../../support/media-probe.ts';

const work = mkdtempSync(path.join(tmpdir(), 'caller-bundle-'));
const stored = new Map<string, { body: Buffer; contentType: string }>();
let served: ServedBundle | undefined;
let serveUrl: string;
let renderer: LocalRenderer;

/** What ffprobe calls each codec's stream. */
const PROBED_CODEC: Record<RenderCodec, string> = {
  h264: 'h264',
  h265: 'hevc',
  vp8: 'vp8',
  vp9: 'vp9',
  prores: 'prores',
  gif: 'gif',
};

beforeAll(async () => {
  served = await serveCallerBundle(work);
  serveUrl = served.url;
  renderer = new LocalRenderer({
    // Our own site is never used here: every request names the caller's bundle.
    serveUrl: path.join(work, 'no-site'),
    workDir: path.join(work, 'renders'),
    media: {
      put: async (key, body, contentType) => {
        stored.set(key, { body: Buffer.from(body as Uint8Array), contentType });
        return { s3_key: key, content_type: contentType };
      },
    },
    maxConcurrentRenders: 2,
  });
}, 120_000);

afterAll(() => {
  served?.close();
  rmSync(work, { recursive: true, force: true });
});

async function render(request: Omit<RenderRequest, 'serveUrl' | 'scale' | 'timeoutSeconds'>) {
  const handle = await renderer.start({ ...request, serveUrl, scale: 1, timeoutSeconds: 120 });
  for (;;) {
    const status = await renderer.status(handle);
    if (status.state === 'done') return stored.get(request.outputKey)!;
    if (status.state === 'failed') throw new Error(status.message);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('rendering a caller-hosted bundle locally', () => {
  it('looks up a composition as the bundle registers it', async () => {
    expect(await renderer.composition(serveUrl, 'Wide', {})).toEqual({
      id: 'Wide',
      width: 96,
      height: 32,
      fps: 12,
      durationInFrames: 6,
    });
  }, 60_000);

  it('names the compositions that exist when the id is missing', async () => {
    const error = await renderer.composition(serveUrl, 'Missing', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CompositionNotFoundError);
    expect((error as CompositionNotFoundError).available).toEqual(['Tiny', 'Wide']);
    expect((error as Error).message).toContain("no composition 'Missing'; it has: Tiny, Wide");
  }, 60_000);

  it('reports a bundle that cannot be loaded as unreachable', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    closed.close();
    const error = await renderer
      .composition(`http://127.0.0.1:${port}/`, 'Tiny', {})
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BundleUnreachableError);
    expect((error as BundleUnreachableError).code).toBe('BUNDLE_UNREACHABLE');
  }, 60_000);

  it('quotes the page a serve_url shows when it is no bundle (here a 404 page)', async () => {
    const missing = createServer((_req, res) =>
      res.writeHead(404, { 'Content-Type': 'text/html' }).end('<h1>Not found</h1>'),
    );
    await new Promise<void>((resolve) => missing.listen(0, '127.0.0.1', resolve));
    const port = (missing.address() as AddressInfo).port;
    try {
      const error = await renderer
        .composition(`http://127.0.0.1:${port}/site/`, 'Tiny', {})
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(BundleUnreachableError);
      expect((error as Error).message).toContain(`http://127.0.0.1:${port}/site/`);
      expect((error as Error).message).toContain('is not a Remotion bundle');
      expect((error as Error).message).toContain('it shows: "Not found"');
    } finally {
      missing.close();
    }
  }, 60_000);

  // Side by side, two at a time (the renderer's two slots): a render of five tiny frames mostly waits on
  // its pages loading and its encoder starting.
  it.concurrent.for([...LOCAL_CODECS])(
    'renders %s with the codec, size, frame rate and length asked for',
    { timeout: 90_000 },
    async (codec, { expect }) => {
      const output = CODEC_OUTPUT[codec];
      const video = await render({
        composition: 'Tiny',
        inputProps: {},
        codec,
        crf: output.crf ? 30 : undefined,
        width: 80,
        height: 60,
        fps: 8,
        durationInFrames: 5,
        outputKey: `out/${codec}.${output.extension}`,
      });
      expect(video.contentType).toBe(output.contentType);
      const facts = probeVideo(video.body);
      expect(facts.codec).toBe(PROBED_CODEC[codec]);
      expect([facts.width, facts.height]).toEqual([80, 60]);
      expect(facts.frames).toBe(5);
      if (codec !== 'gif') expect(facts.fps).toBe(8);
    },
  );

  it('applies the length precedence: option, then input_props.totalDurationInFrames, then the default', async () => {
    const inputProps = { totalDurationInFrames: 7 };
    const { durationInFrames: registered } = await renderer.composition(serveUrl, 'Tiny', inputProps);
    expect(resolveDurationInFrames(4, inputProps, registered)).toBe(4);
    expect(resolveDurationInFrames(undefined, inputProps, registered)).toBe(7);
    expect(resolveDurationInFrames(undefined, {}, registered)).toBe(8);
    const fromProps = await render({
      composition: 'Tiny',
      inputProps,
      codec: 'h264',
      durationInFrames: resolveDurationInFrames(undefined, inputProps, registered),
      outputKey: 'out/from-props.mp4',
    });
    const facts = probeVideo(fromProps.body);
    expect(facts.frames).toBe(7);
    expect([facts.width, facts.height, facts.fps]).toEqual([64, 48, 10]);
  }, 90_000);
});
