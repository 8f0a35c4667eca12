// The local stack's refusals to start say what to do: the API's port taken by another program is one,
// told apart from any other listen error, which stays as it was.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { listenRefusal, StartRefused } from '../../../local/start-refused.ts';

const listen = (server: Server, port: number) =>
  new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });

describe('listenRefusal', () => {
  it('turns a port in use into a StartRefused naming the port and another to use', async () => {
    const holder = createServer();
    await listen(holder, 0);
    const { port } = holder.address() as AddressInfo;
    try {
      const error = await listen(createServer(), port).then(
        () => undefined,
        (e: unknown) => e,
      );
      const refusal = listenRefusal(error, port);
      expect(refusal).toBeInstanceOf(StartRefused);
      expect((refusal as Error).message).toContain(`Port ${port} on 127.0.0.1 is in use`);
      expect((refusal as Error).message).toContain(`PORT=${port + 1} npm start`);
    } finally {
      holder.close();
    }
  });

  it('leaves any other error as it was', () => {
    const other = Object.assign(new Error('listen EACCES'), { code: 'EACCES' });
    expect(listenRefusal(other, 80)).toBe(other);
  });
});
