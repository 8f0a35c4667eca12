// GET /v1/openapi.json — public, generated from the route table and its zod schemas once per container.
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import { apiErrors } from '../core/errors.ts';
import { requestId } from '../core/ids.ts';
import { apiLogContext, instrumented, logger } from '../core/observability.ts';
import { errorResult } from './http/api-route.ts';
import { buildOpenApiDocument } from './openapi-document.ts';
import { ROUTES } from './routes.ts';

let body: string | undefined;

/** The document as this route serves it (built once per container). */
export function servedOpenApiDocument(): string {
  body ??= JSON.stringify(buildOpenApiDocument(ROUTES));
  return body;
}

async function openApiDocument(event: APIGatewayProxyEvent): Promise<APIGatewayProxyResult> {
  try {
    const body = servedOpenApiDocument();
    return {
      statusCode: 200,
      headers: {
        'Content-Type': 'application/json; charset=utf-8',
        'Cache-Control': 'public, max-age=300',
        'X-Content-Type-Options': 'nosniff',
      },
      body,
    };
  } catch (error) {
    logger.error('openapi document failed', { error });
    return errorResult(apiErrors.internal(), {
      requestId: requestId(event.requestContext?.requestId),
      timestamp: new Date().toISOString(),
    });
  }
}

export const handler = instrumented('openApiDocument', openApiDocument, apiLogContext);
