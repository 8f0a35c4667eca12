// Chromium flags Remotion's openBrowser has no option for. Remotion starts `browserExecutable` with its
// own fixed arguments, so a flag of ours goes in through a launcher: a short shell script that runs the
// real binary with our flags before Remotion's arguments, and can leave one of Remotion's out. Written once
// per process into the temp directory, named by a hash of what it runs (so processes and worker threads
// share it, and a change of binary or flags gets a new one).
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';

const launchers = new Map<string, string>();

/**
 * An executable that runs `binary` with `flags` and then the arguments it is given, less those in `drop`
 * (each an exact argument); `binary` itself when there is nothing to add or drop.
 */
export function chromiumLauncher(
  binary: string,
  flags: readonly string[],
  drop: readonly string[] = [],
): string {
  if (flags.length === 0 && drop.length === 0) return binary;
  // POSIX sh: each argument is taken off the front and put back at the end unless it is dropped.
  const filter =
    drop.length === 0
      ? ''
      : `for a in "$@"; do shift; case "$a" in ${drop.map(shellQuote).join('|')}) ;; *) set -- "$@" "$a" ;; esac; done\n`;
  const script = `#!/bin/sh\n${filter}exec ${[binary, ...flags].map(shellQuote).join(' ')} "$@"\n`;
  let file = launchers.get(script);
  // Written again when gone (a temp-directory clean-up while the process ran).
  if (!file || !existsSync(file)) {
    const dir = path.join(tmpdir(), 'property-media-chromium');
    file = path.join(dir, `chromium-${createHash('sha256').update(script).digest('hex').slice(0, 16)}`);
    mkdirSync(dir, { recursive: true });
    // Written beside and renamed, so a concurrent launch never runs half a script.
    const partial = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}`;
    writeFileSync(partial, script, { mode: 0o755 });
    renameSync(partial, file);
    launchers.set(script, file);
  }
  return file;
}

/** One shell word, whatever the characters. */
function shellQuote(word: string): string {
  return `'${word.replaceAll("'", `'\\''`)}'`;
}
