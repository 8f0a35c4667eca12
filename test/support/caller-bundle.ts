// The test fixture Remotion project (test/fixtures/caller-bundle) bundled into `workDir` and served over
// http://127.0.0.1:<port>/, as a caller of video export would host it.
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';

export interface ServedBundle {
  /** The bundle's root, ending in '/': its index.html is the serve URL. */
  readonly url: string;
  close(): void;
}

export async function serveCallerBundle(workDir: string): Promise<ServedBundle> {
  const { bundle } = await import('@remotion/bundler');
  const outDir = path.join(workDir, 'bundle');
  await bundle({
    entryPoint: path.resolve('test/fixtures/caller-bundle/index.ts'),
    outDir,
    enableCaching: true,
    publicPath: './',
  });
  const server = createServer(async (req, res) => {
    const url = (req.url ?? '/').split('?')[0]!;
    const file = path.join(outDir, url === '/' ? 'index.html' : path.normalize(url));
    try {
      res.end(await readFile(file));
    } catch {
      res.statusCode = 404;
      res.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, close: () => server.close() };
}
