// The pages' error banner, the guard their actions run in (clear the banner, run, show what failed), and
// where an answer shown only once goes.
import { ApiFailure } from './api.ts';
import { button, h, replace } from './dom.ts';

/** The API's code and message (or the error's text) in an error banner with the page's test id. */
export function failureBanner(error: unknown, testid: string): HTMLElement {
  const text = error instanceof ApiFailure ? `${error.code}: ${error.message}` : String(error);
  return h('div', { class: 'banner banner-error', testid }, text);
}

/** Wraps a page action: `banner` is cleared before it runs and shows its failure (test id `testid`). */
export function guardedBy(banner: HTMLElement, testid: string) {
  return (run: () => Promise<void>) => async () => {
    try {
      replace(banner);
      await run();
    } catch (error) {
      replace(banner, failureBanner(error, testid));
    }
  };
}

/**
 * Shows what an action's answer holds only once (a key, a signing secret, a one-time sign-in link) in the
 * page's `banner`; when the person has left that page before the answer came, in the notices over every
 * page instead: it cannot be asked for again, so it must not be lost with the page. Each such banner
 * removes itself when dismissed (`dismissible`), from either place.
 */
export function showOnce(banner: HTMLElement, shown: HTMLElement): void {
  if (banner.isConnected) replace(banner, shown);
  else notices().append(shown);
}

/** `shown` with a button that removes it. */
export function dismissible(shown: HTMLElement, label: string, testid: string): HTMLElement {
  shown.append(button(label, () => shown.remove(), { kind: 'ghost', testid }));
  return shown;
}

let area: HTMLElement | undefined;

/** The notices over every page: outside the app's root, which each page and mode builds anew. */
function notices(): HTMLElement {
  if (!area?.isConnected) {
    area = h('div', { class: 'notices', testid: 'notices' });
    document.body.append(area);
  }
  return area;
}

/** Empties the notices (signing out: what the session was shown goes with it). */
export function clearNotices(): void {
  area?.replaceChildren();
}
