// The pages' error banner and the guard their actions run in (clear the banner, run, show what failed).
import { ApiFailure } from './api.ts';
import { h, replace } from './dom.ts';

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
