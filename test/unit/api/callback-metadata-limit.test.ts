// callback_metadata's 4 KiB limit is on the text the caller sent, which is what is stored and sent back
// (raw-json.ts): whitespace, escapes and number spellings count as written, in UTF-8 bytes. Checked on the
// request pipeline itself (envelope and body validation, without authentication).
import middy from '@middy/core';
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import {
  type ApiResult,
  envelope,
  type PipelineContext,
  requestValidation,
} from '../../../functions/api/http/api-route.ts';
import { CALLBACK_METADATA_MAX_BYTES } from '../../../functions/core/schemas/common.ts';
import { frontageDetectRequest } from '../../../functions/jobs/frontage/schema.ts';
import { apiGatewayEvent } from '../../support/fakes.ts';

/**
 * A route's answer as the envelope middleware reads it. The pipeline is typed with API Gateway's result,
 * which the envelope makes of this one, so the answer goes through one cast, as the routes' own does.
 */
const forEnvelope = (result: ApiResult): APIGatewayProxyResult => result as unknown as APIGatewayProxyResult;

const handler = middy<APIGatewayProxyEvent, APIGatewayProxyResult, Error, PipelineContext>()
  .use(envelope())
  .use(requestValidation({ body: frontageDetectRequest }))
  .handler(async (_event, context) => {
    const body = context.pipeline.parsed?.body as { callback_metadata?: unknown };
    return forEnvelope({ status: 202, data: { callback_metadata: body.callback_metadata ?? null } });
  });

async function post(text: string) {
  const event = apiGatewayEvent({
    httpMethod: 'POST',
    path: '/v1/property-frontage/detect',
    headers: { 'Content-Type': 'application/json' },
    body: text,
  });
  const result = await handler(event, {} as PipelineContext);
  return { ...result, json: JSON.parse(result.body) };
}

const withMetadata = (metadata: string) =>
  `{"address": "10 Wattle Street, Ultimo NSW 2007", "callback_metadata": ${metadata}}`;

/** A metadata text of exactly `bytes` UTF-8 bytes: {"a": 1} padded with spaces inside the object. */
const padded = (bytes: number) => `{"a": 1${' '.repeat(bytes - '{"a": 1}'.length)}}`;

describe('callback_metadata size limit', () => {
  it('refuses 300 KB of whitespace inside it with a 400 naming callback_metadata', async () => {
    const res = await post(withMetadata(`{"a": 1${' '.repeat(300_000)}}`));
    expect(res.statusCode).toBe(400);
    expect(res.json.error.code).toBe('VALIDATION_ERROR');
    expect(res.json.error.details).toEqual([
      { path: 'callback_metadata', message: expect.stringContaining(`${CALLBACK_METADATA_MAX_BYTES} bytes`) },
    ]);
  });

  it('accepts exactly 4096 bytes as sent, and returns them byte for byte', async () => {
    const metadata = padded(CALLBACK_METADATA_MAX_BYTES);
    const res = await post(withMetadata(metadata));
    expect(res.statusCode).toBe(202);
    expect(res.body).toContain(`"callback_metadata":${metadata}`);
    expect((await post(withMetadata(padded(CALLBACK_METADATA_MAX_BYTES + 1)))).statusCode).toBe(400);
  });

  it('counts UTF-8 bytes, not characters', async () => {
    // 2,100 characters, 4,200 bytes.
    const res = await post(withMetadata(`{"n": "${'é'.repeat(2_100)}"}`));
    expect(res.statusCode).toBe(400);
    expect(res.json.error.details[0].path).toBe('callback_metadata');
  });

  it('measures what was sent, not a re-serialisation: short number spellings that expand are accepted', async () => {
    // 4,000 bytes as sent; JSON.stringify writes each 1e20 as 100000000000000000000 (about 18 KB).
    const metadata = `{"n": [${Array.from({ length: 800 }, () => '1e20').join(',')}]}`;
    expect(Buffer.byteLength(metadata)).toBeLessThanOrEqual(CALLBACK_METADATA_MAX_BYTES);
    const res = await post(withMetadata(metadata));
    expect(res.statusCode).toBe(202);
    expect(res.body).toContain(`"callback_metadata":${metadata}`);
  });
});

describe('JSON answers', () => {
  it('carry X-Content-Type-Options: nosniff, success and error alike', async () => {
    const ok = await post(withMetadata('{"a": 1}'));
    expect(ok.statusCode).toBe(202);
    expect(ok.headers?.['X-Content-Type-Options']).toBe('nosniff');
    const refused = await post('{');
    expect(refused.statusCode).toBe(400);
    expect(refused.headers?.['X-Content-Type-Options']).toBe('nosniff');
  });
});
