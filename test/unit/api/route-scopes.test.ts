// Every API-key route needs one scope (route-scopes.ts), kept beside the route table so the two cannot
// drift: a keyed route without one, or a table entry naming no route, fails here; the OpenAPI document
// states each keyed operation's scope and its 403 INSUFFICIENT_SCOPE; and the request pipeline's lookup
// is the table's (an unknown resource fails closed, needing admin).
import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '../../../functions/api/openapi-document.ts';
import { JOB_ROUTE_SCOPE, ROUTE_SCOPES, requiredScope } from '../../../functions/api/route-scopes.ts';
import { ROUTES, routeScope } from '../../../functions/api/routes.ts';
import { API_SCOPES } from '../../../functions/core/auth/scopes.ts';

const keyed = ROUTES.filter((route) => route.auth === 'api-key');

describe('the route scopes', () => {
  it('give every API-key route of the table exactly one scope of the closed set', () => {
    const missing = keyed.filter((route) => routeScope(route) === undefined);
    expect(missing.map((r) => `${r.method} ${r.path}`)).toEqual([]);
    for (const route of keyed) expect(API_SCOPES).toContain(routeScope(route));
  });

  it('name only keyed routes of the table that are not job routes (no stale or shadowing entries)', () => {
    const plain = new Set(keyed.filter((r) => !r.job).map((r) => `${r.method} ${r.path}`));
    expect(Object.keys(ROUTE_SCOPES).filter((entry) => !plain.has(entry))).toEqual([]);
    expect(Object.keys(ROUTE_SCOPES)).toHaveLength(plain.size);
  });

  it('give no scope to routes not called with a key (the dashboard, the document)', () => {
    for (const route of ROUTES.filter((r) => r.auth !== 'api-key')) expect(routeScope(route)).toBeUndefined();
  });

  it('are what the issue asks of the main routes', () => {
    const scopeOf = (method: string, path: string) =>
      routeScope(ROUTES.find((r) => r.method === method && r.path === path)!);
    expect(scopeOf('GET', '/v1/jobs')).toBe('jobs:read');
    expect(scopeOf('GET', '/v1/jobs/{jobId}')).toBe('jobs:read');
    expect(scopeOf('GET', '/v1/events')).toBe('jobs:read');
    expect(scopeOf('DELETE', '/v1/jobs/{jobId}')).toBe('jobs:delete');
    expect(scopeOf('POST', '/v1/jobs/{jobId}/cancel')).toBe('jobs:write');
    expect(scopeOf('GET', '/v1/usage')).toBe('usage:read');
    expect(scopeOf('POST', '/v1/webhook-endpoints')).toBe('webhooks:manage');
    expect(scopeOf('POST', '/v1/events/{eventId}/resend')).toBe('webhooks:manage');
    expect(scopeOf('POST', '/v1/imagery-sources')).toBe('admin');
    expect(scopeOf('GET', '/v1/openapi.json')).toBeUndefined();
    for (const route of ROUTES.filter((r) => r.job)) expect(routeScope(route)).toBe(JOB_ROUTE_SCOPE);
  });

  it('are what the pipeline looks up by method and resource; a resource the table lacks needs admin', () => {
    for (const [entry, scope] of Object.entries(ROUTE_SCOPES)) {
      const [method, path] = entry.split(' ') as [string, string];
      expect(requiredScope(method, path)).toBe(scope);
    }
    expect(requiredScope('GET', '/v1/something-new')).toBe('admin');
    expect(requiredScope('POST', '/v1/property-frontage/detect', JOB_ROUTE_SCOPE)).toBe('jobs:write');
  });

  it('are stated in the OpenAPI document, with the 403 INSUFFICIENT_SCOPE, for every keyed operation', () => {
    const document = buildOpenApiDocument(ROUTES) as {
      paths: Record<string, Record<string, Record<string, unknown>>>;
    };
    for (const route of ROUTES) {
      const operation = document.paths[route.path]![route.method.toLowerCase()]!;
      const scope = routeScope(route);
      expect(operation['x-required-scope']).toBe(scope);
      const forbidden = (operation.responses as Record<string, { description: string }>)['403'];
      if (scope) {
        expect(operation.description).toContain(`Needs the \`${scope}\` scope`);
        expect(forbidden?.description).toContain('`INSUFFICIENT_SCOPE`');
      } else if (route.auth === 'none') {
        expect(forbidden?.description ?? '').not.toContain('INSUFFICIENT_SCOPE');
      }
    }
  });
});
