// Answers every request no route took: 405 with Allow when the path exists under other methods,
// otherwise 404, both in the standard error body.
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import { apiErrors } from '../core/errors.ts';
import { requestId } from '../core/ids.ts';
import { apiLogContext, instrumented } from '../core/observability.ts';
import { errorResult } from './http/api-route.ts';
import { routesForPath } from './routes.ts';

async function routeFallback(event: APIGatewayProxyEvent): Promise<APIGatewayProxyResult> {
  const state = {
    requestId: requestId(event.requestContext?.requestId),
    timestamp: new Date().toISOString(),
  };
  const path = event.path || '/';
  const method = (event.httpMethod || 'GET').toUpperCase();
  const allowed = [...new Set(routesForPath(path).map((route) => route.method))];
  const error =
    allowed.length > 0
      ? apiErrors.methodNotAllowed(method, path, allowed)
      : apiErrors.routeNotFound(method, path);
  return errorResult(error, state);
}

export const handler = instrumented('routeFallback', routeFallback, apiLogContext);
