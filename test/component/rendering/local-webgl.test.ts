// Local renders of WebGL scenes use the machine's fastest software WebGL: Mesa's llvmpipe through ANGLE's
// EGL backend where Chromium gets a WebGL2 context from it, else SwiftShader. The probe is checked against
// Debian's Chromium, LOCAL_WEBGL forces a backend, and the aerial still drawn by llvmpipe must be the
// picture SwiftShader draws (rendered for real, at a quarter of 4K).
import { existsSync } from 'node:fs';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type MemoryMedia, memoryMedia, syntheticAerialScene } from '../../../bench/aerial-fixture.ts';
import {
  AERIAL_STILL,
  type AerialSceneProps,
} from '../../../functions/media/remotion/aerial-compositions.ts';
import { CHROMIUM } from '../../../functions/media/rendering/local-chromium.ts';
import { LocalStillRenderer } from '../../../functions/media/rendering/local-still-renderer.ts';
import {
  chromiumForRequest,
  localWebGl,
  probeWebGl,
} from '../../../functions/media/rendering/local-webgl.ts';
import { ensureSiteBundle } from '../../../lib/remotion/site-bundle.ts';

// Mesa's EGL and its software driver (Debian's libegl1, libegl-mesa0, libgl1-mesa-dri, installed with
// Chromium by scripts/ensure-deps.mjs); without them the probe falls back to SwiftShader.
const MESA = [
  '/usr/lib/x86_64-linux-gnu/libEGL.so.1',
  '/usr/lib/x86_64-linux-gnu/libEGL_mesa.so.0',
  '/usr/lib/x86_64-linux-gnu/dri/swrast_dri.so',
].every((file) => existsSync(file));

const saved = process.env.LOCAL_WEBGL;
afterEach(() => {
  if (saved === undefined) delete process.env.LOCAL_WEBGL;
  else process.env.LOCAL_WEBGL = saved;
});

describe('the software WebGL backend', () => {
  it('is forced by LOCAL_WEBGL and refuses an unknown value', async () => {
    process.env.LOCAL_WEBGL = 'swangle';
    expect(await localWebGl()).toBe('swangle');
    expect((await chromiumForRequest('swangle')).chromiumOptions.gl).toBe('swangle');
    process.env.LOCAL_WEBGL = 'angle-egl';
    expect((await chromiumForRequest('swangle')).chromiumOptions.gl).toBe('angle-egl');
    // 2D renders keep their own backend whatever the WebGL one is.
    expect((await chromiumForRequest('angle')).chromiumOptions.gl).toBe('angle');
    expect((await chromiumForRequest(undefined)).chromiumOptions.gl).toBe('angle');
    process.env.LOCAL_WEBGL = 'vulkan';
    expect(() => localWebGl()).toThrow(/LOCAL_WEBGL must be one of auto, angle-egl, swangle/);
  });

  it('is found by a probe of the browser: no browser, no WebGL', async () => {
    expect(await probeWebGl('/nonexistent/chromium')).toBeNull();
  });

  const mesa = MESA;
  it.skipIf(!mesa)(
    'picks llvmpipe where Mesa is installed',
    async () => {
      expect(await probeWebGl(CHROMIUM.browserExecutable)).toMatch(/llvmpipe/);
      delete process.env.LOCAL_WEBGL;
      expect(await localWebGl()).toBe('angle-egl');
    },
    60_000,
  );
});

describe.skipIf(!MESA)('the aerial still drawn by llvmpipe', () => {
  let media: MemoryMedia;
  let props: AerialSceneProps;
  const renderers: LocalStillRenderer[] = [];

  beforeAll(async () => {
    media = await memoryMedia();
    const scene = await syntheticAerialScene(media, 't');
    props = {
      ...scene.sceneProps,
      durationInFrames: 1,
      shotType: 'hero',
      frontDirection: 200,
      camera: { kind: 'pose', pose: { azimuth: 20, tilt: 55, distance: 200, pitch: 0 } },
    };
  }, 120_000);

  afterAll(async () => {
    await Promise.all(renderers.map((r) => r.close()));
    await media?.close();
  });

  async function render(backend: 'angle-egl' | 'swangle'): Promise<Buffer> {
    process.env.LOCAL_WEBGL = backend;
    const renderer = new LocalStillRenderer({ serveUrl: await ensureSiteBundle() });
    renderers.push(renderer);
    const jpeg = await renderer.renderStill({
      composition: AERIAL_STILL.id,
      // A copy as a plain object: the props interface has no index signature, its spread does.
      inputProps: { ...props },
      format: 'jpeg',
      jpegQuality: 90,
      gl: 'swangle',
      scale: 0.25,
    });
    return sharp(jpeg).removeAlpha().raw().toBuffer();
  }

  it('is the picture SwiftShader draws (differences only on edges)', async () => {
    const llvmpipe = await render('angle-egl');
    const swiftshader = await render('swangle');
    expect(llvmpipe.length).toBe(960 * 540 * 3);
    expect(swiftshader.length).toBe(llvmpipe.length);
    let squared = 0;
    let far = 0;
    for (let i = 0; i < llvmpipe.length; i++) {
      const d = llvmpipe[i]! - swiftshader[i]!;
      squared += d * d;
      if (Math.abs(d) > 30) far++;
    }
    const psnr = 10 * Math.log10((255 * 255) / (squared / llvmpipe.length));
    // Measured ~37-40 dB at 1080p and 4K; a blank or black frame from either backend is far below 30.
    expect(psnr).toBeGreaterThan(30);
    expect(far / llvmpipe.length).toBeLessThan(0.01);
    // And the picture has content (not two equally empty frames).
    const { channels } = await sharp(llvmpipe, { raw: { width: 960, height: 540, channels: 3 } }).stats();
    expect(channels[1]!.stdev).toBeGreaterThan(20);
  }, 180_000);
});
