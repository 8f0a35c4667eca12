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
 * Shows what an action's answer holds only once (a key, a signing secret, a one-time sign-in link), until
 * the person dismisses it: it cannot be asked for again. On its page it goes into a list just before the
 * page's `banner`, so that the page's other results and errors, which replace the banner's content, leave
 * it be, and a second one is shown beside the first. When the person has left the page before the answer
 * came, it goes into the notices over every page instead. Each removes itself when dismissed
 * (`dismissible`).
 */
export function showOnce(banner: HTMLElement, shown: HTMLElement): void {
  (banner.isConnected ? onceList(banner) : notices()).append(shown);
}

/** `shown` with a button that removes it (and the page's list of them once it is empty). */
export function dismissible(shown: HTMLElement, label: string, testid: string): HTMLElement {
  const dismiss = () => {
    const list = shown.parentElement;
    shown.remove();
    if (list?.classList.contains('once-list') && list.childElementCount === 0) list.remove();
  };
  shown.append(button(label, dismiss, { kind: 'ghost', testid }));
  return shown;
}

/** The page's answers shown once, just before its banner. */
function onceList(banner: HTMLElement): HTMLElement {
  const before = banner.previousElementSibling;
  if (before instanceof HTMLElement && before.classList.contains('once-list')) return before;
  const list = h('div', { class: 'once-list', testid: 'once-list' });
  banner.before(list);
  return list;
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
