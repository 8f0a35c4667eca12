// The local stack for the load benchmark: bin/local.ts in a process group of its own (so a crash can be
// simulated by SIGKILLing the whole group: Chromium and ffmpeg children included), on a fixed port (so
// clients keep their URL across a restart), optionally pinned to one core, its output appended to a log
// file; and the resident memory of its process tree read from /proc.
import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { LOCAL_UV_THREADPOOL_SIZE } from '../local/threadpool.ts';
import { attachToStack, PROJECT_ROOT, type StackHandle } from '../test/support/local-stack-process.ts';

export interface GroupStack {
  readonly pid: number;
  readonly handle: StackHandle;
  /** The stack's own start-up lines (recovered jobs among them). */
  readonly banner: string;
  /** SIGKILL to the whole process group (a crash); resolves once the group is gone. */
  kill(): Promise<void>;
  /** SIGTERM to the stack (its own shutdown), then SIGKILL to whatever of the group is left. */
  stop(): Promise<void>;
}

/**
 * After a stopped stack: its data (every job's media, up to a few GB) is removed, or kept when a target was
 * missed, for the stack's log in it, and its place printed.
 */
export function keepDataIfMissed(dataDir: string, missed: boolean): void {
  if (missed) console.log(`the stack's data and log: ${dataDir}`);
  else rmSync(dataDir, { recursive: true, force: true });
}

/** A port free on 127.0.0.1 right now. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const live = new Set<number>();
process.once('exit', () => {
  for (const pid of live) killGroup(pid, 'SIGKILL');
});

function killGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // already gone
  }
}

export async function startGroupStack(options: {
  readonly dataDir: string;
  readonly port: number;
  readonly logFile: string;
  readonly pinCore: boolean;
  readonly startTimeoutMs?: number;
}): Promise<GroupStack> {
  // As `npm start` runs it (package.json).
  const node = [process.execPath, '--experimental-async-context-frame', '--import', 'tsx', 'bin/local.ts'];
  const [command, ...args] = options.pinCore ? ['taskset', '-c', '0', ...node] : node;
  const child: ChildProcess = spawn(command!, args, {
    cwd: PROJECT_ROOT,
    detached: true, // its own process group, led by the stack (taskset execs it, so the pid is the stack's)
    env: {
      ...process.env,
      PORT: String(options.port),
      DATA_DIR: options.dataDir,
      LOCAL_STACK_QUIET: process.env.LOCAL_STACK_QUIET ?? 'true',
      UV_THREADPOOL_SIZE: process.env.UV_THREADPOOL_SIZE || LOCAL_UV_THREADPOOL_SIZE,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const pid = child.pid!;
  live.add(pid);
  const log = createWriteStream(options.logFile, { flags: 'a' });
  log.write(`\n=== stack started ${new Date().toISOString()} pid ${pid} ===\n`);
  let banner = '';
  let ready = false;
  const onData = (d: Buffer) => {
    log.write(d);
    if (!ready) banner += d.toString();
  };
  child.stdout!.on('data', onData);
  child.stderr!.on('data', onData);
  const exited = new Promise<void>((resolve) =>
    child.once('exit', (code, signal) => {
      log.write(`=== stack exited ${new Date().toISOString()} code ${code} signal ${signal} ===\n`);
      resolve();
    }),
  );
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      killGroup(pid, 'SIGKILL');
      reject(new Error(`local stack did not start in ${options.startTimeoutMs ?? 180_000} ms:\n${banner}`));
    }, options.startTimeoutMs ?? 180_000);
    const check = () => {
      if (!ready && /LOCAL_STACK_READY \S+/.test(banner)) {
        ready = true;
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', check);
    child.once('exit', (code) => {
      clearTimeout(timer);
      if (!ready) reject(new Error(`local stack exited with ${code}:\n${banner}`));
    });
  });
  const groupGone = async () => {
    await exited;
    for (let i = 0; i < 100 && processTree(pid).length > 0; i += 1) {
      await new Promise((r) => setTimeout(r, 100));
    }
    live.delete(pid);
  };
  return {
    pid,
    handle: attachToStack(options.dataDir),
    banner,
    async kill() {
      killGroup(pid, 'SIGKILL');
      await groupGone();
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      const timer = setTimeout(() => killGroup(pid, 'SIGKILL'), 30_000);
      await exited;
      clearTimeout(timer);
      killGroup(pid, 'SIGKILL'); // leftovers of the group, if any
      await groupGone();
    },
  };
}

interface ProcStat {
  readonly pid: number;
  readonly ppid: number;
  readonly pgrp: number;
}

function readStat(pid: number): ProcStat | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // pid (comm) state ppid pgrp …; comm may hold spaces and parentheses, so split after the last ')'.
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return { pid, ppid: Number(fields[1]), pgrp: Number(fields[2]) };
  } catch {
    return undefined;
  }
}

/** The stack's processes: its descendants and every member of its process group. */
function processTree(root: number): number[] {
  const stats = readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map((name) => readStat(Number(name)))
    .filter((s): s is ProcStat => s !== undefined);
  const children = new Map<number, number[]>();
  for (const s of stats) children.set(s.ppid, [...(children.get(s.ppid) ?? []), s.pid]);
  const found = new Set(stats.filter((s) => s.pid === root || s.pgrp === root).map((s) => s.pid));
  const queue = [...found];
  while (queue.length > 0) {
    for (const child of children.get(queue.pop()!) ?? []) {
      if (!found.has(child)) {
        found.add(child);
        queue.push(child);
      }
    }
  }
  return [...found];
}

/**
 * Memory of the stack's process tree: VmRSS summed (pages shared between processes, such as Chromium's,
 * count once per process) and Pss summed (shared pages split between their processes).
 */
export function treeMemory(root: number): { rss: number; pss: number; processes: number } {
  let rssKb = 0;
  let pssKb = 0;
  let processes = 0;
  for (const pid of processTree(root)) {
    try {
      const rss = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
      if (!rss) continue;
      rssKb += Number(rss[1]);
      processes += 1;
      const pss = /^Pss:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'));
      pssKb += Number(pss?.[1] ?? rss[1]);
    } catch {
      // exited meanwhile
    }
  }
  return { rss: rssKb * 1024, pss: pssKb * 1024, processes };
}
