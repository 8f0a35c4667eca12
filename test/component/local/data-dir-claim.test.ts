// One local stack per data directory: a live holder is waited for, then refused with what to do; a
// claim whose process is gone (a crash) is taken over.
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { claimDataDir, DATA_DIR_CLAIM_FILE } from '../../../local/data-dir-claim.ts';
import { tempDirs } from '../../support/temp-dirs.ts';

const dataDir = tempDirs('pms-claim-');
const claimOf = (dir: string) => readFileSync(path.join(dir, DATA_DIR_CLAIM_FILE), 'utf8').trim();

describe('claimDataDir', () => {
  it('claims a new directory, and again for the same process', async () => {
    const dir = dataDir();
    await claimDataDir(dir);
    await claimDataDir(dir);
    expect(claimOf(dir)).toBe(String(process.pid));
  });

  it('takes over the claim of a process that is gone', async () => {
    const dir = dataDir();
    const gone = spawn(process.execPath, ['-e', '']);
    await new Promise((resolve) => gone.once('exit', resolve));
    writeFileSync(path.join(dir, DATA_DIR_CLAIM_FILE), `${gone.pid}\n`);
    await claimDataDir(dir);
    expect(claimOf(dir)).toBe(String(process.pid));
  });

  it('waits for a live holder that stops, and refuses one that does not, saying what to do', async () => {
    const dir = dataDir();
    const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
    writeFileSync(path.join(dir, DATA_DIR_CLAIM_FILE), `${holder.pid}\n`);
    await expect(claimDataDir(dir, 300)).rejects.toThrow(
      new RegExp(`Another local stack \\(pid ${holder.pid}\\) is using .*another DATA_DIR`),
    );
    const claimed = claimDataDir(dir, 10_000);
    setTimeout(() => holder.kill('SIGTERM'), 200);
    await claimed;
    expect(claimOf(dir)).toBe(String(process.pid));
  });
});
