// API Gateway (REST, Lambda proxy) on loopback, built from the synthesized template: the resource tree,
// methods and Lambda integrations are read from it, so local routing is the deployed routing. Requests
// become APIGatewayProxyEvents for the in-process handlers.
import { randomUUID } from 'node:crypto';
import {
  createServer,
  type IncomingMessage,
  type Server,
  type ServerResponse,
  STATUS_CODES,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import { requestId as requestIdOf } from '../functions/core/ids.ts';
import { type ClientLanes, laneOf } from './client-lanes.ts';
import { IDLE_CONNECTION_TIMEOUTS } from './emulators.ts';
import type { LocalLambdas } from './local-lambdas.ts';
import { logicalIdOfArn } from './local-resources.ts';
import { type CfnTemplate, resourcesOfType, type TemplateResolver } from './synthesized-app.ts';

/** API Gateway's own limit on a request payload. */
const MAX_PAYLOAD_BYTES = 10 * 1024 * 1024;
/** How much of an oversized body is read and dropped before the connection is cut instead. */
const MAX_DRAIN_BYTES = 64 * 1024 * 1024;
const DRAIN_IDLE_MS = 1000;
/**
 * A body that stops arriving before its end is answered after this long. Nothing else would answer it: a
 * chunk size of ffffffffffffffff is valid HTTP, so the parser waits for that many bytes.
 */
const BODY_IDLE_MS = 10_000;

/**
 * A request refused before routing; answered 400 in the error envelope. `closeConnection` when the rest
 * of the request cannot be read past (its body is not read, or never ends): the connection is closed
 * after the answer instead of waiting for the next request on it.
 */
class RequestRefused extends Error {
  constructor(
    message: string,
    readonly closeConnection = false,
  ) {
    super(message);
  }
}

/** An answer after which the connection is closed. */
function closing(result: APIGatewayProxyResult): APIGatewayProxyResult {
  return { ...result, headers: { ...result.headers, Connection: 'close' } };
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw new RequestRefused(`The path segment '${segment}' is not valid percent-encoding (RFC 3986).`);
  }
}

/**
 * Path and query of a request target without WHATWG URL resolution: "//[" is a path here, not a host,
 * and an absolute-form target ("http://host/p") must itself be a valid URL.
 */
function parseTarget(raw: string): { path: string; query: URLSearchParams } {
  let target = raw;
  if (!target.startsWith('/')) {
    try {
      const url = new URL(target);
      target = `${url.pathname}${url.search}`;
    } catch {
      throw new RequestRefused('The request target is not a valid path or absolute URL.');
    }
  }
  const q = target.indexOf('?');
  const path = q < 0 ? target : target.slice(0, q);
  const query = new URLSearchParams(q < 0 ? '' : target.slice(q + 1));
  return { path, query };
}

const NO_BODY = Buffer.alloc(0);

/**
 * The request body, or 'too-large' past API Gateway's limit (the stream is left open: the caller still
 * answers on this connection). Not `for await`: leaving that loop early destroys the socket.
 */
function readBody(req: IncomingMessage): Promise<Buffer | 'too-large'> | Buffer {
  // Neither Content-Length nor Transfer-Encoding: no body (RFC 9112 §6.3), as on most GETs. Node reads the
  // (empty) rest of the request itself.
  if (req.headers['content-length'] === undefined && req.headers['transfer-encoding'] === undefined)
    return NO_BODY;
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const stop = () => {
      clearTimeout(idle);
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
    };
    const stalled = () => {
      stop();
      reject(
        new RequestRefused(
          `The request body stopped arriving before its end (nothing for ${BODY_IDLE_MS / 1000} s): send the whole body, and a chunk size no larger than the chunk.`,
          true,
        ),
      );
    };
    let idle = setTimeout(stalled, BODY_IDLE_MS);
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      clearTimeout(idle);
      idle = setTimeout(stalled, BODY_IDLE_MS);
      if (size <= MAX_PAYLOAD_BYTES) {
        chunks.push(chunk);
        return;
      }
      stop();
      resolve('too-large');
    };
    const onEnd = () => {
      clearTimeout(idle);
      resolve(Buffer.concat(chunks));
    };
    // The client went away mid-upload, or sent a body its framing does not describe.
    const onError = () => {
      clearTimeout(idle);
      reject(new RequestRefused('The request body could not be read completely.'));
    };
    req.on('data', onData);
    req.once('end', onEnd);
    req.once('error', onError);
    req.once('close', () => {
      if (!req.complete) onError();
    });
  });
}

/**
 * RFC 9112 §3.2: an HTTP/1.1 request without Host, or any request with more than one, is a 400. Node
 * checks only the first (and answers it without a body), so both are checked here.
 */
function checkHost(req: IncomingMessage): void {
  let hosts = 0;
  for (let i = 0; i < req.rawHeaders.length; i += 2) {
    const name = req.rawHeaders[i]!;
    if (name.length === 4 && name.toLowerCase() === 'host') hosts += 1;
  }
  if (hosts > 1) throw new RequestRefused('The request has more than one Host header.', true);
  if (hosts === 0 && req.httpVersion === '1.1')
    throw new RequestRefused('An HTTP/1.1 request must have a Host header (RFC 9112, section 3.2).', true);
}

/** An answer written straight to a socket Node's HTTP server no longer owns; the connection is closed. */
function writeRaw(socket: Duplex, result: APIGatewayProxyResult): void {
  const head = [
    `HTTP/1.1 ${result.statusCode} ${STATUS_CODES[result.statusCode]}`,
    ...Object.entries(result.headers ?? {}).map(([k, v]) => `${k}: ${v}`),
    `Content-Length: ${Buffer.byteLength(result.body)}`,
    'Connection: close',
  ].join('\r\n');
  socket.end(`${head}\r\n\r\n${result.body}`);
}

interface ResourceNode {
  readonly pathPart: string;
  readonly path: string;
  readonly children: ResourceNode[];
  readonly methods: Map<string, string>; // HTTP method (or ANY) → function logical id
  /** The parameter's name when pathPart is {name}; for {name+}, the greedy parameter's name. */
  readonly param?: string;
  readonly greedy?: string;
}

interface GatewayResponse {
  readonly statusCode?: string;
  readonly template?: string;
  readonly headers: Record<string, string>;
}

type Matched = { node: ResourceNode; params: Record<string, string> };

/** The node segments[i…] lead to from `node`: literal children first, then {param}s, then a {proxy+}. */
function matchFrom(
  node: ResourceNode,
  segments: readonly string[],
  i: number,
  params: Record<string, string>,
): Matched | undefined {
  if (i === segments.length) return { node, params };
  const segment = segments[i]!;
  for (const child of node.children) {
    if (child.pathPart !== segment) continue;
    const found = matchFrom(child, segments, i + 1, params);
    if (found) return found;
  }
  for (const child of node.children) {
    if (child.param === undefined) continue;
    const found = matchFrom(child, segments, i + 1, { ...params, [child.param]: decodeSegment(segment) });
    if (found) return found;
  }
  for (const child of node.children)
    if (child.greedy !== undefined)
      return {
        node: child,
        params: { ...params, [child.greedy]: segments.slice(i).map(decodeSegment).join('/') },
      };
  return undefined;
}

export class LocalGateway {
  private readonly root: ResourceNode = { pathPart: '', path: '/', children: [], methods: new Map() };

  /** The functions behind the API's methods. */
  functionIds(): Set<string> {
    const ids = new Set<string>();
    const visit = (node: ResourceNode) => {
      for (const id of node.methods.values()) ids.add(id);
      node.children.forEach(visit);
    };
    visit(this.root);
    return ids;
  }
  private readonly gatewayResponses = new Map<string, GatewayResponse>();
  /** The API's binary media types: a request body of one is handed over as its bytes, base64. */
  private readonly binaryMediaTypes: readonly string[];
  private server: Server | undefined;

  constructor(
    template: CfnTemplate,
    resolver: TemplateResolver,
    private readonly lambdas: LocalLambdas,
    /** Each client's writes in flight, bounded per client (client-lanes.ts); unbounded without. */
    private readonly lanes?: ClientLanes,
  ) {
    const apis = resourcesOfType(template, 'AWS::ApiGateway::RestApi');
    if (apis.length !== 1)
      throw new Error(`Expected one REST API in the service template, found ${apis.length}`);
    const rootId = String(resolver.resolve({ 'Fn::GetAtt': [apis[0]![0], 'RootResourceId'] }));
    this.binaryMediaTypes = (
      (resolver.resolve(apis[0]![1].Properties?.BinaryMediaTypes) as string[] | undefined) ?? []
    ).map((type) => type.replace(/~1/g, '/').toLowerCase());
    const nodes = new Map<string, ResourceNode>([[rootId, this.root]]);
    const pending = resourcesOfType(template, 'AWS::ApiGateway::Resource').map(([id, r]) => ({
      id,
      parent: String(resolver.resolve(r.Properties?.ParentId)),
      pathPart: String(r.Properties?.PathPart),
    }));
    while (pending.length > 0) {
      const index = pending.findIndex((p) => nodes.has(p.parent));
      if (index < 0) throw new Error('API resources do not form a tree under the root resource');
      const { id, parent, pathPart } = pending.splice(index, 1)[0]!;
      const parentNode = nodes.get(parent)!;
      const node: ResourceNode = {
        pathPart,
        path: `${parentNode.path === '/' ? '' : parentNode.path}/${pathPart}`,
        children: [],
        methods: new Map(),
        param: /^\{([^+}]+)\}$/.exec(pathPart)?.[1],
        greedy: /^\{([^}]+)\+\}$/.exec(pathPart)?.[1],
      };
      parentNode.children.push(node);
      nodes.set(id, node);
    }
    for (const [, method] of resourcesOfType(template, 'AWS::ApiGateway::Method')) {
      const p = resolver.resolve(method.Properties ?? {}) as {
        HttpMethod: string;
        ResourceId: string;
        Integration?: { Uri?: string };
      };
      const fnArn = /functions\/(arn:[^/]+)\/invocations/.exec(String(p.Integration?.Uri ?? ''))?.[1];
      if (!fnArn) continue;
      nodes.get(String(p.ResourceId))?.methods.set(p.HttpMethod, logicalIdOfArn(fnArn));
    }
    for (const [, response] of resourcesOfType(template, 'AWS::ApiGateway::GatewayResponse')) {
      const p = resolver.resolve(response.Properties ?? {}) as {
        ResponseType: string;
        StatusCode?: string;
        ResponseTemplates?: Record<string, string>;
        ResponseParameters?: Record<string, string>;
      };
      const headers: Record<string, string> = {};
      for (const [key, value] of Object.entries(p.ResponseParameters ?? {})) {
        const name = /^gatewayresponse\.header\.(.+)$/.exec(key)?.[1];
        if (name) headers[name] = value.replace(/^'|'$/g, '');
      }
      this.gatewayResponses.set(p.ResponseType, {
        statusCode: p.StatusCode,
        template: p.ResponseTemplates?.['application/json'],
        headers,
      });
    }
  }

  /** Whether API Gateway hands a body of this Content-Type over as bytes (its binary media types). */
  private isBinary(contentType: string | undefined): boolean {
    const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
    return this.binaryMediaTypes.some((pattern) => {
      if (pattern === '*/*') return true;
      if (pattern.endsWith('/*')) return type.startsWith(pattern.slice(0, -1));
      return type === pattern;
    });
  }

  /** API Gateway's matching: static segments before {param}, {proxy+} takes the rest. */
  private match(path: string): Matched | undefined {
    const segments = path.split('/').filter((s) => s.length > 0);
    return matchFrom(this.root, segments, 0, {});
  }

  /**
   * An error made by the gateway itself, in the API's error envelope. The status and the code/message come
   * from the synthesized GatewayResponse (as in AWS); the envelope's meta gets a req_ id and an ISO time.
   */
  private gatewayError(type: string, fallbackStatus: number, requestId: string): APIGatewayProxyResult {
    const response =
      this.gatewayResponses.get(type) ??
      this.gatewayResponses.get(fallbackStatus >= 500 ? 'DEFAULT_5XX' : 'DEFAULT_4XX');
    const statusCode = Number(response?.statusCode ?? fallbackStatus);
    let error = {
      code: statusCode >= 500 ? 'INTERNAL_ERROR' : 'BAD_REQUEST',
      message: 'The request failed.',
    };
    try {
      const parsed = JSON.parse(response?.template ?? '{}') as {
        error?: { code?: string; message?: string };
      };
      if (parsed.error?.code && parsed.error.message)
        error = { code: parsed.error.code, message: parsed.error.message };
    } catch {
      // Not our envelope: keep the generic one.
    }
    return this.envelope(statusCode, error.code, error.message, requestId, response?.headers);
  }

  private envelope(
    statusCode: number,
    code: string,
    message: string,
    platformRequestId: string,
    headers: Record<string, string> = {},
  ): APIGatewayProxyResult {
    const id = requestIdOf(platformRequestId);
    return {
      statusCode,
      headers: {
        'Content-Type': 'application/json; charset=utf-8',
        // As the API's own answers: a browser must not read an error (which may echo the request) as HTML.
        'X-Content-Type-Options': 'nosniff',
        'X-Request-Id': id,
        ...headers,
      },
      body: JSON.stringify({
        error: { code, message },
        meta: { request_id: id, timestamp: new Date().toISOString() },
      }),
    };
  }

  /** A 400 for a request API Gateway would refuse before routing it (bad escapes, unparsable target). */
  private badRequest(message: string, requestId: string): APIGatewayProxyResult {
    return this.envelope(400, 'BAD_REQUEST', message, requestId);
  }

  async handle(req: IncomingMessage): Promise<APIGatewayProxyResult> {
    const requestId = randomUUID();
    try {
      return await this.route(req, requestId);
    } catch (error) {
      if (error instanceof RequestRefused) {
        const result = this.badRequest(error.message, requestId);
        return error.closeConnection ? closing(result) : result;
      }
      console.error(
        JSON.stringify({ component: 'gateway', msg: 'gateway failed', error: String(error), requestId }),
      );
      return this.gatewayError('DEFAULT_5XX', 502, requestId);
    }
  }

  private async route(req: IncomingMessage, requestId: string): Promise<APIGatewayProxyResult> {
    checkHost(req);
    // HTTP/1.1 (RFC 9112 §6.1): a server that does not understand a transfer coding answers 501. Only
    // chunked is understood; reading a gzip-coded body as plain bytes would hand the handler garbage.
    const codings = req.headers['transfer-encoding'];
    if (codings?.split(',').some((coding) => coding.trim().toLowerCase() !== 'chunked')) {
      return closing(
        this.envelope(
          501,
          'NOT_IMPLEMENTED',
          `Transfer-Encoding '${codings}' is not supported: send the body with Content-Length, or chunked only (no gzip or other codings).`,
          requestId,
        ),
      );
    }
    const target = parseTarget(req.url ?? '/');
    const declared = Number(req.headers['content-length'] ?? 0);
    if (declared > MAX_PAYLOAD_BYTES) return this.tooLarge(req, requestId);
    const reading = readBody(req);
    const body = reading instanceof Promise ? await reading : reading;
    if (body === 'too-large') return this.tooLarge(req, requestId);
    const matched = this.match(target.path);
    const method = (req.method ?? 'GET').toUpperCase();
    const functionId = matched?.node.methods.get(method) ?? matched?.node.methods.get('ANY');
    if (!matched || !functionId) return this.gatewayError('MISSING_AUTHENTICATION_TOKEN', 403, requestId);

    // Null-prototype maps: a header or parameter named constructor, __proto__ or toString is just a name.
    const headers: Record<string, string> = Object.create(null);
    const multiValueHeaders: Record<string, string[]> = Object.create(null);
    for (let i = 0; i < req.rawHeaders.length; i += 2) {
      const name = req.rawHeaders[i]!;
      const value = req.rawHeaders[i + 1]!;
      headers[name] = value;
      const values = multiValueHeaders[name];
      if (values) values.push(value);
      else multiValueHeaders[name] = [value];
    }
    const query: Record<string, string> = Object.create(null);
    const multiQuery: Record<string, string[]> = Object.create(null);
    for (const [name, value] of target.query) {
      query[name] = value;
      const values = multiQuery[name];
      if (values) values.push(value);
      else multiQuery[name] = [value];
    }
    const hasQuery = Object.keys(query).length > 0;
    const binary = this.isBinary(req.headers['content-type']);
    const event: APIGatewayProxyEvent = {
      resource: matched.node.path,
      path: target.path,
      httpMethod: method,
      headers,
      multiValueHeaders,
      queryStringParameters: hasQuery ? query : null,
      multiValueQueryStringParameters: hasQuery ? multiQuery : null,
      pathParameters: Object.keys(matched.params).length > 0 ? matched.params : null,
      stageVariables: null,
      body: body.length > 0 ? (binary ? body.toString('base64') : body.toString('utf8')) : null,
      isBase64Encoded: body.length > 0 && binary,
      requestContext: {
        accountId: '000000000000',
        apiId: 'local',
        authorizer: undefined,
        protocol: `HTTP/${req.httpVersion}`,
        httpMethod: method,
        identity: {
          sourceIp: req.socket.remoteAddress ?? '127.0.0.1',
          userAgent: req.headers['user-agent'] ?? null,
        } as APIGatewayProxyEvent['requestContext']['identity'],
        path: `/api${target.path}`,
        stage: 'api',
        requestId,
        requestTimeEpoch: Date.now(),
        resourceId: 'local',
        resourcePath: matched.node.path,
      },
    };
    const invoke = () => this.lambdas.invoke(functionId, event, { fresh: true });
    const lane = this.lanes && laneOf(req);
    try {
      return (await (lane ? this.lanes!.run(lane, invoke) : invoke())) as APIGatewayProxyResult;
    } catch (error) {
      console.error(
        JSON.stringify({ component: 'gateway', msg: 'handler crashed', functionId, error: String(error) }),
      );
      return this.gatewayError('DEFAULT_5XX', 502, requestId);
    }
  }

  /**
   * 413 once the client has finished sending, then close the connection. The rest of the body is read
   * and dropped first: answering and closing mid-upload makes the client's next write fail (EPIPE) or
   * the kernel reset the socket, so the client never sees the 413. A client sending more than
   * MAX_DRAIN_BYTES is cut off.
   */
  private async tooLarge(req: IncomingMessage, requestId: string): Promise<APIGatewayProxyResult> {
    let drained = 0;
    await new Promise<void>((resolve) => {
      // A client that declared more than it sends gets its answer after a pause instead of never.
      let idle = setTimeout(resolve, DRAIN_IDLE_MS);
      req.on('data', (chunk: Buffer) => {
        drained += chunk.length;
        if (drained > MAX_DRAIN_BYTES) req.socket.destroy();
        clearTimeout(idle);
        idle = setTimeout(resolve, DRAIN_IDLE_MS);
      });
      const done = () => {
        clearTimeout(idle);
        resolve();
      };
      req.once('end', done);
      req.once('close', done);
      req.once('error', done);
      req.resume();
    });
    return closing(this.gatewayError('REQUEST_TOO_LARGE', 413, requestId));
  }

  /** Every method some route takes (ANY aside), for the Allow header of a 405 to CONNECT. */
  private methods(): string[] {
    const methods = new Set<string>();
    const visit = (node: ResourceNode) => {
      for (const method of node.methods.keys()) if (method !== 'ANY') methods.add(method);
      node.children.forEach(visit);
    };
    visit(this.root);
    return [...methods].sort();
  }

  async listen(port: number): Promise<number> {
    this.server = createServer(
      {
        // Checked in route() instead: Node's own check answers a bare 400 with no body.
        requireHostHeader: false,
        ...IDLE_CONNECTION_TIMEOUTS,
      },
      (req, res) => {
        this.respond(req, res).catch((error: unknown) => {
          console.error(
            JSON.stringify({ component: 'gateway', msg: 'response failed', error: String(error) }),
          );
          if (!res.headersSent && !res.destroyed) {
            res.statusCode = 500;
            res.end();
          } else res.destroy();
        });
      },
    );
    // An Expect other than 100-continue: Node answers a bare 417 unless it is handled here. RFC 9110 lets
    // a server refuse it with any 4xx; 400 keeps to the API's documented codes.
    this.server.on('checkExpectation', (req: IncomingMessage, res: ServerResponse) => {
      const result = this.badRequest(
        `The expectation '${req.headers.expect}' cannot be met: the only one this API supports is 100-continue.`,
        randomUUID(),
      );
      this.send(req, res, closing(result));
    });
    // CONNECT is for proxies; without a listener Node drops the connection without an answer.
    this.server.on('connect', (_req: IncomingMessage, socket: Duplex) => {
      const allowed = this.methods().join(', ');
      const result = this.envelope(
        405,
        'METHOD_NOT_ALLOWED',
        `CONNECT is not supported: this is an API, not a proxy; allowed: ${allowed}.`,
        randomUUID(),
        { Allow: allowed },
      );
      socket.on('error', () => socket.destroy());
      writeRaw(socket, result);
    });
    // Requests Node's parser refuses never reach the listener; answer them in the envelope too.
    this.server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
      if (!socket.writable || (error.code === 'ECONNRESET' && !socket.readable)) {
        socket.destroy();
        return;
      }
      const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
      const message =
        status === 431
          ? 'The request headers are too large.'
          : `The request is not valid HTTP/1.1 (${error.code ?? 'parse error'}).`;
      const result = this.envelope(
        status,
        status === 431 ? 'HEADERS_TOO_LARGE' : 'BAD_REQUEST',
        message,
        randomUUID(),
      );
      writeRaw(socket, result);
    });
    await new Promise<void>((resolve, reject) => {
      this.server!.once('error', reject);
      this.server!.listen(port, '127.0.0.1', () => resolve());
    });
    return (this.server.address() as AddressInfo).port;
  }

  private async respond(req: IncomingMessage, res: ServerResponse) {
    this.send(req, res, await this.handle(req));
  }

  private send(req: IncomingMessage, res: ServerResponse, result: APIGatewayProxyResult) {
    if (res.destroyed || req.socket.destroyed) return; // the client went away mid-request
    res.statusCode = result.statusCode;
    for (const name in result.headers) res.setHeader(name, String(result.headers[name]));
    if (result.headers?.Connection === 'close') res.shouldKeepAlive = false;
    res.end(result.isBase64Encoded ? Buffer.from(result.body, 'base64') : result.body);
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
    this.server?.closeAllConnections();
  }
}
