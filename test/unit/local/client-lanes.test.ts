import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { ClientLanes, laneOf } from '../../../local/client-lanes.ts';

/** A piece of work that ends when the test says so, and records when it started. */
function gate(log: string[], name: string) {
  let open!: () => void;
  const done = new Promise<void>((resolve) => {
    open = resolve;
  });
  return {
    work: async () => {
      log.push(name);
      await done;
      return name;
    },
    open: () => open(),
  };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

const request = (method: string, headers: Record<string, string>, address = '10.0.0.1') =>
  ({ method, headers, socket: { remoteAddress: address } }) as unknown as IncomingMessage;

describe('ClientLanes', () => {
  it('runs at most perClient of one lane at once, the rest oldest first', async () => {
    const lanes = new ClientLanes(2);
    const started: string[] = [];
    const gates = ['a1', 'a2', 'a3', 'a4'].map((n) => gate(started, n));
    const results = gates.map((g) => lanes.run('a', g.work));
    await tick();
    expect(started).toEqual(['a1', 'a2']);
    expect(lanes.queued).toBe(2);
    gates[1]!.open();
    await tick();
    expect(started).toEqual(['a1', 'a2', 'a3']);
    for (const g of gates) g.open();
    expect(await Promise.all(results)).toEqual(['a1', 'a2', 'a3', 'a4']);
    expect(lanes.queued).toBe(0);
  });

  it("never holds one lane's request behind another lane's backlog", async () => {
    const lanes = new ClientLanes(1);
    const started: string[] = [];
    const backlog = Array.from({ length: 50 }, (_, i) => gate(started, `a${i}`));
    const pending = backlog.map((g) => lanes.run('a', g.work));
    const b = gate(started, 'b');
    const bDone = lanes.run('b', b.work);
    await tick();
    expect(started).toEqual(['a0', 'b']);
    b.open();
    await bDone;
    for (const g of backlog) g.open();
    await Promise.all(pending);
  });

  it('gives the slot back when the work fails', async () => {
    const lanes = new ClientLanes(1);
    await expect(lanes.run('a', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await lanes.run('a', async () => 'next')).toBe('next');
  });

  it('refuses a limit that is not a positive integer', () => {
    expect(() => new ClientLanes(0)).toThrow(/positive integer/);
    expect(() => new ClientLanes(1.5)).toThrow(/positive integer/);
  });
});

describe('laneOf', () => {
  it('queues writes per client and lets reads through', () => {
    const write = laneOf(request('POST', { 'x-api-key': 'pk_live_a' }));
    const other = laneOf(request('POST', { 'x-api-key': 'pk_live_b' }));
    expect(write).toBeDefined();
    expect(write).not.toBe(other);
    for (const method of ['PATCH', 'PUT', 'DELETE'])
      expect(laneOf(request(method, { 'x-api-key': 'pk_live_a' }))).toBe(write);
    for (const method of ['GET', 'HEAD', 'OPTIONS'])
      expect(laneOf(request(method, { 'x-api-key': 'pk_live_a' }))).toBeUndefined();
  });

  it('keeps a digest of the credential, not the credential', () => {
    const lane = laneOf(request('POST', { 'x-api-key': 'pk_live_secret_value' }));
    expect(lane).not.toContain('secret');
    expect(lane).toMatch(/^write:[A-Za-z0-9_-]{22}$/);
  });

  it('falls back to the Authorization header, the cookie, then the address', () => {
    const byAuth = laneOf(request('POST', { authorization: 'Bearer t' }));
    const byCookie = laneOf(request('POST', { cookie: 'session=s' }));
    const byAddress = laneOf(request('POST', {}, '10.0.0.2'));
    expect(new Set([byAuth, byCookie, byAddress]).size).toBe(3);
    expect(laneOf(request('POST', {}, '10.0.0.2'))).toBe(byAddress);
  });
});
