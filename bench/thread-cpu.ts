// CPU time of each thread of this process, from Linux's /proc/self/task: which thread a series keeps busy,
// and so which one bounds its rate. Elsewhere (no /proc) nothing is measured and nothing printed.
import { existsSync, readdirSync, readFileSync, readlinkSync } from 'node:fs';

/** Clock ticks a second in /proc's figures (USER_HZ, 100 on Linux's every architecture). */
const TICKS_PER_SECOND = 100;

/** Each thread's CPU ticks (user + system), by thread id; undefined without /proc. */
export type ThreadTicks = ReadonlyMap<string, number>;

export function threadTicks(): ThreadTicks | undefined {
  if (!existsSync('/proc/self/task')) return undefined;
  const ticks = new Map<string, number>();
  for (const tid of readdirSync('/proc/self/task')) {
    try {
      const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
      // After the command name (in parentheses, which may hold spaces): utime and stime are fields 12 and 13.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks.set(tid, Number(fields[11]) + Number(fields[12]));
    } catch {
      // the thread ended meanwhile
    }
  }
  return ticks;
}

/** The calling thread's id (a worker's own), or undefined without /proc. */
export function ownThreadId(): string | undefined {
  try {
    return readlinkSync('/proc/thread-self').split('/').pop();
  } catch {
    return undefined;
  }
}

/** A series' CPU per request (µs), by the role of the thread. */
export interface CpuByThread {
  /** This process's main thread: the API's in an API series, the SDK's in a raw one. */
  readonly main: number;
  /** Of the main thread's time, the share it was busy while the series ran. */
  readonly mainBusy: number;
  /** The busiest other thread: the storage emulator's worker (dynalite). */
  readonly emulator: number;
  /** The bench's HTTP client, a worker thread (API series only). */
  readonly client: number;
  /** Every other thread: V8's helpers (garbage collection, compilation) and libuv's pool. */
  readonly others: number;
  readonly all: number;
}

export function cpuByThread(
  before: ThreadTicks,
  after: ThreadTicks,
  requests: number,
  seconds: number,
  clientTid?: string,
): CpuByThread {
  const perRequest = (ticks: number) => (ticks / TICKS_PER_SECOND / requests) * 1e6;
  const main = String(process.pid);
  const spent = [...after].map(([tid, t]) => [tid, t - (before.get(tid) ?? 0)] as const);
  const of = (tid: string | undefined) => spent.find(([id]) => id === tid)?.[1] ?? 0;
  const rest = spent.filter(([tid]) => tid !== main && tid !== clientTid).sort((a, b) => b[1] - a[1]);
  const emulator = rest[0]?.[1] ?? 0;
  const all = spent.reduce((sum, [, t]) => sum + t, 0);
  return {
    main: perRequest(of(main)),
    mainBusy: of(main) / TICKS_PER_SECOND / seconds,
    emulator: perRequest(emulator),
    client: perRequest(of(clientTid)),
    others: perRequest(all - of(main) - emulator - of(clientTid)),
    all: perRequest(all),
  };
}
