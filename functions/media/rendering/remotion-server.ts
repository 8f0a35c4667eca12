// Where the servers Remotion starts during a local render listen: on loopback only, on a port the OS hands
// out, never the local API's.
import { type AddressInfo, createServer } from 'node:net';

/** The local API's default port (bin/local.ts): no render server may take it, even while it is free. */
const API_DEFAULT_PORT = 3000;
let remotionOnLoopback = false;

/**
 * The `port` option of a Remotion call that starts a server (renderMedia, renderStill, selectComposition,
 * getCompositions: each serves the bundle directory, or only its media proxy when the bundle is a URL).
 * Left alone, Remotion takes the first free port from 3000 (the API's, when the stack runs on another
 * one or has not bound it yet) and binds every interface ('::' or 0.0.0.0), so any machine on the network
 * could fetch our compositions and use the proxy. The port is one the OS hands out on 127.0.0.1; the
 * binding is no option of Remotion's, so its per-process port config (one cached object) is set to
 * loopback here, and a Remotion whose config cannot be set fails the render instead of binding widely.
 * Between the probe and Remotion's listen another process could take the port: Remotion then fails the
 * call ("not available") rather than bind elsewhere; that takes the OS handing the port it just freed to
 * another bind within that moment.
 */
export async function remotionServerOptions(): Promise<{ port: number }> {
  if (!remotionOnLoopback) {
    const { RenderInternals } = await import('@remotion/renderer');
    const config = RenderInternals.getPortConfig(false);
    config.host = '127.0.0.1';
    config.hostsToTry = ['127.0.0.1'];
    const pinned = RenderInternals.getPortConfig(true);
    if (pinned.host !== '127.0.0.1' || pinned.hostsToTry.join() !== '127.0.0.1')
      throw new Error('Remotion’s render server could not be bound to 127.0.0.1');
    remotionOnLoopback = true;
  }
  for (;;) {
    const port = await new Promise<number>((resolve, reject) => {
      const probe = createServer();
      probe.once('error', reject);
      probe.listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as AddressInfo;
        probe.close(() => resolve(port));
      });
    });
    if (port !== API_DEFAULT_PORT) return { port };
  }
}
