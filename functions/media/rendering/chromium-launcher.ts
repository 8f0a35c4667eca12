// Chromium flags Remotion's openBrowser has no option for. Remotion starts `browserExecutable` with its
// own fixed arguments, so a flag of ours goes in through a launcher: a two-line shell script that runs the
// real binary with our flags before Remotion's arguments. Written once per process into the temp
// directory, named by a hash of what it runs (so processes and worker threads share it, and a change of
// binary or flags gets a new one).
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';

const launchers = new Map<string, string>();

/** An executable that runs `binary` with `flags` and then the arguments it is given; `binary` when no flags. */
export function chromiumLauncher(binary: string, flags: readonly string[]): string {
  if (flags.length === 0) return binary;
  const script = `#!/bin/sh\nexec ${[binary, ...flags].map(shellQuote).join(' ')} "$@"\n`;
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
