// A first-come, first-served queue of local renders, kept in files under the local render directory so
// that every worker thread of the local stack (each with its own LocalRenderer) shares it, and so that a
// restart finds it consistent: a ticket or slot whose owner process has ended, or whose render stopped
// heart-beating, is cleared by whoever looks next. Each render takes a ticket, waits until it is among
// the first `slots` tickets and a slot file can be created exclusively, then gives the ticket back.
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import * as path from 'node:path';

export interface RenderSlotsOptions {
  readonly dir: string;
  /** Renders allowed at once. */
  readonly slots: number;
  /** A ticket or slot whose owner has not beaten for this long is abandoned. */
  readonly staleAfterMs: number;
  /** Is this render still alive? (its record is fresh); default: the ticket's own heartbeat. */
  readonly alive?: (renderId: string) => boolean;
}

interface Owner {
  readonly renderId: string;
  readonly pid: number;
}

function processAlive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export class RenderSlots {
  private readonly ticketDir: string;
  private readonly slotDir: string;

  constructor(private readonly options: RenderSlotsOptions) {
    if (!(Number.isInteger(options.slots) && options.slots >= 1))
      throw new Error(`render slots must be a whole number >= 1, got ${options.slots}`);
    this.ticketDir = path.join(options.dir, 'queue');
    this.slotDir = path.join(options.dir, 'slots');
    mkdirSync(this.ticketDir, { recursive: true });
    mkdirSync(this.slotDir, { recursive: true });
  }

  /** Joins the queue; the ticket name sorts by arrival. */
  enqueue(renderId: string): void {
    const name = `${Date.now().toString().padStart(15, '0')}-${renderId}`;
    // Written aside and renamed into the queue, so no other thread reads a half-written ticket.
    const aside = path.join(this.options.dir, `${name}.tmp`);
    writeFileSync(aside, JSON.stringify({ renderId, pid: process.pid }));
    renameSync(aside, path.join(this.ticketDir, name));
  }

  /** Renders ahead of this one in the queue (0: next in line), or -1 when it holds no ticket. */
  ahead(renderId: string): number {
    return this.tickets().findIndex((t) => t.endsWith(`-${renderId}`));
  }

  /**
   * Takes a slot when this render's turn has come: it is among the first (free slots) tickets and a
   * slot file could be created. Returns false when it must keep waiting.
   */
  tryAcquire(renderId: string): boolean {
    const tickets = this.tickets();
    const position = tickets.findIndex((t) => t.endsWith(`-${renderId}`));
    if (position < 0) throw new Error(`render ${renderId} holds no ticket`);
    const held = this.heldSlots();
    if (position >= this.options.slots - held.length) return false;
    for (let slot = 0; slot < this.options.slots; slot += 1) {
      try {
        writeFileSync(this.slotFile(slot), JSON.stringify({ renderId, pid: process.pid }), { flag: 'wx' });
      } catch {
        continue;
      }
      rmSync(path.join(this.ticketDir, tickets[position]!), { force: true });
      return true;
    }
    return false;
  }

  /** Gives up a slot (or a ticket, for a render that failed while waiting). */
  release(renderId: string): void {
    for (const slot of this.slotFiles()) {
      if (this.owner(path.join(this.slotDir, slot))?.renderId === renderId)
        rmSync(path.join(this.slotDir, slot), { force: true });
    }
    for (const ticket of this.tickets().filter((t) => t.endsWith(`-${renderId}`)))
      rmSync(path.join(this.ticketDir, ticket), { force: true });
  }

  /** Live tickets in arrival order; abandoned ones are removed on the way. */
  private tickets(): string[] {
    return readdirSync(this.ticketDir)
      .sort()
      .filter((name) => !this.clearIfAbandoned(path.join(this.ticketDir, name)));
  }

  private heldSlots(): string[] {
    return this.slotFiles().filter((name) => !this.clearIfAbandoned(path.join(this.slotDir, name)));
  }

  private slotFiles(): string[] {
    return existsSync(this.slotDir) ? readdirSync(this.slotDir) : [];
  }

  private slotFile(slot: number): string {
    return path.join(this.slotDir, `slot-${slot}`);
  }

  private owner(file: string): Owner | undefined {
    try {
      return JSON.parse(readFileSync(file, 'utf8')) as Owner;
    } catch {
      return undefined;
    }
  }

  /** Removes a ticket or slot whose process ended or whose render went quiet; true when removed. */
  private clearIfAbandoned(file: string): boolean {
    const owner = this.owner(file);
    let abandoned: boolean;
    if (!owner) {
      // Half-written by a racing writer: abandoned only once it is old.
      abandoned = this.age(file) > this.options.staleAfterMs;
    } else if (!processAlive(owner.pid)) {
      abandoned = true;
    } else {
      abandoned = this.options.alive ? !this.options.alive(owner.renderId) : false;
    }
    if (abandoned) rmSync(file, { force: true });
    return abandoned;
  }

  private age(file: string): number {
    try {
      return Date.now() - statSync(file).mtimeMs;
    } catch {
      return 0;
    }
  }
}

/** Renders at once on this machine: LOCAL_RENDER_CONCURRENCY, default one per two cores. */
export function localRenderSlots(raw: string | undefined, cores: number): number {
  if (raw === undefined || raw === '') return Math.max(1, Math.floor(cores / 2));
  const slots = Number(raw);
  if (!(Number.isInteger(slots) && slots >= 1))
    throw new Error(`LOCAL_RENDER_CONCURRENCY must be a whole number >= 1, got '${raw}'`);
  return slots;
}

/** As LocalRenderer: a queued or running render whose record is older than this has died. */
const STALE_AFTER_MS = 60_000;

/** The local render queue in `dir`, judging a render alive as LocalRenderer does (a fresh record). */
export function localRenderQueue(dir: string, slotCount: number): { slots: RenderSlots; dir: string } {
  const slots = new RenderSlots({
    dir,
    slots: slotCount,
    staleAfterMs: STALE_AFTER_MS,
    alive: (renderId) => {
      try {
        const record = JSON.parse(readFileSync(path.join(dir, `${renderId}.json`), 'utf8')) as {
          state?: string;
          updatedAt?: number;
        };
        return (
          (record.state === 'queued' || record.state === 'rendering') &&
          Date.now() - (record.updatedAt ?? 0) <= STALE_AFTER_MS
        );
      } catch {
        return false;
      }
    },
  });
  return { slots, dir };
}
