// API Gateway (REST, Lambda proxy) on loopback, built from the synthesized template: the resource tree,
// methods and Lambda integrations are read from it, so local routing is the deployed routing. Requests
// become APIGatewayProxyEvents for the in-process handlers.
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import type { LocalLambdas } from './local-lambdas.ts';
import { logicalIdOfArn } from './local-resources.ts';
import { type CfnTemplate, resourcesOfType, type TemplateResolver } from './synthesized-app.ts';

/** API Gateway's own limit on a request payload. */
const MAX_PAYLOAD_BYTES = 10 * 1024 * 1024;

interface ResourceNode {
  readonly pathPart: string;
  readonly path: string;
  readonly children: ResourceNode[];
  readonly methods: Map<string, string>; // HTTP method (or ANY) → function logical id
}

interface GatewayResponse {
  readonly statusCode?: string;
  readonly template?: string;
  readonly headers: Record<string, string>;
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
  private server: Server | undefined;

  constructor(
    template: CfnTemplate,
    resolver: TemplateResolver,
    private readonly lambdas: LocalLambdas,
  ) {
    const apis = resourcesOfType(template, 'AWS::ApiGateway::RestApi');
    if (apis.length !== 1)
      throw new Error(`Expected one REST API in the service template, found ${apis.length}`);
    const rootId = String(resolver.resolve({ 'Fn::GetAtt': [apis[0]![0], 'RootResourceId'] }));
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

  /** API Gateway's matching: static segments before {param}, {proxy+} takes the rest. */
  private match(path: string): { node: ResourceNode; params: Record<string, string> } | undefined {
    const segments = path.split('/').filter((s) => s.length > 0);
    const walk = (
      node: ResourceNode,
      i: number,
      params: Record<string, string>,
    ): { node: ResourceNode; params: Record<string, string> } | undefined => {
      if (i === segments.length) return { node, params };
      const segment = segments[i]!;
      const ordered = [
        ...node.children.filter((c) => c.pathPart === segment),
        ...node.children.filter((c) => /^\{[^+}]+\}$/.test(c.pathPart)),
      ];
      for (const child of ordered) {
        const name = /^\{([^+}]+)\}$/.exec(child.pathPart)?.[1];
        const found = walk(child, i + 1, name ? { ...params, [name]: decodeURIComponent(segment) } : params);
        if (found) return found;
      }
      const greedy = node.children.find((c) => /^\{[^}]+\+\}$/.test(c.pathPart));
      if (greedy) {
        const name = greedy.pathPart.slice(1, -2);
        return {
          node: greedy,
          params: { ...params, [name]: segments.slice(i).map(decodeURIComponent).join('/') },
        };
      }
      return undefined;
    };
    return walk(this.root, 0, {});
  }

  private gatewayError(type: string, fallbackStatus: number, requestId: string): APIGatewayProxyResult {
    const response =
      this.gatewayResponses.get(type) ??
      this.gatewayResponses.get(fallbackStatus >= 500 ? 'DEFAULT_5XX' : 'DEFAULT_4XX');
    const body = (response?.template ?? '{"message":"error"}')
      .replaceAll('$context.requestId', requestId)
      .replaceAll('$context.requestTimeEpoch', String(Date.now()));
    return {
      statusCode: Number(response?.statusCode ?? fallbackStatus),
      headers: { 'Content-Type': 'application/json', ...response?.headers },
      body,
    };
  }

  async handle(req: IncomingMessage): Promise<APIGatewayProxyResult> {
    const requestId = randomUUID();
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of req) {
      size += (chunk as Buffer).length;
      if (size > MAX_PAYLOAD_BYTES) return this.gatewayError('REQUEST_TOO_LARGE', 413, requestId);
      chunks.push(chunk as Buffer);
    }
    const matched = this.match(url.pathname);
    const method = (req.method ?? 'GET').toUpperCase();
    const functionId = matched?.node.methods.get(method) ?? matched?.node.methods.get('ANY');
    if (!matched || !functionId) return this.gatewayError('MISSING_AUTHENTICATION_TOKEN', 403, requestId);

    const headers: Record<string, string> = {};
    const multiValueHeaders: Record<string, string[]> = {};
    for (let i = 0; i < req.rawHeaders.length; i += 2) {
      const name = req.rawHeaders[i]!;
      const value = req.rawHeaders[i + 1]!;
      headers[name] = value;
      multiValueHeaders[name] = [...(multiValueHeaders[name] ?? []), value];
    }
    const query: Record<string, string> = {};
    const multiQuery: Record<string, string[]> = {};
    for (const [name, value] of url.searchParams) {
      query[name] = value;
      multiQuery[name] = [...(multiQuery[name] ?? []), value];
    }
    const body = Buffer.concat(chunks);
    const hasQuery = Object.keys(query).length > 0;
    const event: APIGatewayProxyEvent = {
      resource: matched.node.path,
      path: url.pathname,
      httpMethod: method,
      headers,
      multiValueHeaders,
      queryStringParameters: hasQuery ? query : null,
      multiValueQueryStringParameters: hasQuery ? multiQuery : null,
      pathParameters: Object.keys(matched.params).length > 0 ? matched.params : null,
      stageVariables: null,
      body: body.length > 0 ? body.toString('utf8') : null,
      isBase64Encoded: false,
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
        path: `/api${url.pathname}`,
        stage: 'api',
        requestId,
        requestTimeEpoch: Date.now(),
        resourceId: 'local',
        resourcePath: matched.node.path,
      },
    };
    try {
      return (await this.lambdas.invoke(functionId, event)) as APIGatewayProxyResult;
    } catch (error) {
      console.error(
        JSON.stringify({ component: 'gateway', msg: 'handler crashed', functionId, error: String(error) }),
      );
      return this.gatewayError('DEFAULT_5XX', 502, requestId);
    }
  }

  async listen(port: number): Promise<number> {
    this.server = createServer((req, res) => void this.respond(req, res));
    this.server.keepAliveTimeout = 5000;
    await new Promise<void>((resolve, reject) => {
      this.server!.once('error', reject);
      this.server!.listen(port, '127.0.0.1', () => resolve());
    });
    return (this.server.address() as AddressInfo).port;
  }

  private async respond(req: IncomingMessage, res: ServerResponse) {
    const result = await this.handle(req);
    res.statusCode = result.statusCode;
    for (const [name, value] of Object.entries(result.headers ?? {})) res.setHeader(name, String(value));
    res.end(result.isBase64Encoded ? Buffer.from(result.body, 'base64') : result.body);
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
    this.server?.closeAllConnections();
  }
}
