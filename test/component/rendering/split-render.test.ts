// A render of our own 2D compositions split across browsers (contiguous frame ranges joined without
// re-encoding) must be the same video as one browser makes: same frame count and length, the same frames
// on both sides of the join. And the reveal, whose held frames are captured once and repeated, must be
// the video Remotion's own renderMedia makes of every frame. Rendered for real (Debian's Chromium),
// small, with the reveal composition.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import sharp, { type OverlayOptions } from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  frameRuns,
  MARKUP_REVEAL,
  type MarkupRevealProps,
} from '../../../functions/media/remotion/compositions.ts';
import { sharedBrowser } from '../../../functions/media/rendering/browser-pool.ts';
import { CHROMIUM } from '../../../functions/media/rendering/local-chromium.ts';
import { LocalRenderer } from '../../../functions/media/rendering/local-renderer.ts';
import type { RenderRequest } from '../../../functions/media/rendering/renderer.ts';
import {
  beforeOutput,
  localRenderBrowsers,
  PART_X264_PARAMS,
  splitFrames,
  splitRuns,
} from '../../../functions/media/rendering/split-render.ts';
import { ensureSiteBundle } from '../../../lib/remotion/site-bundle.ts';
import { meanRegionDifference } from '../../support/image-probe.ts';
import { probeVideo, videoFrame } from '../../support/media-probe.ts';

describe('splitFrames', () => {
  const ours = { codec: 'h264' as const };

  it('splits our H.264 renders into contiguous ranges that cover every frame once', () => {
    expect(splitFrames(ours, 210, 2)).toEqual([
      [0, 104],
      [105, 209],
    ]);
    const three = splitFrames(ours, 301, 3);
    expect(three[0]![0]).toBe(0);
    expect(three.at(-1)![1]).toBe(300);
    for (let i = 1; i < three.length; i++) expect(three[i]![0]).toBe(three[i - 1]![1] + 1);
  });

  it('keeps one part for caller bundles, other codecs, SwiftShader WebGL, one browser and short videos', () => {
    const whole = [[0, 209]];
    expect(splitFrames({ ...ours, serveUrl: 'http://127.0.0.1:1/index.html' }, 210, 2)).toEqual(whole);
    expect(splitFrames({ codec: 'h265' }, 210, 2)).toEqual(whole);
    expect(splitFrames({ ...ours, gl: 'swangle' }, 210, 2)).toEqual(whole);
    expect(splitFrames(ours, 210, 1)).toEqual(whole);
    expect(splitFrames(ours, 60, 2)).toEqual([[0, 59]]);
    // WebGL drawn by Mesa's llvmpipe is split like a 2D render.
    expect(splitFrames({ ...ours, gl: 'angle-egl' }, 210, 2)).toEqual(splitFrames(ours, 210, 2));
    // No more parts than 45-frame shares.
    expect(splitFrames(ours, 100, 4)).toHaveLength(2);
  });
});

describe("a split part's encoder settings", () => {
  it('go before the output file, and an encoder command without one is refused', () => {
    const args = ['-i', '-', '-c:v', 'libx264', '-preset', 'veryfast', '-y', '/tmp/part0.mp4'];
    expect(beforeOutput(args, PART_X264_PARAMS)).toEqual([
      ...args.slice(0, 6),
      '-x264-params',
      'threads=1:me=dia',
      '-y',
      '/tmp/part0.mp4',
    ]);
    expect(() => beforeOutput(['-i', '-', 'out.mp4'], PART_X264_PARAMS)).toThrow(/no -y/);
  });
});

describe('localRenderBrowsers', () => {
  it('defaults to the cores each render slot has, at least one', () => {
    expect(localRenderBrowsers(undefined, 2, 1)).toBe(2);
    expect(localRenderBrowsers('', 8, 2)).toBe(4);
    expect(localRenderBrowsers(undefined, 1, 1)).toBe(1);
    expect(localRenderBrowsers(undefined, 2, 4)).toBe(1);
  });

  it('takes LOCAL_RENDER_BROWSERS and refuses what is not 1-8', () => {
    expect(localRenderBrowsers('3', 2, 1)).toBe(3);
    for (const bad of ['0', '9', '1.5', 'two'])
      expect(() => localRenderBrowsers(bad, 2, 1)).toThrow(/LOCAL_RENDER_BROWSERS/);
  });
});

describe('a reveal split across two browsers', () => {
  const work = mkdtempSync(path.join(tmpdir(), 'split-render-'));
  const rendered = new Map<number, Promise<Buffer>>();
  let server: Server;
  let props: MarkupRevealProps;

  // 186 frames at a quarter of 1080p (480x270): 166 of the reveal, then a 20-frame end card. 92 distinct
  // pictures, split 46/46 between two browsers at frame 59 (1.97 s), while the outline draws (frames
  // 14-65); the darkening fades in over frames 57-91, the finished frame holds to frame 165, and the card
  // fades in over frames 166-177 and holds to the end. Every check below is made on these renders: the
  // split one, one browser's, and Remotion's own.
  const card = '#1F3A5F';
  // Not smaller: the second part's encode differs from one browser's by up to 1.3 (mean, 0-255, over every
  // frame) at this scale, 1.36 at 0.2 and 2.0 at 0.1 (measured), against the 1.5 the frames are held to.
  const scale = 0.25;
  const width = 480;
  const height = 270;
  const whole = { left: 0, top: 0, width, height };
  const revealFrames = 166;
  const join = 59;
  // The opening hold, the drawing, both sides of the join, the darkening, the finished hold, the card
  // fading in and the card held.
  const frames = [5, 35, join - 2, join - 1, join, join + 1, 75, 100, 160, 167, 171, 182, 185];
  // ffmpeg's seek gives the first frame at or after the time asked for.
  const at = (video: Buffer, frame: number) => videoFrame(video, (frame - 0.5) / 30);

  beforeAll(async () => {
    // A base image with structure everywhere, so a wrong frame order or offset shows.
    const base = await sharp({
      create: { width: 1920, height: 1080, channels: 3, background: '#5a7d3c' },
    })
      .composite(
        Array.from({ length: 12 }, (_, i) => ({
          input: {
            create: { width: 120, height: 900, channels: 3, background: i % 2 ? '#c8b89a' : '#30404f' },
          },
          left: 40 + i * 155,
          top: 90,
        })) as OverlayOptions[],
      )
      .jpeg()
      .toBuffer();
    server = createServer((_, res) => {
      res.setHeader('content-type', 'image/jpeg');
      res.end(base);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    props = {
      durationInFrames: 186,
      baseImage: `${origin}/base.jpg`,
      boundary: [
        { x: 700, y: 300 },
        { x: 1200, y: 260 },
        { x: 1260, y: 820 },
        { x: 660, y: 780 },
      ],
      outline: { color: '#FFFFFF', width: 8 },
      effect: { kind: 'darken', amount: 0.6 },
      annotations: [],
      endCard: {
        frames: 20,
        background: card,
        rule: { x: 800, y: 600, w: 320, h: 6, color: '#FFFFFF' },
        text: [],
      },
    };
  }, 60_000);

  afterAll(() => {
    server?.close();
    rmSync(work, { recursive: true, force: true });
  });

  async function render(browsersPerRender: number): Promise<Buffer> {
    const videos = new Map<string, Buffer>();
    const renderer = new LocalRenderer({
      serveUrl: await ensureSiteBundle(),
      workDir: path.join(work, `renders-${browsersPerRender}`),
      media: {
        put: async (key, body, contentType) => {
          videos.set(key, Buffer.from(body as Uint8Array));
          return { s3_key: key, content_type: contentType };
        },
      },
      maxConcurrentRenders: 1,
      browsersPerRender,
    });
    const request: RenderRequest = {
      composition: MARKUP_REVEAL.id,
      inputProps: props,
      codec: 'h264',
      scale,
      outputKey: `reveal-${browsersPerRender}.mp4`,
      timeoutSeconds: 300,
    };
    const handle = await renderer.start(request);
    for (;;) {
      const status = await renderer.status(handle);
      if (status.state === 'done') return videos.get(request.outputKey)!;
      if (status.state === 'failed') throw new Error(status.message);
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  /** The reveal rendered by `browsers` browsers, once for all the tests that look at it. */
  function video(browsers: number): Promise<Buffer> {
    let made = rendered.get(browsers);
    if (!made) {
      made = render(browsers);
      rendered.set(browsers, made);
    }
    return made;
  }

  it('is the same video as one browser renders: length, frames, and the frames at the join', async () => {
    // The render does split where the frames above say (so there is a join to check).
    const runs = frameRuns(MARKUP_REVEAL.id, props, props.durationInFrames)!;
    const groups = splitRuns({ codec: 'h264' }, runs, 2);
    expect([runs.length, groups.length, groups[1]![0]![0]]).toEqual([92, 2, join]);
    const split = await video(2);
    const single = await video(1);
    const facts = probeVideo(split);
    expect(facts).toMatchObject({ codec: 'h264', width, height, fps: 30, frames: 186 });
    expect(facts.durationSeconds).toBeCloseTo(6.2, 1);
    expect(probeVideo(single).frames).toBe(186);
    for (const frame of frames) {
      const difference = await meanRegionDifference(at(split, frame), at(single, frame), whole);
      expect(difference, `frame ${frame}`).toBeLessThan(1.5);
    }
    // And the picture does move across the join (so the comparison above could have failed).
    expect(await meanRegionDifference(at(split, join - 9), at(split, join + 9), whole)).toBeGreaterThan(1.5);
  }, 240_000);

  it('fades its end card in over the finished reveal, never through black', async () => {
    const split = await video(2);
    const black = await sharp({ create: { width, height, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const cardOnly = await sharp({ create: { width, height, channels: 3, background: card } })
      .png()
      .toBuffer();
    const finished = at(split, revealFrames - 1);
    const fading = at(split, revealFrames + 2);
    // Two frames into the card (1/6 of its opacity): the finished reveal still shows through.
    expect(await meanRegionDifference(fading, finished, whole)).toBeLessThan(15);
    expect(await meanRegionDifference(fading, black, whole)).toBeGreaterThan(30);
    // Once faded in, the card stands alone (above its rule, at y 600 of 1080).
    const rest = { left: 0, top: 0, width, height: Math.round(480 * scale) };
    expect(await meanRegionDifference(at(split, revealFrames + 16), cardOnly, rest)).toBeLessThan(4);
  }, 240_000);

  it('is the video Remotion renders frame by frame, held frames included', async () => {
    const split = await video(2);
    const { renderMedia, selectComposition } = await import('@remotion/renderer');
    const serveUrl = await ensureSiteBundle();
    // The browser the split render's first part used (Chromium is slow to start).
    const browser = await sharedBrowser(CHROMIUM);
    const output = path.join(work, 'remotion.mp4');
    const common = { serveUrl, inputProps: props, puppeteerInstance: browser, ...CHROMIUM };
    const composition = await selectComposition({ ...common, id: MARKUP_REVEAL.id, logLevel: 'error' });
    await renderMedia({
      ...common,
      composition,
      codec: 'h264',
      crf: 18,
      imageFormat: 'jpeg',
      jpegQuality: 90,
      x264Preset: 'veryfast',
      scale,
      outputLocation: output,
      logLevel: 'error',
    });
    const reference = readFileSync(output);
    expect(probeVideo(split)).toMatchObject({
      ...probeVideo(reference),
      durationSeconds: expect.any(Number),
    });
    for (const frame of frames) {
      const difference = await meanRegionDifference(at(split, frame), at(reference, frame), whole);
      expect(difference, `frame ${frame}`).toBeLessThan(1.5);
    }
  }, 240_000);
});
