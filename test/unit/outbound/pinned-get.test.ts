// The one pinned GET and the named outbound policies: refused addresses (on the first hop and on a
// redirect's), the connection pinned to the checked address, redirects never followed by the client and
// only as far as the policy allows, and the byte cap and the deadline.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PinnedGetError,
  type PinnedGetFailure,
  pinnedGet,
} from '../../../functions/core/outbound/pinned-get.ts';
import {
  type AddressLookup,
  checkUrlSyntax,
  customerImagePolicy,
  type OutboundPolicy,
  tilesPolicy,
  webhookDeliveryPolicy,
} from '../../../functions/core/outbound/url-policy.ts';

let server: Server;
let port: number;
let base: string;
const seen: Array<{ path: string; host: string | undefined; headers: IncomingHttpHeaders }> = [];

const local: OutboundPolicy = {
  ...customerImagePolicy({ allowHttp: true, allowLoopback: true }),
  timeoutMs: 1000,
  maxBytes: 1000,
};

async function failure(url: string, policy: OutboundPolicy = local): Promise<PinnedGetFailure> {
  const error = await pinnedGet(url, policy).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PinnedGetError);
  expect((error as PinnedGetError).url).toBe(url);
  return (error as PinnedGetError).failure;
}

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push({ path: req.url ?? '', host: req.headers.host, headers: req.headers });
    const path = req.url ?? '';
    if (path === '/ok') return res.end('hello');
    if (path === '/hop') return res.writeHead(302, { location: '/ok' }).end();
    if (path === '/loop') return res.writeHead(302, { location: '/loop' }).end();
    if (path === '/to-metadata')
      return res.writeHead(302, { location: 'http://169.254.169.254/latest' }).end();
    if (path === '/no-location') return res.writeHead(301).end();
    if (path === '/declared-big')
      return res.writeHead(200, { 'content-length': '5000' }).end('x'.repeat(5000));
    if (path === '/streamed-big') {
      res.writeHead(200);
      for (let i = 0; i < 20; i += 1) res.write('x'.repeat(100));
      return res.end();
    }
    // The answer 1.6 s late: eight times the test's deadline, so a deadline that fired late would see
    // it (timers of one process fire in order, whatever the load).
    if (path === '/slow') {
      const late = setTimeout(() => res.end('late'), 1600);
      res.on('close', () => clearTimeout(late));
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe('pinnedGet', () => {
  it('returns the body and its type', async () => {
    const response = await pinnedGet(`${base}/ok`, local, { headers: { accept: 'text/plain' } });
    expect(response.bytes.toString()).toBe('hello');
    expect(seen.at(-1)?.headers.accept).toBe('text/plain');
    expect(seen.at(-1)?.headers['user-agent']).toBe('property-media-service');
  });

  it('refuses private, link-local and metadata addresses before connecting', async () => {
    const cloud = { ...local, allowHttp: false, allowLoopback: false };
    for (const url of ['https://127.0.0.1/x', 'https://169.254.169.254/latest', 'https://[fd00:ec2::254]/']) {
      expect(await failure(url, cloud)).toMatchObject({ kind: 'refused', hop: 0 });
    }
    // A public-looking name that resolves to a private address is refused the same way.
    const lookup: AddressLookup = async () => [{ address: '10.0.0.7', family: 4 }];
    expect(await failure('https://photos.example.com/x', { ...cloud, lookup })).toMatchObject({
      kind: 'refused',
      reason: expect.stringMatching(/resolves to a private/),
    });
  });

  it('connects to the checked address and keeps the host name in the request', async () => {
    let asked = 0;
    // A rebinding resolver: the check gets loopback (allowed here), any later lookup a different host.
    const lookup: AddressLookup = async () => {
      asked += 1;
      return [{ address: asked === 1 ? '127.0.0.1' : '127.0.0.2', family: 4 }];
    };
    const response = await pinnedGet(`http://photos.example.com:${port}/ok`, { ...local, lookup });
    expect(response.bytes.toString()).toBe('hello');
    expect(asked).toBe(1);
    expect(seen.at(-1)?.host).toBe(`photos.example.com:${port}`);
  });

  it('follows a redirect by hand, checking the next hop, only as far as the policy allows', async () => {
    expect((await pinnedGet(`${base}/hop`, local)).bytes.toString()).toBe('hello');
    expect(await failure(`${base}/loop`)).toEqual({ kind: 'too-many-redirects', maxRedirects: 3 });
    expect(await failure(`${base}/to-metadata`)).toMatchObject({
      kind: 'refused',
      hop: 1,
      target: 'http://169.254.169.254/latest',
    });
    expect(await failure(`${base}/no-location`)).toEqual({ kind: 'redirect-without-location', status: 301 });
  });

  it('never follows a redirect under a policy that allows none', async () => {
    const before = seen.length;
    expect(await failure(`${base}/hop`, { ...local, maxRedirects: 0 })).toEqual({
      kind: 'too-many-redirects',
      maxRedirects: 0,
    });
    expect(seen.slice(before).map((r) => r.path)).toEqual(['/hop']);
  });

  it('fails on a status other than 200', async () => {
    expect(await failure(`${base}/missing`)).toEqual({ kind: 'status', status: 404 });
  });

  it('refuses a body over the byte cap, declared or streamed', async () => {
    expect(await failure(`${base}/declared-big`)).toEqual({
      kind: 'too-large',
      maxBytes: 1000,
      declared: 5000,
    });
    expect(await failure(`${base}/streamed-big`)).toEqual({ kind: 'too-large', maxBytes: 1000 });
  });

  it('gives up at the deadline, before the server answers', async () => {
    expect(await failure(`${base}/slow`, { ...local, timeoutMs: 200 })).toEqual({
      kind: 'timeout',
      timeoutMs: 200,
    });
  });

  it("stops the download with what the caller's chunk check throws", async () => {
    const stop = new Error('not wanted');
    const error = await pinnedGet(`${base}/ok`, local, {
      onChunk: () => {
        throw stop;
      },
    }).catch((e: unknown) => e);
    expect(error).toBe(stop);
  });
});

describe('named outbound policies', () => {
  const stage = { allowHttp: false, allowLoopback: false };

  it('give each use its own limits', () => {
    expect(webhookDeliveryPolicy(stage)).toMatchObject({ timeoutMs: 10_000, maxRedirects: 0 });
    expect(customerImagePolicy(stage)).toMatchObject({
      timeoutMs: 20_000,
      maxBytes: 20 * 1024 * 1024,
      maxRedirects: 3,
    });
    expect(tilesPolicy(stage)).toMatchObject({
      timeoutMs: 20_000,
      maxBytes: 32 * 1024 * 1024,
      maxRedirects: 3,
    });
  });

  it("word a URL with credentials for their use, and carry the stage's rules", () => {
    const reason = (policy: OutboundPolicy) => {
      const check = checkUrlSyntax('https://user:pw@example.com/x', policy);
      return check.ok ? '' : check.reason;
    };
    expect(reason(webhookDeliveryPolicy(stage))).toMatch(/username or password; .*webhook signature/);
    expect(reason(customerImagePolicy(stage))).toMatch(/username or password; images .*without credentials/);
    expect(customerImagePolicy({ allowHttp: true, allowLoopback: true })).toMatchObject({
      allowHttp: true,
      allowLoopback: true,
    });
  });
});
