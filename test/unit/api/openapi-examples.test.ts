// The request examples the OpenAPI document shows: every job route has one, each is a body its own
// schema takes (so a changed schema cannot leave a stale example behind), and the document carries it.
import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '../../../functions/api/openapi-document.ts';
import { ROUTES } from '../../../functions/api/routes.ts';

const withExamples = ROUTES.filter((route) => route.example !== undefined);

describe('request examples', () => {
  it('are given for every route that starts a job', () => {
    const missing = ROUTES.filter((route) => route.access.startsJob && route.example === undefined);
    expect(missing.map((route) => route.operationId)).toEqual([]);
  });

  it.each(withExamples.map((route) => [route.operationId, route] as const))(
    '%s: its example is a body its schema takes',
    (_, route) => {
      const parsed = route.body!.safeParse(route.example);
      expect(parsed.success ? [] : parsed.error.issues).toEqual([]);
    },
  );

  it('are in the OpenAPI document, beside the body schema', () => {
    const document = buildOpenApiDocument(ROUTES) as {
      paths: Record<
        string,
        Record<string, { requestBody?: { content: Record<string, { example?: unknown }> } }>
      >;
    };
    for (const route of withExamples) {
      const operation = document.paths[route.path]?.[route.method.toLowerCase()];
      expect(operation?.requestBody?.content['application/json']?.example, route.operationId).toEqual(
        route.example,
      );
    }
  });
});
