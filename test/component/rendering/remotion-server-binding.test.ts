// The HTTP servers Remotion starts for a local render (the bundle's site, and the media proxy it starts
// even for a bundle served elsewhere) listen on loopback only and never on port 3000, the API's default:
// left alone, Remotion takes the first free port from 3000 and binds every interface. Every listen() made
// while rendering is recorded, the port probes included.
import { mkdtempSync, rmSync } from 'node:fs';
import { type AddressInfo, Server } from 'node:net';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { LocalRenderer } from '../../../functions/media/rendering/local-renderer.ts';
import { LocalStillRenderer } from '../../../functions/media/rendering/local-still-renderer.ts';
import { type ServedBundle, serveCallerBundle } from '../../support/caller-bundle.ts';
import { fakeMediaStore } from '../../support/fakes.ts';

const work = mkdtempSync(path.join(tmpdir(), 'remotion-binding-'));
let served: ServedBundle | undefined;
const stills = new LocalStillRenderer({ serveUrl: path.join(work, 'bundle') });

beforeAll(async () => {
  served = await serveCallerBundle(work);
}, 120_000);

afterAll(async () => {
  await stills.close();
  served?.close();
  rmSync(work, { recursive: true, force: true });
});

/** The address of every server that started listening while `run` ran. */
async function listenedWhile(run: () => Promise<unknown>): Promise<AddressInfo[]> {
  const addresses: AddressInfo[] = [];
  const listen = Server.prototype.listen;
  vi.spyOn(Server.prototype, 'listen').mockImplementation(function (this: Server, ...args: unknown[]) {
    this.once('listening', () => addresses.push(this.address() as AddressInfo));
    return (listen as (...a: unknown[]) => Server).apply(this, args);
  });
  await run();
  return addresses;
}

afterEach(() => {
  vi.restoreAllMocks();
});

function expectLoopbackOnly(addresses: AddressInfo[]) {
  expect(addresses.length).toBeGreaterThan(0);
  for (const address of addresses) {
    expect(address.address, JSON.stringify(addresses)).toBe('127.0.0.1');
    expect(address.port, JSON.stringify(addresses)).not.toBe(3000);
  }
}

describe('the servers of a local render', () => {
  it('serve a still’s bundle directory on loopback, not on port 3000', async () => {
    let image: Buffer | undefined;
    const addresses = await listenedWhile(async () => {
      image = await stills.renderStill({ composition: 'Wide', inputProps: {}, format: 'png' });
    });
    expect(image?.subarray(1, 4).toString()).toBe('PNG');
    expectLoopbackOnly(addresses);
  }, 120_000);

  it('serve the media proxy of a bundle hosted elsewhere on loopback, not on port 3000', async () => {
    const renderer = new LocalRenderer({
      serveUrl: path.join(work, 'no-site'),
      workDir: path.join(work, 'renders'),
      media: fakeMediaStore(),
      maxConcurrentRenders: 1,
    });
    const addresses = await listenedWhile(() => renderer.composition(served!.url, 'Wide', {}));
    expectLoopbackOnly(addresses);
  }, 120_000);
});
