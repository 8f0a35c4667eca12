// `npm start`: the local stack (bin/local.ts), from its prebuilt bundle when that is up to date with the
// sources (scripts/local-bundle.mjs: a later start loads its modules in about half the time), else from
// the sources through tsx, and then the bundle is built in the background, at the lowest priority, for
// the next start. LOCAL_BUNDLE=off always runs from the sources.
// Plain JS on purpose: nothing TypeScript is loaded before the choice.
import { spawn } from 'node:child_process';
import { setPriority } from 'node:os';
import { fileURLToPath } from 'node:url';
import { BUNDLE_GLOBAL, freshBundle } from '../scripts/local-bundle.mjs';

const bundle = process.env.LOCAL_BUNDLE === 'off' ? undefined : freshBundle();
if (bundle) {
  process.setSourceMapsEnabled(true); // stack traces name the sources, not the bundle
  globalThis[BUNDLE_GLOBAL] = bundle.modules;
  await import(bundle.entry);
} else {
  await import('tsx'); // what `node --import tsx` loads: TypeScript from here on
  await import('./local.ts'); // returns once the stack is ready
  if (process.env.LOCAL_BUNDLE !== 'off') {
    const builder = spawn(
      process.execPath,
      [fileURLToPath(new URL('../scripts/local-bundle.mjs', import.meta.url))],
      // Its own process group: stopping the stack (Ctrl-C, or SIGTERM to npm's group) right after it
      // answered must not cut the build short; it writes aside and renames, so it never leaves half a bundle.
      { stdio: 'ignore', detached: true },
    );
    try {
      setPriority(builder.pid, 19);
    } catch {
      // It runs at normal priority then; it takes about a second.
    }
    builder.unref();
  }
}
