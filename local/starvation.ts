// How long a process and everything it started waited for a CPU they were ready to use, from Linux's
// per-thread scheduler statistics (/proc/<pid>/task/<tid>/schedstat: time on a CPU, time runnable on a run
// queue, slices). The local stack gives this time back to a Task's time limit when the step runs in the
// bulk process (worker-pool.ts): that process and the Chromium it starts run at nice 19, so on a machine
// whose cores other processes keep busy a step gets almost no CPU, and a limit made for a Lambda with a CPU
// of its own would end it STEP_TIMED_OUT while it waits its turn.
import { readdir, readFile } from 'node:fs/promises';

/** The process ids at and below `root` (its children, theirs, …), from each process's parent in /proc. */
export async function processTree(root: number, proc = '/proc'): Promise<number[]> {
  const children = new Map<number, number[]>();
  const pids = (await readdir(proc)).filter((name) => /^\d+$/.test(name));
  const stats = await Promise.all(pids.map((pid) => readOrEmpty(`${proc}/${pid}/stat`)));
  for (const [i, stat] of stats.entries()) {
    // "pid (comm) state ppid …": comm may hold spaces and parentheses, so read after the last ')'.
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    if (!Number.isInteger(ppid) || stat === '') continue;
    const siblings = children.get(ppid) ?? [];
    siblings.push(Number(pids[i]));
    children.set(ppid, siblings);
  }
  const tree: number[] = [];
  for (const queue = [root]; queue.length > 0; ) {
    const pid = queue.shift()!;
    tree.push(pid);
    queue.push(...(children.get(pid) ?? []));
  }
  return tree;
}

/** Each thread's time runnable but not running so far (ns), by "pid/tid", over `root`'s process tree. */
export async function runQueueWaits(root: number, proc = '/proc'): Promise<Map<string, number>> {
  const threads = (
    await Promise.all(
      (
        await processTree(root, proc)
      ).map(async (pid) =>
        // A process that has ended since has no threads to read.
        (await readdir(`${proc}/${pid}/task`).catch(() => [])).map((tid) => `${pid}/${tid}`),
      ),
    )
  ).flat();
  const stats = await Promise.all(
    threads.map((id) => readOrEmpty(`${proc}/${id.replace('/', '/task/')}/schedstat`)),
  );
  const waits = new Map<string, number>();
  for (const [i, stat] of stats.entries()) {
    const wait = Number(stat.split(' ')[1]);
    if (stat !== '' && Number.isFinite(wait)) waits.set(threads[i]!, wait);
  }
  return waits;
}

/**
 * A reading of how long, since this call, the thread of `root`'s tree that waited longest for a CPU
 * waited (ms). The longest single wait, not the sum: threads wait side by side, and a step is held up at
 * least as long as the thread it waits on. 0 where the kernel keeps no such statistics.
 */
export function starvationSince(root: number, proc = '/proc'): () => Promise<number> {
  const read = () => runQueueWaits(root, proc).catch(() => new Map<string, number>());
  // A reading scans every process's parent and the tree's threads (38 ms of CPU for all 109 processes and
  // 420 threads of a machine running the test suite): steps that start within BASELINE_REUSE_MS of one
  // another share their starting reading, so a step may be given back up to that much waiting done just
  // before it began.
  const key = `${proc}:${root}`;
  const recent = baselines.get(key);
  const before = recent && performance.now() - recent.at < BASELINE_REUSE_MS ? recent.reading : read();
  if (before !== recent?.reading) baselines.set(key, { at: performance.now(), reading: before });
  return async () => {
    const [then, now] = await Promise.all([before, read()]);
    let most = 0;
    for (const [id, wait] of now) most = Math.max(most, wait - (then.get(id) ?? 0));
    return most / 1e6;
  };
}

/** How long a starting reading of a process tree serves the steps that start after it. */
export const BASELINE_REUSE_MS = 2_000;
const baselines = new Map<string, { readonly at: number; readonly reading: Promise<Map<string, number>> }>();

function readOrEmpty(file: string): Promise<string> {
  return readFile(file, 'utf8').catch(() => '');
}
