// The Remotion site bundle over HTTP on loopback, one server per bundle directory per process, kept for
// the life of the process. Given a directory, each Remotion call (selectComposition, renderStill,
// renderMedia) starts a server of its own on a new port, so every page loads the bundle (several MB of
// JavaScript) from a new origin: nothing is cached and the scripts are compiled again for every still.
// From one origin, Chromium's HTTP cache and V8's code cache keep the bundle between renders: a warm 4K
// drone still takes about 0.3 s less (`npm run bench -- drone`). Served with sirv: GET and HEAD only, no
// directory listings, nothing outside the directory.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';
import sirv from 'sirv';
import { PromiseCache } from '../../core/promise-cache.ts';
import { bundleBuilt } from './bundle-building.ts';

const servers = new PromiseCache<string, { readonly server: Server; readonly url: string }>();

/**
 * The URL a render should load: an http(s) URL as it is; a bundle directory as the URL of this process's
 * loopback server for it, once the directory holds its bundle (a build still running there is waited
 * for: bundle-building.ts). The directory must not change while served (its files are listed once and
 * cached by the browser as immutable): the project's bundles are content-addressed directories
 * (lib/remotion/site-bundle.ts) that are never rewritten.
 */
export async function bundleUrl(serveUrl: string): Promise<string> {
  if (/^https?:\/\//i.test(serveUrl)) return serveUrl;
  const dir = path.resolve(serveUrl);
  await bundleBuilt(dir);
  return (await servers.get(dir, () => listen(dir))).url;
}

async function listen(dir: string): Promise<{ server: Server; url: string }> {
  const files = sirv(dir, { dev: false, etag: true, immutable: true, maxAge: 31_536_000, dotfiles: false });
  const server = createServer((request, response) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain' }).end('Method not allowed');
      return;
    }
    files(request, response, () => {
      response.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found');
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  server.unref(); // never what keeps a process (a script, a test worker) alive
  const { port } = server.address() as AddressInfo;
  return { server, url: `http://127.0.0.1:${port}/index.html` };
}

/** Stops every bundle server of this process (tests). */
export async function closeBundleServers(): Promise<void> {
  await Promise.all(
    servers.drain().map(async (serving) => {
      const { server } = await serving;
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }),
  );
}
