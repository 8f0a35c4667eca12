// The software WebGL that local renders of WebGL scenes are drawn with: the machine's fastest, probed once
// per process (localWebGl), and the Chromium settings a request resolves to with it (chromiumForRequest).
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { ENV } from '../../core/config/env.ts';
import { logger } from '../../core/observability.ts';
import { CHROMIUM, chromiumFor, GL_FLAGS } from './local-chromium.ts';
import type { RenderGl } from './renderer.ts';

/** LOCAL_WEBGL values: a backend, or 'auto' (the default) for a probe of what this machine has. */
export const LOCAL_WEBGL_CHOICES = ['auto', 'angle-egl', 'swangle'] as const;
let webglChoice: Promise<'angle-egl' | 'swangle'> | undefined;

/**
 * The software WebGL backend local renders of WebGL scenes use: ANGLE on Mesa's llvmpipe through EGL
 * ('angle-egl') where the machine has Mesa's EGL driver, else SwiftShader through ANGLE ('swangle').
 * llvmpipe draws the aerial footage faster than SwiftShader (bench/drone-bench.ts) and the same
 * picture (differences on polygon edges only). LOCAL_WEBGL forces one; 'auto' probes
 * once per process: a headless Chromium with the backend's flags (Chromium blocklists llvmpipe, hence
 * --ignore-gpu-blocklist, which Remotion passes too) must create a WebGL2 context that is not SwiftShader.
 */
export function localWebGl(): Promise<'angle-egl' | 'swangle'> {
  const raw = process.env[ENV.localWebGl] || 'auto';
  if (!(LOCAL_WEBGL_CHOICES as readonly string[]).includes(raw))
    throw new Error(`LOCAL_WEBGL must be one of ${LOCAL_WEBGL_CHOICES.join(', ')}, got '${raw}'`);
  if (raw !== 'auto') return Promise.resolve(raw as 'angle-egl' | 'swangle');
  webglChoice ??= probeWebGl(CHROMIUM.browserExecutable).then((renderer) => {
    const choice = renderer !== null && !/swiftshader/i.test(renderer) ? 'angle-egl' : 'swangle';
    // Once per process, so an operator can see which software WebGL draws the aerial scenes.
    logger.info('Local WebGL backend chosen', { webgl: choice, probed: renderer ?? 'no WebGL2 context' });
    return choice;
  });
  return webglChoice;
}

/**
 * The WebGL renderer string headless Chromium reports with a backend's flags (default ANGLE on EGL, e.g.
 * "ANGLE (Mesa/X.org, llvmpipe …)"), or null when it gives no WebGL2 context there.
 */
export async function probeWebGl(
  executable: string,
  flags: readonly string[] = GL_FLAGS['angle-egl'],
): Promise<string | null> {
  const profile = mkdtempSync(path.join(tmpdir(), 'webgl-probe-'));
  const page =
    'data:text/html,<body><script>const g=document.createElement("canvas").getContext("webgl2");' +
    'const d=g&&g.getExtension("WEBGL_debug_renderer_info");' +
    'document.body.textContent="webgl:"+(g?g.getParameter(d?d.UNMASKED_RENDERER_WEBGL:g.RENDERER):"none")</script>';
  try {
    const dom = await new Promise<string>((resolve) => {
      execFile(
        executable,
        [
          '--headless=new',
          '--no-sandbox',
          ...flags,
          '--ignore-gpu-blocklist',
          '--disable-extensions',
          `--user-data-dir=${profile}`,
          '--dump-dom',
          page,
        ],
        { timeout: 30_000 },
        (_error, stdout) => resolve(String(stdout ?? '')),
      );
    });
    const renderer = /webgl:([^<]*)</.exec(dom)?.[1]?.trim();
    return renderer && renderer !== 'none' ? renderer : null;
  } finally {
    rmSync(profile, { recursive: true, force: true });
  }
}

/**
 * The Chromium settings for a request: a WebGL request ('swangle', software WebGL) is drawn with the
 * machine's fastest software WebGL (localWebGl), anything else as asked.
 */
export async function chromiumForRequest(gl: RenderGl | undefined): Promise<typeof CHROMIUM> {
  return chromiumFor(gl === 'swangle' ? await localWebGl() : gl);
}
