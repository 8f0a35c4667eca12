import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MAX_STARVED_EXTENSION, withTimeout } from '../../../local/local-lambdas.ts';
import { BASELINE_REUSE_MS, processTree, runQueueWaits, starvationSince } from '../../../local/starvation.ts';

/** A /proc with these processes (pid → parent, and each thread's run-queue wait in ns). */
function fakeProc(processes: Record<number, { ppid: number; comm?: string; waits: Record<number, number> }>) {
  const root = mkdtempSync(path.join(tmpdir(), 'proc-'));
  const write = (pid: number, p: (typeof processes)[number]) => {
    mkdirSync(path.join(root, String(pid), 'task'), { recursive: true });
    writeFileSync(
      path.join(root, String(pid), 'stat'),
      `${pid} (${p.comm ?? 'node'}) S ${p.ppid} ${pid} 0 0`,
    );
    for (const [tid, wait] of Object.entries(p.waits)) {
      mkdirSync(path.join(root, String(pid), 'task', tid), { recursive: true });
      writeFileSync(path.join(root, String(pid), 'task', tid, 'schedstat'), `123456 ${wait} 7\n`);
    }
  };
  for (const [pid, p] of Object.entries(processes)) write(Number(pid), p);
  writeFileSync(path.join(root, 'loadavg'), '0.1 0.2 0.3 1/100 999\n'); // not a process
  return { root, write };
}

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
  vi.useRealTimers();
});

describe('starvation', () => {
  it('finds a process and everything below it, whatever its name holds', async () => {
    const { root } = fakeProc({
      10: { ppid: 1, waits: { 10: 0 } },
      11: { ppid: 10, comm: 'chrome (renderer) x', waits: { 11: 0 } },
      12: { ppid: 11, waits: { 12: 0 } },
      20: { ppid: 1, waits: { 20: 0 } },
    });
    roots.push(root);
    expect((await processTree(10, root)).sort()).toEqual([10, 11, 12]);
    expect(await processTree(20, root)).toEqual([20]);
  });

  it("reads each thread's run-queue wait, and reports the longest wait since the start", async () => {
    const { root, write } = fakeProc({
      10: { ppid: 1, waits: { 10: 5e9, 13: 1e9 } },
      11: { ppid: 10, waits: { 11: 2e9 } },
      30: { ppid: 1, waits: { 30: 9e9 } }, // another tree: not counted
    });
    roots.push(root);
    expect(await runQueueWaits(10, root)).toEqual(
      new Map([
        ['10/10', 5e9],
        ['10/13', 1e9],
        ['11/11', 2e9],
      ]),
    );
    const since = starvationSince(10, root);
    await since(); // the baseline is read
    write(10, { ppid: 1, waits: { 10: 5.5e9, 13: 4e9 } }); // 0.5 s and 3 s more
    write(12, { ppid: 11, waits: { 12: 1.5e9 } }); // a process started since: all of its wait counts
    write(30, { ppid: 1, waits: { 30: 99e9 } });
    expect(await since()).toBe(3000);
  });

  it(`lets steps that start within ${BASELINE_REUSE_MS} ms of one another share their starting reading`, async () => {
    const { root, write } = fakeProc({ 40: { ppid: 1, waits: { 40: 1e9 } } });
    roots.push(root);
    const first = starvationSince(40, root);
    await first();
    write(40, { ppid: 1, waits: { 40: 1.25e9 } });
    const second = starvationSince(40, root); // the same reading as the first: the 250 ms count for both
    expect([await first(), await second()]).toEqual([250, 250]);
  });

  it('reads 0 where the kernel keeps no statistics', async () => {
    expect(await starvationSince(10, path.join(tmpdir(), 'no-such-proc'))()).toBe(0);
  });
});

describe('withTimeout', () => {
  it('ends a step at its limit when it was not kept from the CPU', async () => {
    vi.useFakeTimers();
    const outcome = withTimeout(new Promise(() => {}), 2, () => 500).catch((e: Error) => e);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(await outcome).toMatchObject({ name: 'States.Timeout' });
  });

  it('gives back the time the step waited for a CPU, and ends it once it stops waiting', async () => {
    vi.useFakeTimers();
    let starved = 3_000;
    let ended = false;
    const outcome = withTimeout(new Promise(() => {}), 2, () => starved).catch((e: Error) => {
      ended = true;
      return e;
    });
    await vi.advanceTimersByTimeAsync(2_000);
    expect(ended).toBe(false);
    starved = 5_000; // it waited two seconds more in the three given back
    await vi.advanceTimersByTimeAsync(3_000);
    expect(ended).toBe(false);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(await outcome).toMatchObject({
      name: 'States.Timeout',
      message:
        'The step did not finish within 2 s of starting, and 5 s more for the time it waited for a CPU.',
    });
  });

  it(`stretches a limit at most ${MAX_STARVED_EXTENSION} times over, and lets a step that finishes go`, async () => {
    vi.useFakeTimers();
    let ended = false;
    void withTimeout(new Promise(() => {}), 1, () => 1e9).catch(() => {
      ended = true;
    });
    await vi.advanceTimersByTimeAsync(1_000 * (1 + MAX_STARVED_EXTENSION) - 1);
    expect(ended).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(ended).toBe(true);
    await expect(withTimeout(Promise.resolve('done'), 1, () => 1e9)).resolves.toBe('done');
  });
});
