// The local stack's step hosts: light organizations' steps run on worker threads of the stack's process at
// the normal priority, heavy organizations' steps and work of no organization in a child process whose
// every thread runs at the bulk priority (so sharp's pool threads and the garbage collector yield too). A
// host that dies answers its invocations with an error and is replaced; a bulk host does not outlive the
// stack. The handlers are test/fixtures/local-pool/handlers.mjs.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { HEAVY_STEPS } from '../../../local/thread-homes.ts';
import { WorkerPool } from '../../../local/worker-pool.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const linux = process.platform === 'linux';

interface Where {
  readonly pid: number;
  readonly threadNice: number | null;
  readonly processNices: number[] | null;
}

const pool = new WorkerPool(1, 1, { normal: 0, bulk: 19 });
afterAll(() => pool.close());

function invoke(exportName: string, owner: string, event: unknown = {}) {
  return pool.run(
    {
      module: 'test/fixtures/local-pool/handlers.mjs',
      exportName,
      projectRoot: ROOT,
      event,
      context: { functionName: exportName, awsRequestId: 'req', deadline: Date.now() + 60_000 },
    },
    owner,
  );
}

async function where(owner: string, event: unknown = {}): Promise<Where> {
  const reply = await invoke('where', owner, event);
  if (!reply.ok) throw new Error(`${reply.name}: ${reply.message}`);
  return reply.result as Where;
}

describe('WorkerPool', { timeout: 60_000 }, () => {
  it("runs a light organization's step on a thread of this process at the normal priority", async () => {
    const here = await where('org-light#test');
    expect(here.pid).toBe(process.pid);
    if (linux) expect(here.threadNice).toBe(0);
  });

  it("runs a heavy organization's steps in another process, every thread of it at nice 19", async () => {
    const steps = await Promise.all(
      Array.from({ length: HEAVY_STEPS + 1 }, () => where('org-heavy#test', { sleepMs: 300 })),
    );
    const elsewhere = steps.filter((step) => step.pid !== process.pid);
    expect(elsewhere.length).toBeGreaterThanOrEqual(2);
    if (linux)
      for (const step of elsewhere) {
        expect(step.threadNice).toBe(19);
        expect(step.processNices!.length).toBeGreaterThan(4);
        expect(new Set(step.processNices)).toEqual(new Set([19]));
      }
    // Held heavy for a while: its next step, alone, still goes to the bulk process.
    expect((await where('org-heavy#test')).pid).toBe(elsewhere[0]!.pid);
  });

  it('runs work of no organization (deliveries, sweepers) in the bulk process', async () => {
    const bulk = await where('');
    expect(bulk.pid).not.toBe(process.pid);
  });

  it('answers the invocations of a bulk host that died with an error, and replaces the host', async () => {
    const before = await where('');
    const died = await invoke('exit', '');
    expect(died).toMatchObject({ ok: false, message: 'worker exited with code 7' });
    const after = await where('');
    expect(after.pid).not.toBe(before.pid);
    expect(after.pid).not.toBe(process.pid);
    if (linux) expect(new Set(after.processNices)).toEqual(new Set([19]));
  });

  it.runIf(linux)('ends the bulk host when the stack is killed', async () => {
    const parent = spawn(process.execPath, ['--import', 'tsx', 'test/fixtures/local-pool/parent.ts'], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const line = await new Promise<string>((resolve, reject) => {
      let out = '';
      parent.stdout.on('data', (chunk: Buffer) => {
        out += chunk;
        if (out.includes('\n')) resolve(out.slice(0, out.indexOf('\n')));
      });
      parent.on('exit', (code) => reject(new Error(`the parent exited with ${code} before answering`)));
    });
    const host = (JSON.parse(line) as Where).pid;
    expect(host).not.toBe(parent.pid);
    expect(alive(host)).toBe(true);
    parent.kill('SIGKILL');
    const deadline = Date.now() + 10_000;
    while (alive(host) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(alive(host)).toBe(false);
  });
});

describe('WorkerPool.close', { timeout: 60_000 }, () => {
  it('settles once its hosts have ended, though the hosts keep nothing alive', async () => {
    const parent = spawn(
      process.execPath,
      ['--import', 'tsx', 'test/fixtures/local-pool/parent.ts', 'close'],
      {
        cwd: ROOT,
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    let out = '';
    parent.stdout.on('data', (chunk: Buffer) => {
      out += chunk;
    });
    const code = await new Promise<number | null>((resolve) => parent.on('exit', resolve));
    // 13: Node's exit code for a top-level await that never settled.
    expect({ code, closed: out.trim().endsWith('closed') }).toEqual({ code: 0, closed: true });
  });
});

/** Whether a process runs (a zombie, dead and not yet reaped, does not). */
function alive(pid: number): boolean {
  const stat = `/proc/${pid}/stat`;
  if (!existsSync(stat)) return false;
  try {
    const text = readFileSync(stat, 'utf8');
    return text[text.lastIndexOf(')') + 2] !== 'Z';
  } catch {
    return false;
  }
}
