// Flags Remotion's openBrowser has no option for reach Chromium through a launcher script: it must run the
// real binary with the flags first and every argument Remotion gives unchanged, whatever the characters
// in the binary's path, and be shared by identical requests.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { chromiumLauncher } from '../../../functions/media/rendering/chromium-launcher.ts';
import {
  CHROMIUM,
  chromiumFor,
  DROPPED_FLAGS,
  EXTRA_FLAGS,
} from '../../../functions/media/rendering/local-chromium.ts';

const dir = mkdtempSync(path.join(tmpdir(), "launcher test's "));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A stand-in browser that prints each argument it gets on a line of its own. */
function fakeBrowser(name: string): string {
  const file = path.join(dir, name);
  writeFileSync(file, '#!/bin/sh\nfor a in "$@"; do printf "%s\\n" "$a"; done\n', { mode: 0o755 });
  return file;
}

describe('chromiumLauncher', () => {
  it('runs the binary with the flags, then the arguments it is given, unchanged', () => {
    const binary = fakeBrowser("chro'mium $HOME");
    const launcher = chromiumLauncher(binary, ['--disable-gpu-compositing', '--x=a b']);
    expect(launcher).not.toBe(binary);
    const args = ['--use-gl=angle', '--user-agent="x y"', "it's", '$(touch pwned)', '*'];
    const out = execFileSync(launcher, args, { cwd: dir }).toString().split('\n').slice(0, -1);
    expect(out).toEqual(['--disable-gpu-compositing', '--x=a b', ...args]);
  });

  it('leaves out exactly the arguments it is told to drop, keeping the order of the rest', () => {
    const binary = fakeBrowser('chromium-drop');
    const launcher = chromiumLauncher(binary, ['--a'], ['--no-zygote', "--it's"]);
    const args = ['--x', '--no-zygote', '--no-zygote=1', "--it's", 'y z', '--no-zygote'];
    const out = execFileSync(launcher, args, { cwd: dir }).toString().split('\n').slice(0, -1);
    expect(out).toEqual(['--a', '--x', '--no-zygote=1', 'y z']);
    expect(chromiumLauncher(binary, [], ['--b'])).not.toBe(binary);
  });

  it('is the binary itself without flags, and one file per binary and flags', () => {
    const binary = fakeBrowser('chromium');
    expect(chromiumLauncher(binary, [])).toBe(binary);
    const a = chromiumLauncher(binary, ['--a']);
    expect(chromiumLauncher(binary, ['--a'])).toBe(a);
    expect(chromiumLauncher(binary, ['--b'])).not.toBe(a);
    expect(chromiumLauncher(fakeBrowser('other'), ['--a'])).not.toBe(a);
    // A launcher removed meanwhile (a clean-up of the temp directory) is written again.
    rmSync(a);
    expect(chromiumLauncher(binary, ['--a'])).toBe(a);
    expect(execFileSync(a, ['x']).toString()).toBe('--a\nx\n');
  });
});

describe('the local backends', () => {
  it('composite in software where llvmpipe draws WebGL, and start renderers from the zygote everywhere', () => {
    const egl = chromiumFor('angle-egl');
    expect(egl.chromiumOptions.gl).toBe('angle-egl');
    expect(EXTRA_FLAGS['angle-egl']).toEqual(['--disable-gpu-compositing']);
    expect(DROPPED_FLAGS).toEqual(['--no-zygote']);
    const script = readFileSync(egl.browserExecutable, 'utf8');
    expect(script).toContain(`'${CHROMIUM.browserExecutable}' '--disable-gpu-compositing' "$@"`);
    for (const gl of ['angle', 'swangle', 'angle-egl'] as const) {
      const launcher = readFileSync(chromiumFor(gl).browserExecutable, 'utf8');
      expect(launcher, gl).toContain(`case "$a" in '--no-zygote')`);
      expect(launcher, gl).toContain(`exec '${CHROMIUM.browserExecutable}'`);
    }
    expect(chromiumFor(undefined).chromiumOptions.gl).toBe('angle');
  });
});
