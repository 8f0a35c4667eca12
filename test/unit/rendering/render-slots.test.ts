// The local render queue: first come, first served across renderer instances (worker threads) sharing a
// directory; a slot or ticket whose render went quiet or whose process ended is given back.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { localRenderSlots, RenderSlots } from '../../../functions/media/rendering/render-slots.ts';

const dir = () => mkdtempSync(path.join(tmpdir(), 'render-slots-'));

describe('render slots', () => {
  it('lets renders start in arrival order, at most `slots` at once', async () => {
    const shared = dir();
    // Two instances over one directory, as two worker threads have.
    const a = new RenderSlots({ dir: shared, slots: 2, staleAfterMs: 60_000 });
    const b = new RenderSlots({ dir: shared, slots: 2, staleAfterMs: 60_000 });
    for (const id of ['r1', 'r2', 'r3', 'r4']) {
      (id === 'r2' || id === 'r4' ? b : a).enqueue(id);
      await new Promise((r) => setTimeout(r, 2));
    }
    expect(a.tryAcquire('r3')).toBe(false); // two are ahead of it
    expect(a.ahead('r3')).toBe(2);
    expect(a.tryAcquire('r1')).toBe(true);
    expect(b.tryAcquire('r2')).toBe(true);
    expect(a.ahead('r3')).toBe(0);
    expect(a.tryAcquire('r3')).toBe(false); // both slots are held
    a.release('r1');
    expect(b.tryAcquire('r4')).toBe(false); // r3 came first
    expect(a.tryAcquire('r3')).toBe(true);
    b.release('r2');
    expect(b.tryAcquire('r4')).toBe(true);
    expect(a.ahead('r4')).toBe(-1);
  });

  it('gives back the slot of a render that went quiet (its record stopped moving)', () => {
    const shared = dir();
    const alive = new Set(['r1', 'r2']);
    const slots = new RenderSlots({
      dir: shared,
      slots: 1,
      staleAfterMs: 60_000,
      alive: (id) => alive.has(id),
    });
    slots.enqueue('r1');
    slots.enqueue('r2');
    expect(slots.tryAcquire('r1')).toBe(true);
    expect(slots.tryAcquire('r2')).toBe(false);
    alive.delete('r1');
    expect(slots.tryAcquire('r2')).toBe(true);
  });

  it('gives back the slots and tickets of a process that ended (a restart)', () => {
    const shared = dir();
    const slots = new RenderSlots({ dir: shared, slots: 1, staleAfterMs: 60_000 });
    // A pid no process has: the previous run of the stack.
    const gone = { renderId: 'old', pid: 2 ** 22 + 1 };
    writeFileSync(path.join(shared, 'slots', 'slot-0'), JSON.stringify(gone));
    writeFileSync(path.join(shared, 'queue', `${'1'.padStart(15, '0')}-old2`), JSON.stringify(gone));
    slots.enqueue('new');
    expect(slots.ahead('new')).toBe(0);
    expect(slots.tryAcquire('new')).toBe(true);
  });

  it('reads LOCAL_RENDER_CONCURRENCY, defaulting to one render per two cores', () => {
    expect(localRenderSlots(undefined, 2)).toBe(1);
    expect(localRenderSlots('', 8)).toBe(4);
    expect(localRenderSlots('3', 2)).toBe(3);
    expect(() => localRenderSlots('0', 2)).toThrow(/whole number >= 1, got '0'/);
    expect(() => localRenderSlots('1.5', 2)).toThrow(/LOCAL_RENDER_CONCURRENCY/);
  });
});
