// The headless Chromiums a process's local video renders share: opened on first use and reused across
// renders, because a cold Chromium is slow to start, and dropped when a failure says one is gone.
import type { HeadlessBrowser } from '@remotion/renderer';
import type { CHROMIUM } from './local-chromium.ts';
import { chromiumForRequest } from './local-webgl.ts';
import type { RenderGl } from './renderer.ts';

/**
 * Browsers by OpenGL backend (a launch flag) and index (a render split across browsers uses several),
 * reused across renders.
 */
const browsers = new Map<string, Promise<HeadlessBrowser>>();

/** The shared browser `index` of a backend (the render's resolved `chromiumForRequest`). */
export async function sharedBrowser(chromium: typeof CHROMIUM, index = 0): Promise<HeadlessBrowser> {
  const { openBrowser } = await import('@remotion/renderer');
  const key = `${chromium.chromiumOptions.gl}#${index}`;
  let browser = browsers.get(key);
  if (!browser) {
    browser = openBrowser('chrome', { ...chromium, logLevel: 'error' });
    browsers.set(key, browser);
  }
  try {
    return await browser;
  } catch (error) {
    browsers.delete(key);
    throw error;
  }
}

/** After a transient failure the browser may be the culprit (crashed, wedged): the next render opens a new one. */
export async function discardBrowser(gl: RenderGl | undefined) {
  const prefix = `${(await chromiumForRequest(gl)).chromiumOptions.gl}#`;
  for (const [key, old] of [...browsers]) {
    if (!key.startsWith(prefix)) continue;
    browsers.delete(key);
    void old.then((b) => b.close({ silent: true })).catch(() => undefined);
  }
}
