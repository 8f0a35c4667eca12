// What the start-up benchmarks share: whether a started stack answers, and stopping `npm start`'s whole
// process group (npm, its shells, the stack).
import type { ChildProcess } from 'node:child_process';

/** Whether the stack at `url` answers GET /v1/openapi.json (200). */
export async function answers(url: string): Promise<boolean> {
  try {
    return (await fetch(`${url}/v1/openapi.json`)).status === 200;
  } catch {
    return false;
  }
}

/**
 * Stops npm, its shells and the stack (one process group, the child started `detached`) and waits until
 * every one of them is gone; after `killAfterMs` what is left is killed.
 */
export async function stopGroup(child: ChildProcess, killAfterMs = 30_000): Promise<void> {
  const group = -child.pid!;
  try {
    process.kill(group, 'SIGTERM');
  } catch {
    return;
  }
  for (const until = Date.now() + killAfterMs; ; ) {
    try {
      process.kill(group, 0);
    } catch {
      return; // no process of the group is left
    }
    if (Date.now() > until) {
      process.kill(group, 'SIGKILL');
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
