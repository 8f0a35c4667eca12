// One local stack per data directory: its DynamoDB (LevelDB), queue and object stores each take a single
// writer. A second stack on the same directory used to die with a bare ECONNREFUSED when the first still
// held LevelDB's lock — typically a restart right after Ctrl-C, while the first was still closing.
import { readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { StartRefused } from './start-refused.ts';

export const DATA_DIR_CLAIM_FILE = 'stack.pid';

function alive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Claims `dataDir` for this process. A claim is the pid in DATA_DIR/stack.pid, good while that process
 * lives (it is never removed, so a stack that crashed leaves nothing to clean up). Waits up to `waitMs`
 * for a stack that is still stopping, then refuses with a message that says what to do.
 */
export async function claimDataDir(dataDir: string, waitMs = 15_000): Promise<void> {
  const file = path.join(dataDir, DATA_DIR_CLAIM_FILE);
  const deadline = Date.now() + waitMs;
  for (;;) {
    let holder = 0;
    try {
      holder = Number(readFileSync(file, 'utf8').trim());
    } catch {
      // No claim yet.
    }
    if (holder === process.pid || !alive(holder)) {
      writeFileSync(file, `${process.pid}\n`);
      return;
    }
    if (Date.now() > deadline) {
      throw new StartRefused(
        `Another local stack (pid ${holder}) is using ${dataDir}. Stop it first (Ctrl-C in its terminal, or kill ${holder}), or start this one with another DATA_DIR.`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
