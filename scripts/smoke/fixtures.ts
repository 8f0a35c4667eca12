// Inputs the smoke's jobs fetch, made here and served from this process on loopback (no internet): a
// photo of an empty room (staging, the brochure) and the test fixture Remotion bundle (video export).
// Only the local stack may fetch loopback URLs; a deployed stage is given --image-url / --bundle-url.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { serveCallerBundle } from '../../test/support/caller-bundle.ts';
import { EMPTY_ROOMS, renderEmptyRoom } from '../../test/support/empty-room-photo.ts';

export interface ServedFixtures {
  readonly imageUrl: string;
  readonly bundleUrl: string | undefined;
  close(): void;
}

export async function serveFixtures(options: { bundle: boolean }): Promise<ServedFixtures> {
  const room = await renderEmptyRoom(EMPTY_ROOMS.find((r) => r.format === 'jpeg')!);
  const server: Server = createServer((req, res) => {
    if (req.url === '/empty-room.jpg')
      return void res
        .writeHead(200, { 'content-type': 'image/jpeg', 'content-length': room.image.length })
        .end(room.image);
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const imageUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/empty-room.jpg`;

  const work = mkdtempSync(path.join(tmpdir(), 'pms-smoke-'));
  const bundle = options.bundle ? await serveCallerBundle(work) : undefined;
  return {
    imageUrl,
    bundleUrl: bundle ? `${bundle.url}index.html` : undefined,
    close() {
      server.closeAllConnections();
      server.close();
      bundle?.close();
      rmSync(work, { recursive: true, force: true });
    },
  };
}
