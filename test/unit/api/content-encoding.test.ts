// A request body in a content coding is refused with a 415 naming the coding, on the request pipeline
// itself: a plain body labelled gzip or br is not what it says, and a real gzip body read as plain bytes
// is garbage (it answered INVALID_JSON). A body without a coding, or labelled identity, is read as before.
import { gzipSync } from 'node:zlib';
import middy from '@middy/core';
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  type ApiResult,
  envelope,
  type PipelineContext,
  requestValidation,
} from '../../../functions/api/http/api-route.ts';
import { apiGatewayEvent } from '../../support/fakes.ts';

const handler = middy<APIGatewayProxyEvent, APIGatewayProxyResult, Error, PipelineContext>()
  .use(envelope())
  .use(requestValidation({ body: z.strictObject({ address: z.string() }) }))
  .handler(async () => ({ status: 202, data: {} }) as ApiResult as unknown as APIGatewayProxyResult);

const JSON_BODY = JSON.stringify({ address: '10 Wattle Street, Ultimo NSW 2007' });

async function post(headers: Record<string, string>, body: Buffer) {
  const event = apiGatewayEvent({
    httpMethod: 'POST',
    path: '/v1/property-frontage/detect',
    headers: { 'Content-Type': 'application/json', ...headers },
    // As API Gateway hands a body over as bytes (base64).
    body: body.toString('base64'),
    isBase64Encoded: true,
  });
  const result = await handler(event, {} as PipelineContext);
  return { status: result.statusCode, json: JSON.parse(result.body) };
}

describe('Content-Encoding', () => {
  it.each(['gzip', 'br', 'deflate', 'GZIP', 'identity, gzip'])(
    'refuses a plain body labelled %s with a 415 naming the coding',
    async (coding) => {
      const res = await post({ 'Content-Encoding': coding }, Buffer.from(JSON_BODY));
      expect(res.status).toBe(415);
      expect(res.json.error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
      expect(res.json.error.message).toContain(`Content-Encoding '${coding}'`);
    },
  );

  it('refuses a real gzip body with the same 415, not INVALID_JSON', async () => {
    const res = await post({ 'content-encoding': 'gzip' }, gzipSync(JSON_BODY));
    expect(res.status).toBe(415);
    expect(res.json.error.message).toContain("Content-Encoding 'gzip'");
  });

  it('reads a body without a coding, or labelled identity, as before', async () => {
    expect((await post({}, Buffer.from(JSON_BODY))).status).toBe(202);
    expect((await post({ 'Content-Encoding': 'identity' }, Buffer.from(JSON_BODY))).status).toBe(202);
  });
});
