// `npm run keys`: what the call asks for is checked before the stack is looked for, so a mistyped command
// or a missing --org is told as such (here with no local stack at all, which is said only after them).
import { execFile } from 'node:child_process';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const run = promisify(execFile);

async function keys(...args: string[]): Promise<{ code: number; stderr: string }> {
  const cli = ['--import', 'tsx', 'bin/keys.ts', ...args, '--data-dir', path.join(ROOT, '.no-such-stack')];
  try {
    await run(process.execPath, cli, { cwd: ROOT });
    return { code: 0, stderr: '' };
  } catch (error) {
    const { code, stderr } = error as { code: number; stderr: string };
    return { code, stderr };
  }
}

describe('npm run keys', () => {
  it('names a mistyped command and a missing --org before it looks for the stack', async () => {
    const [unknown, noOrg, noStack, moveKeys] = await Promise.all([
      keys('frobnicate', '--org', 'acme'),
      keys('list'),
      keys('list', '--org', 'acme'),
      keys('move-keys'),
    ]);
    expect(unknown).toMatchObject({ code: 1 });
    expect(unknown.stderr).toMatch(/^keys: Unknown command 'frobnicate'/);
    expect(noOrg.stderr).toMatch(/^keys: --org is required/);
    expect(noStack.stderr).toMatch(/^keys: No local stack found in .*\.no-such-stack/);
    // move-keys is over every organization: it asks for no --org.
    expect(moveKeys.stderr).toMatch(/^keys: No local stack found in .*\.no-such-stack/);
  });
});
