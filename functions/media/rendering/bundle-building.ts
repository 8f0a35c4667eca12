// While a process builds the Remotion site bundle into a directory, a file beside the directory says so:
// `<dir>.building`, holding the builder's process id. A render that finds the directory without its
// index.html waits for the build instead of failing: the local stack answers requests before its first
// build of the site is done (lib/remotion/site-bundle.ts builds it in the background), and its first
// render may come sooner. A builder that died leaves a file naming a process that is gone; nobody waits
// for it, and the render fails as it would without a bundle.
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';

/** The longest a render waits for a build (a cold webpack build takes 10-60 s on two cores). */
const LONGEST_WAIT_MS = 10 * 60_000;

const markerOf = (dir: string) => `${dir}.building`;

/** Says that process `pid` (this one unless given) is building the bundle into `dir`. */
export function markBuilding(dir: string, pid: number = process.pid): void {
  writeFileSync(markerOf(dir), String(pid));
}

/** Takes the mark back, unless another process has marked the build as its own since. */
export function unmarkBuilding(dir: string, pid: number = process.pid): void {
  if (builderOf(dir) === pid) rmSync(markerOf(dir), { force: true });
}

/** The process building the bundle into `dir`, while it runs. */
export function builderOf(dir: string): number | undefined {
  let pid: number;
  try {
    pid = Number(readFileSync(markerOf(dir), 'utf8'));
  } catch {
    return undefined;
  }
  return Number.isInteger(pid) && pid > 0 && running(pid) ? pid : undefined;
}

function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Resolves once `dir` holds a bundle (its index.html), or at once when no live process is building one
 * there (what follows then fails as it would have: there is no bundle).
 */
export async function bundleBuilt(dir: string, pollMs = 200): Promise<void> {
  const until = Date.now() + LONGEST_WAIT_MS;
  while (!existsSync(path.join(dir, 'index.html')) && builderOf(dir) !== undefined && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}
