// The REST API is built from the route table: every route is a Lambda-proxy method on its path, wired to
// the function of its handler module; a wrong method on a route's path and any top-level unknown path reach
// the fallback function, and a path that reaches no method gets the NoRoute gateway response (404).
import { Match, type Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { DASHBOARD_API_FUNCTION_ID } from '../../functions/api/dashboard/dashboard-routes.ts';
import { DASHBOARD_PAGE, FALLBACK_HANDLER, PROXY_PATHS, ROUTES } from '../../functions/api/routes.ts';
import { WEBHOOKS_API_FUNCTION_ID, WEBHOOKS_PROXY_PATH } from '../../functions/api/webhook-routes.ts';
import { functionOf, resources, type SynthesizedStage, synthStage } from './synth.ts';

interface ApiMethod {
  readonly httpMethod: string;
  readonly path: string;
  readonly functionLogicalId: string | undefined;
  readonly integrationType: unknown;
}

/** Full path of every API resource (root is `/`) and the methods on them, with their target function. */
function apiTree(template: Template) {
  const apis = resources(template, 'AWS::ApiGateway::RestApi');
  expect(apis).toHaveLength(1);
  const rootRef = JSON.stringify({ 'Fn::GetAtt': [apis[0]![0], 'RootResourceId'] });
  const raw = resources(template, 'AWS::ApiGateway::Resource').map(([id, r]) => ({
    id,
    parent: JSON.stringify(r.Properties.ParentId),
    part: String(r.Properties.PathPart),
  }));
  const paths = new Map<string, string>([[rootRef, '/']]);
  for (let pending = raw; pending.length > 0; ) {
    const next = pending.filter((r) => !paths.has(r.parent));
    for (const r of pending.filter((p) => paths.has(p.parent))) {
      const parentPath = paths.get(r.parent)!;
      paths.set(JSON.stringify({ Ref: r.id }), `${parentPath === '/' ? '' : parentPath}/${r.part}`);
    }
    if (next.length === pending.length) throw new Error('API resources do not form a tree');
    pending = next;
  }
  const methods: ApiMethod[] = resources(template, 'AWS::ApiGateway::Method').map(([, m]) => {
    const integration = m.Properties.Integration as { Type?: string; Uri?: unknown } | undefined;
    const fnId = /"Fn::GetAtt":\["([^"]+)","Arn"\]/.exec(JSON.stringify(integration?.Uri ?? ''))?.[1];
    return {
      httpMethod: String(m.Properties.HttpMethod),
      path: paths.get(JSON.stringify(m.Properties.ResourceId)) ?? '?',
      functionLogicalId: fnId,
      integrationType: integration?.Type,
    };
  });
  return { paths: [...paths.values()], methods };
}

describe('REST API', () => {
  let dev: SynthesizedStage;
  let tree: ReturnType<typeof apiTree>;
  let fallbackFn: string;

  beforeAll(() => {
    dev = synthStage('dev');
    tree = apiTree(dev.serviceTemplate);
    fallbackFn = functionOf(dev.serviceTemplate, FALLBACK_HANDLER.functionId);
  });

  it('hands every request body to the functions as the bytes sent (binary media types */*)', () => {
    // The request pipeline refuses a body that is not UTF-8; decoded by API Gateway first, it would arrive
    // with replacement characters instead, and nothing could tell.
    const apis = resources(dev.serviceTemplate, 'AWS::ApiGateway::RestApi');
    expect(apis[0]![1].Properties.BinaryMediaTypes).toEqual(['*/*']);
  });

  it.each(ROUTES.filter((r) => !r.proxied).map((r) => [`${r.method} ${r.path}`, r] as const))(
    '%s is a Lambda-proxy method on its handler function',
    (_, route) => {
      const fnId = functionOf(dev.serviceTemplate, route.functionId);
      const method = tree.methods.filter((m) => m.path === route.path && m.httpMethod === route.method);
      expect(method).toHaveLength(1);
      expect(method[0]!.functionLogicalId).toBe(fnId);
      expect(method[0]!.integrationType).toBe('AWS_PROXY');
    },
  );

  it('serves the proxied routes through ANY on their greedy resource, to their function (the webhook routes: /v1/{proxy+})', () => {
    expect(PROXY_PATHS).toContain(WEBHOOKS_PROXY_PATH);
    expect(ROUTES.filter((r) => r.functionId === WEBHOOKS_API_FUNCTION_ID).every((r) => r.proxied)).toBe(
      true,
    );
    for (const proxy of PROXY_PATHS) {
      const routes = ROUTES.filter((r) => r.proxied === proxy);
      expect(new Set(routes.map((r) => r.functionId)).size).toBe(1);
      const fnId = functionOf(dev.serviceTemplate, routes[0]!.functionId);
      for (const route of routes) expect(tree.methods.filter((m) => m.path === route.path)).toEqual([]);
      expect(tree.methods.filter((m) => m.path === proxy)).toEqual([
        { httpMethod: 'ANY', path: proxy, functionLogicalId: fnId, integrationType: 'AWS_PROXY' },
      ]);
    }
  });

  it('gives each route its own function (the dashboard routes share one, the webhook routes another, cancel and delete a third), with the construct id the route table names', () => {
    const ids = ROUTES.map((r) => functionOf(dev.serviceTemplate, r.functionId));
    const apiRoutes = ROUTES.filter((r) => r.functionId !== DASHBOARD_API_FUNCTION_ID && !r.proxied);
    const dashboardRoutes = ROUTES.filter((r) => r.functionId === DASHBOARD_API_FUNCTION_ID);
    expect(dashboardRoutes.length).toBeGreaterThan(5);
    const control = ROUTES.filter((r) => r.functionId === 'JobControlFunction').map(
      (r) => `${r.method} ${r.path}`,
    );
    expect(control).toEqual(['POST /v1/jobs/{jobId}/cancel', 'DELETE /v1/jobs/{jobId}']);
    expect(new Set(ids).size).toBe(apiRoutes.length - 1 + 2);
    for (const [i, route] of ROUTES.entries())
      expect(ids[i]).toMatch(new RegExp(`^${route.functionId}[0-9A-F]{8}$`));
  });

  it('serves the dashboard page from its own function on /dashboard and /dashboard/{asset}', () => {
    const pageFn = functionOf(dev.serviceTemplate, DASHBOARD_PAGE.functionId);
    for (const path of DASHBOARD_PAGE.paths) {
      const get = tree.methods.filter((m) => m.path === path && m.httpMethod === 'GET');
      expect(
        get.map((m) => m.functionLogicalId),
        path,
      ).toEqual([pageFn]);
    }
  });

  it('sends every other method of each path a route takes to the fallback function with ANY (405), and puts no method on a path without routes', () => {
    const proxies = ['/{proxy+}', ...PROXY_PATHS];
    for (const path of tree.paths.filter((p) => !proxies.includes(p))) {
      const onPath = tree.methods.filter((m) => m.path === path);
      const any = onPath.filter((m) => m.httpMethod === 'ANY');
      if (onPath.some((m) => m.httpMethod !== 'ANY')) {
        expect(any, `ANY on ${path}`).toHaveLength(1);
        expect(any[0]!.functionLogicalId, `ANY on ${path}`).toBe(fallbackFn);
        expect(any[0]!.integrationType).toBe('AWS_PROXY');
      } else expect(onPath, `methods on ${path}`).toEqual([]);
    }
  });

  it("has one greedy fallback, /{proxy+} on the root, besides the proxied routes' greedy resources: the NoRoute gateway response answers the rest", () => {
    const greedy = tree.paths.filter((p) => p.endsWith('/{proxy+}')).sort();
    expect(greedy).toEqual(['/{proxy+}', ...PROXY_PATHS].sort());
    expect(tree.methods.filter((m) => m.path === '/{proxy+}')).toEqual([
      { httpMethod: 'ANY', path: '/{proxy+}', functionLogicalId: fallbackFn, integrationType: 'AWS_PROXY' },
    ]);
    dev.serviceTemplate.hasResourceProperties('AWS::ApiGateway::GatewayResponse', {
      ResponseType: 'MISSING_AUTHENTICATION_TOKEN',
      StatusCode: '404',
      ResponseTemplates: { 'application/json': Match.stringLikeRegexp('"code":"NOT_FOUND"') },
    });
  });

  it('routes methods only to the route functions and the fallback function', () => {
    const allowed = new Set([
      fallbackFn,
      functionOf(dev.serviceTemplate, DASHBOARD_PAGE.functionId),
      ...ROUTES.map((r) => functionOf(dev.serviceTemplate, r.functionId)),
    ]);
    for (const m of tree.methods) expect(allowed.has(m.functionLogicalId ?? '')).toBe(true);
    const routeMethods = tree.methods.filter((m) => m.httpMethod !== 'ANY');
    expect(routeMethods).toHaveLength(ROUTES.filter((r) => !r.proxied).length + DASHBOARD_PAGE.paths.length);
  });

  it('lets API Gateway invoke each API function only from this API', () => {
    dev.serviceTemplate.hasResourceProperties('AWS::Lambda::Permission', {
      Action: 'lambda:InvokeFunction',
      FunctionName: { 'Fn::GetAtt': [fallbackFn, 'Arn'] },
      Principal: 'apigateway.amazonaws.com',
      SourceArn: Match.objectLike({ 'Fn::Join': Match.anyValue() }),
    });
  });
});
