// Debian's Chromium for local renders, and the command-line flags of each OpenGL backend it is launched
// with (a launch flag, so a backend is a browser of its own).
import { chromiumLauncher } from './chromium-launcher.ts';
import type { RenderGl } from './renderer.ts';

/** A backend Chromium is launched with locally: the port's two, and ANGLE on the system's OpenGL through EGL. */
export type ChromiumGl = RenderGl | 'angle-egl';

/**
 * Debian's Chromium, never a downloaded one (the machine may be offline; Remotion's download is not
 * installed by `npm ci`). GL 'angle' falls back to SwiftShader without a GPU and renders the 2D
 * compositions several times faster than 'swangle', which only WebGL scenes need.
 */
export const CHROMIUM = {
  browserExecutable: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  chromeMode: 'chrome-for-testing' as const,
  chromiumOptions: { gl: 'angle' as ChromiumGl },
};

/**
 * Flags of ours per backend, after Remotion's (chromiumLauncher). With llvmpipe drawing the WebGL canvas
 * ('angle-egl'), Chromium composites the page on llvmpipe too; compositing in software instead took less
 * CPU per frame of the aerial footage (`PROFILE_GL=angle-egl PROFILE_PARTS=footage node --import tsx
 * bench/drone-profile.ts`) for the same pixels, and warm 4K stills as fast. The other backends composite
 * without a GL context already.
 */
export const EXTRA_FLAGS: Record<ChromiumGl, readonly string[]> = {
  angle: [],
  swangle: [],
  'angle-egl': ['--disable-gpu-compositing'],
};

/**
 * Remotion's arguments left out locally. `--no-zygote` makes Chromium start every page's renderer process
 * from the binary instead of forking it from its zygote, already initialized: every still and every
 * render opens a page, and an empty 1920x1080 slide took 1.4 s of the machine's CPU with it and 1.05 s without
 * (docs/benchmarks.md, 2026-11-29). Each page still gets a renderer process of its own, as before: a render
 * never shares one with another tenant's.
 */
export const DROPPED_FLAGS: readonly string[] = ['--no-zygote'];

/** The Chromium settings of a render with this OpenGL backend (default 'angle'). */
export function chromiumFor(gl: ChromiumGl | undefined): typeof CHROMIUM {
  const backend = gl ?? CHROMIUM.chromiumOptions.gl;
  return {
    ...CHROMIUM,
    browserExecutable: chromiumLauncher(CHROMIUM.browserExecutable, EXTRA_FLAGS[backend], DROPPED_FLAGS),
    chromiumOptions: { gl: backend },
  };
}

/** Chromium's flags for each local OpenGL backend (as Remotion's openBrowser passes them). */
export const GL_FLAGS: Record<ChromiumGl, readonly string[]> = {
  angle: ['--use-gl=angle'],
  swangle: ['--use-gl=angle', '--use-angle=swiftshader'],
  'angle-egl': ['--use-gl=angle', '--use-angle=gl-egl'],
};
