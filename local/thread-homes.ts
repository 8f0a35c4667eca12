// Which worker thread (or bulk process) runs a workflow step, so that one organization's burst does not
// slow another's jobs.
//
// A step's synchronous work (indexing the gazetteer, compositing, encoding) blocks its thread's event loop
// for hundreds of milliseconds at a time: two organizations on one thread wait on each other's steps however
// fairly their jobs were admitted. So the threads come in two kinds. Organizations running few steps at
// once ("light") share the normal threads, at the steps' usual priority, each keeping the thread it was given
// (its home, with its warm caches) while it is active. An organization running HEAVY_STEPS or more steps at
// once, and for HEAVY_HOLD_MS after, is "heavy": its steps run on the bulk hosts, child processes whose every
// thread runs at the lowest priority (nice 19, worker-pool.ts), so on a busy machine the kernel gives a light
// organization's step the CPU first and the heavy one takes what is left. Heavy organizations share the bulk
// hosts, each step on the least busy. (The pool calls every host a thread here, whatever it runs in.)
// Work that follows jobs rather than running them (a batch of webhook deliveries, the execution-ended rule)
// goes where the organizations it follows go: to a bulk thread when every one of them is heavy (in a burst
// it is mostly the heavy organization's), else to a normal thread, for a light organization's final event
// must not wait at nice 19 behind whatever else the machine runs. It is not a step: it makes no
// organization heavy and gives none a home. Work of no organization at all (the sweepers) runs on the bulk
// threads.

import { isResendJobMessage, messageTenant, type WebhookMessage } from '../functions/core/webhooks/events.ts';

/** Steps running at once that make an organization heavy. */
export const HEAVY_STEPS = 3;
/** How long an organization stays heavy after it last had HEAVY_STEPS steps running. */
export const HEAVY_HOLD_MS = 15_000;
/** How long a light organization keeps its home thread after its last step. */
export const ACTIVE_MS = 30_000;

export type ThreadKind = 'normal' | 'bulk';

interface Thread {
  readonly kind: ThreadKind;
  /** Invocations running on this thread, all owners. */
  pending: number;
  /** When each light owner last started or finished a step here. */
  readonly lastUse: Map<string, number>;
}

export class ThreadHomes {
  private readonly threads: Thread[];
  /** Steps running per owner, over all threads. */
  private readonly running = new Map<string, number>();
  /** Until when each heavy owner stays heavy. */
  private readonly heavyUntil = new Map<string, number>();

  constructor(
    normal: number,
    bulk: number,
    private readonly now: () => number = () => performance.now(),
  ) {
    for (const [name, n] of [
      ['normal', normal],
      ['bulk', bulk],
    ] as const)
      if (!Number.isInteger(n) || n < 1) throw new Error(`${name} must be a positive integer, got ${n}`);
    this.threads = [
      ...Array.from({ length: normal }, () => ({ kind: 'normal' as const, pending: 0, lastUse: new Map() })),
      ...Array.from({ length: bulk }, () => ({ kind: 'bulk' as const, pending: 0, lastUse: new Map() })),
    ];
  }

  /** Each thread's kind, by index (the pool starts bulk threads at the lowest priority). */
  kinds(): ThreadKind[] {
    return this.threads.map((t) => t.kind);
  }

  /** Whether `owner`'s steps go to the bulk threads now. */
  isHeavy(owner: string): boolean {
    const until = this.heavyUntil.get(owner);
    if (until === undefined) return false;
    if (until > this.now() || (this.running.get(owner) ?? 0) >= HEAVY_STEPS) return true;
    this.heavyUntil.delete(owner);
    return false;
  }

  /** The thread for a step of `owner` ('' for no organization); counted as running until `finished`. */
  start(owner: string): number {
    const running = (this.running.get(owner) ?? 0) + 1;
    this.running.set(owner, running);
    if (owner !== '' && running >= HEAVY_STEPS) {
      this.heavyUntil.set(owner, this.now() + HEAVY_HOLD_MS);
      // No longer at home on a normal thread: the next light newcomer may have it.
      for (const thread of this.threads) thread.lastUse.delete(owner);
    }
    const index = this.choose(owner);
    const thread = this.threads[index]!;
    thread.pending += 1;
    if (thread.kind === 'normal' && owner !== '') thread.lastUse.set(owner, this.now());
    return index;
  }

  /**
   * The thread for work that follows the jobs of `owners` (none: work of no organization); counted as
   * running on it until `followed`, but not as a step of any of them.
   */
  follow(owners: readonly string[]): number {
    const light = owners.find((owner) => owner !== '' && !this.isHeavy(owner));
    const index = this.choose(light ?? '');
    this.threads[index]!.pending += 1;
    return index;
  }

  /** Work that `follow` placed on thread `index` has ended (or its thread died). */
  followed(index: number): void {
    const thread = this.threads[index]!;
    thread.pending = Math.max(0, thread.pending - 1);
  }

  /** A step that `start` placed on thread `index` has ended (or its thread died). */
  finished(index: number, owner: string): void {
    const running = (this.running.get(owner) ?? 0) - 1;
    if (running > 0) this.running.set(owner, running);
    else this.running.delete(owner);
    this.followed(index);
    const thread = this.threads[index]!;
    if (thread.lastUse.has(owner)) thread.lastUse.set(owner, this.now());
  }

  /** The light organizations whose home thread `index` is (a step there within ACTIVE_MS). */
  activeOn(index: number): string[] {
    const thread = this.threads[index]!;
    const since = this.now() - ACTIVE_MS;
    for (const [owner, at] of thread.lastUse) if (at < since) thread.lastUse.delete(owner);
    return [...thread.lastUse.keys()];
  }

  private choose(owner: string): number {
    const all = this.threads.map((thread, index) => ({ thread, index }));
    const leastBusy = (candidates: typeof all) =>
      candidates.reduce((a, b) => (b.thread.pending < a.thread.pending ? b : a)).index;
    if (owner === '' || this.isHeavy(owner)) return leastBusy(all.filter((t) => t.thread.kind === 'bulk'));
    const normal = all
      .filter((t) => t.thread.kind === 'normal')
      .map((t) => ({ ...t, active: this.activeOn(t.index) }));
    const home = normal.filter((t) => t.active.includes(owner));
    if (home.length > 0) return leastBusy(home);
    // A newcomer: the normal thread with the fewest active organizations, then the least busy of those.
    const fewest = Math.min(...normal.map((t) => t.active.length));
    return leastBusy(normal.filter((t) => t.active.length === fewest));
  }
}

/**
 * The organization and mode an event or message names: a step's job (a Task's event carries its `job`),
 * or a webhook queue message's owner as the delivery function reads it (its job, a ping's tenant, a range
 * resend's organization); '' when it names none.
 */
export function organizationOf(named: unknown): string {
  if (named === null || typeof named !== 'object') return '';
  if (isResendJobMessage(named)) return `${named.resend.org_id}#${named.resend.mode}`;
  try {
    const { orgId, mode } = messageTenant(named as WebhookMessage);
    return typeof orgId === 'string' ? `${orgId}#${String(mode)}` : '';
  } catch {
    return ''; // names neither a job nor a tenant
  }
}

/**
 * The organizations (and modes) whose jobs an invocation that is not a step follows: a batch of the webhook
 * queue's messages names each one's job, pinged tenant or resend (functions/core/webhooks/events.ts); a Step
 * Functions status change carries its execution's input, which names the job.
 */
export function followedOrganizations(event: unknown): string[] {
  const parsed = (text: unknown): unknown => {
    try {
      return typeof text === 'string' ? JSON.parse(text) : null;
    } catch {
      return null;
    }
  };
  const e = event as { Records?: { body?: unknown }[]; detail?: { input?: unknown } } | null;
  const named = Array.isArray(e?.Records)
    ? e.Records.map((record) => parsed(record?.body))
    : e?.detail
      ? [parsed(e.detail.input)]
      : [event];
  return [...new Set(named.map(organizationOf))].filter((o) => o !== '');
}
