// The local gateway's own answers, on a one-route API built from a hand-written template: requests Node's
// HTTP server refuses or swallows before routing (no Host, an unknown Expect, CONNECT, a chunk that never
// ends, a transfer coding it does not understand) get the error envelope with a 4xx or 501, every JSON answer says nosniff, and idle keep-alive connections
// outlive the clients' idle reuse instead of Node's 5 s.
import { Agent, get } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ClientLanes } from '../../../local/client-lanes.ts';
import { LocalGateway } from '../../../local/local-gateway.ts';
import { LocalLambdas } from '../../../local/local-lambdas.ts';
import { type CfnTemplate, TemplateResolver } from '../../../local/synthesized-app.ts';

const template: CfnTemplate = {
  Resources: {
    Api: { Type: 'AWS::ApiGateway::RestApi' },
    Jobs: {
      Type: 'AWS::ApiGateway::Resource',
      Properties: { ParentId: { 'Fn::GetAtt': ['Api', 'RootResourceId'] }, PathPart: 'jobs' },
    },
    GetJobs: {
      Type: 'AWS::ApiGateway::Method',
      Properties: {
        HttpMethod: 'GET',
        ResourceId: { Ref: 'Jobs' },
        Integration: {
          Uri: 'arn:aws:apigateway:ap-southeast-2:lambda:path/2015-03-31/functions/arn:aws:lambda:ap-southeast-2:000000000000:function:ListJobs/invocations',
        },
      },
    },
    PostJobs: {
      Type: 'AWS::ApiGateway::Method',
      Properties: {
        HttpMethod: 'POST',
        ResourceId: { Ref: 'Jobs' },
        Integration: {
          Uri: 'arn:aws:apigateway:ap-southeast-2:lambda:path/2015-03-31/functions/arn:aws:lambda:ap-southeast-2:000000000000:function:ListJobs/invocations',
        },
      },
    },
  },
};

// The real resolver over made-up physical resources: a Ref is the logical id, every attribute 'root'.
const resolver = new TemplateResolver({ ref: (logicalId) => logicalId, attribute: () => 'root' });

/** The template's functions (none), every invocation answered 200 with an empty data object. */
class AnsweringLambdas extends LocalLambdas {
  readonly invoked: unknown[] = [];

  override async invoke(_logicalId: string, event: unknown): Promise<unknown> {
    this.invoked.push(event);
    return { statusCode: 200, headers: { 'Content-Type': 'application/json' }, body: '{"data":{}}' };
  }
}
const lambdas = new AnsweringLambdas(template, resolver);

const gateway = new LocalGateway(template, resolver, lambdas);
let port = 0;

beforeAll(async () => {
  port = await gateway.listen(0);
});

afterAll(async () => {
  await gateway.close();
});

interface RawResponse {
  readonly status: number;
  readonly head: string;
  readonly body: string;
  readonly ms: number;
}

/** Writes the bytes as given and reads until the server closes the connection (or 15 s pass). */
function raw(request: string): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.setTimeout(15_000, () => socket.destroy(new Error('no answer in 15 s')));
    socket.on('connect', () => socket.write(request));
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const split = text.indexOf('\r\n\r\n');
      resolve({
        status: Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0),
        head: split < 0 ? text : text.slice(0, split),
        body: split < 0 ? '' : text.slice(split + 4),
        ms: Date.now() - started,
      });
    });
  });
}

function expectEnvelope(response: RawResponse, status: number, code: string) {
  expect(response.status, `${response.head}\n${response.body}`).toBe(status);
  expect(response.head).toMatch(/\r\ncontent-type: application\/json/i);
  expect(response.head).toMatch(/\r\nx-content-type-options: nosniff/i);
  const body = JSON.parse(response.body) as { error: { code: string; message: string }; meta: object };
  expect(body.error.code).toBe(code);
  expect(body.error.message.length).toBeGreaterThan(10);
  expect(body.meta).toMatchObject({ request_id: expect.stringMatching(/^req_/) });
}

describe('the local gateway', () => {
  it('answers an HTTP/1.1 request without Host with a 400 envelope', async () => {
    const response = await raw('GET /jobs HTTP/1.1\r\nConnection: close\r\n\r\n');
    expectEnvelope(response, 400, 'BAD_REQUEST');
    expect(response.body).toContain('Host');
  });

  it('answers two Host headers with a 400 envelope', async () => {
    const response = await raw('GET /jobs HTTP/1.1\r\nHost: a\r\nHost: b\r\nConnection: close\r\n\r\n');
    expectEnvelope(response, 400, 'BAD_REQUEST');
  });

  it('answers an expectation it cannot meet with a 400 envelope', async () => {
    const response = await raw('GET /jobs HTTP/1.1\r\nHost: x\r\nExpect: foo\r\nConnection: close\r\n\r\n');
    expectEnvelope(response, 400, 'BAD_REQUEST');
    expect(response.body).toContain('100-continue');
  });

  it('answers a transfer coding other than chunked with a 501 envelope, and hands nothing to the handler', async () => {
    const before = lambdas.invoked.length;
    const response = await raw(
      'POST /jobs HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: gzip, chunked\r\nConnection: close\r\n\r\n2\r\n{}\r\n0\r\n\r\n',
    );
    expectEnvelope(response, 501, 'NOT_IMPLEMENTED');
    expect(response.body).toContain('gzip, chunked');
    expect(lambdas.invoked.length).toBe(before);
    // Chunked alone is understood as ever.
    const plain = await raw(
      'POST /jobs HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n2\r\n{}\r\n0\r\n\r\n',
    );
    expect(plain.status).toBe(200);
  });

  it('answers CONNECT with a 405 envelope naming the methods it takes', async () => {
    const response = await raw('CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n');
    expectEnvelope(response, 405, 'METHOD_NOT_ALLOWED');
    expect(response.head).toMatch(/\r\nallow: GET, POST/i);
  });

  it('answers a chunk that never ends (size ffffffffffffffff) instead of waiting for ever', async () => {
    const response = await raw(
      'POST /jobs HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nffffffffffffffff\r\n{"a":1}\r\n0\r\n\r\n',
    );
    expectEnvelope(response, 400, 'BAD_REQUEST');
    expect(response.head).toMatch(/\r\nconnection: close/i);
  }, 30_000);

  it('says nosniff on its own errors', async () => {
    const response = await raw('GET /nowhere HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    expectEnvelope(response, 403, 'BAD_REQUEST');
  });

  it('keeps an idle keep-alive connection well past 5 s (the default raced clients reusing it)', async () => {
    const agent = new Agent({ keepAlive: true });
    try {
      const keepAlive = await new Promise<string | undefined>((resolve, reject) => {
        get({ port, host: '127.0.0.1', path: '/jobs', agent }, (res) => {
          res.resume();
          resolve(String(res.headers['keep-alive']));
        }).on('error', reject);
      });
      expect(Number(/timeout=(\d+)/.exec(keepAlive ?? '')?.[1])).toBeGreaterThanOrEqual(60);
    } finally {
      agent.destroy();
    }
  });
});

describe('client lanes', () => {
  /** Every invocation waits until the test releases it; records the API key of each as it starts. */
  class HeldLambdas extends LocalLambdas {
    readonly started: string[] = [];
    private readonly releases: Array<() => void> = [];

    override async invoke(_logicalId: string, event: unknown): Promise<unknown> {
      const headers = (event as { headers: Record<string, string> }).headers;
      const key = Object.entries(headers).find(([name]) => name.toLowerCase() === 'x-api-key')?.[1];
      this.started.push(String(key));
      await new Promise<void>((resolve) => this.releases.push(resolve));
      return { statusCode: 200, headers: { 'Content-Type': 'application/json' }, body: '{"data":{}}' };
    }

    releaseAll(): void {
      for (const release of this.releases.splice(0)) release();
    }
  }

  it("queues one client's writes beyond its lane and starts another client's and every read at once", async () => {
    const held = new HeldLambdas(template, resolver);
    const laned = new LocalGateway(template, resolver, held, new ClientLanes(2));
    const lanedPort = await laned.listen(0);
    const send = (method: string, key: string) =>
      fetch(`http://127.0.0.1:${lanedPort}/jobs`, {
        method,
        headers: { 'X-API-Key': key, 'Content-Type': 'application/json', Connection: 'close' },
        body: method === 'POST' ? '{}' : undefined,
      });
    try {
      const burst = Array.from({ length: 6 }, () => send('POST', 'a'));
      await expect.poll(() => held.started.length).toBe(2);
      const other = send('POST', 'b');
      const reads = [send('GET', 'a'), send('GET', 'a')];
      await expect.poll(() => held.started.length).toBe(5);
      // A's two writes, B's write and A's two reads; A's other four writes wait.
      expect([...held.started].sort()).toEqual(['a', 'a', 'a', 'a', 'b']);
      // Released, A's queued writes start two at a time.
      held.releaseAll();
      await expect.poll(() => held.started.length).toBe(7);
      held.releaseAll();
      await expect.poll(() => held.started.length).toBe(9);
      held.releaseAll();
      const answers = await Promise.all([...burst, other, ...reads]);
      expect(answers.map((r) => r.status)).toEqual(Array(9).fill(200));
    } finally {
      held.releaseAll();
      await laned.close();
    }
  });
});

describe('binary media types', () => {
  it('hands a body over as the bytes sent (base64) when the API lists its type, as text otherwise', async () => {
    const api = template.Resources.Api!;
    const binaryTemplate: CfnTemplate = {
      Resources: { ...template.Resources, Api: { ...api, Properties: { BinaryMediaTypes: ['*/*'] } } },
    };
    const seen = new AnsweringLambdas(binaryTemplate, resolver);
    const binary = new LocalGateway(binaryTemplate, resolver, seen);
    const binaryPort = await binary.listen(0);
    // Not UTF-8: decoded as text, 0xFF would become U+FFFD and the handler could not tell.
    const bytes = Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0x22, 0x7d]);
    const post = (to: number) =>
      fetch(`http://127.0.0.1:${to}/jobs`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Connection: 'close' },
        body: bytes,
      });
    try {
      expect((await post(binaryPort)).status).toBe(200);
      const event = seen.invoked.at(-1) as { body: string; isBase64Encoded: boolean };
      expect(event.isBase64Encoded).toBe(true);
      expect(Buffer.from(event.body, 'base64')).toEqual(bytes);
      expect((await post(port)).status).toBe(200);
      const text = lambdas.invoked.at(-1) as { body: string; isBase64Encoded: boolean };
      expect(text.isBase64Encoded).toBe(false);
    } finally {
      await binary.close();
    }
  });
});
