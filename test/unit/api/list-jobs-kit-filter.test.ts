// GET /v1/jobs?kit_job_id=: the query takes a kit's job id and refuses anything else with the
// VALIDATION_ERROR body a bad status gets, naming the parameter; the OpenAPI document describes the
// parameter and the job's kit_job_id. Checked on the request pipeline itself (envelope and query
// validation, without authentication).
import middy from '@middy/core';
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import {
  type ApiResult,
  envelope,
  type PipelineContext,
  requestValidation,
} from '../../../functions/api/http/api-route.ts';
import { listJobsQuery } from '../../../functions/api/job-schemas.ts';
import { buildOpenApiDocument } from '../../../functions/api/openapi-document.ts';
import { ROUTES } from '../../../functions/api/routes.ts';
import { apiGatewayEvent } from '../../support/fakes.ts';

const KIT = '0193a0b2-0000-7000-8000-00000000c1c0';

/** The route's answer as the envelope middleware reads it (one cast, as the routes' own pipeline does). */
const forEnvelope = (result: ApiResult): APIGatewayProxyResult => result as unknown as APIGatewayProxyResult;

const handler = middy<APIGatewayProxyEvent, APIGatewayProxyResult, Error, PipelineContext>()
  .use(envelope())
  .use(requestValidation({ query: listJobsQuery }))
  .handler(async (_event, context) =>
    forEnvelope({ status: 200, data: { query: context.pipeline.parsed?.query } }),
  );

async function get(query: Record<string, string>) {
  const event = apiGatewayEvent({
    path: '/v1/jobs',
    queryStringParameters: query,
    multiValueQueryStringParameters: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, [v]])),
  });
  const result = await handler(event, {} as PipelineContext);
  return { status: result.statusCode, json: JSON.parse(result.body) };
}

describe('GET /v1/jobs kit_job_id', () => {
  it('takes a job id, with the other filters', async () => {
    const res = await get({ kit_job_id: KIT, status: 'queued' });
    expect(res.status).toBe(200);
    expect(res.json.data.query).toEqual({ kit_job_id: KIT, status: 'queued', limit: 50, offset: 0 });
  });

  it.each(['nope', '', `${KIT}x`])(
    'refuses %j with a 400 naming kit_job_id, as a bad status is refused',
    async (value) => {
      const res = await get({ kit_job_id: value });
      expect(res.status).toBe(400);
      expect(res.json.error.code).toBe('VALIDATION_ERROR');
      expect(res.json.error.details).toEqual([{ path: 'kit_job_id', message: expect.any(String) }]);
      expect(res.json.meta.request_id).toEqual(expect.any(String));
      const badStatus = await get({ status: 'nope' });
      expect(Object.keys(badStatus.json.error).sort()).toEqual(Object.keys(res.json.error).sort());
      expect(badStatus.json.error.code).toBe(res.json.error.code);
    },
  );
});

describe('OpenAPI: kit_job_id', () => {
  // biome-ignore lint/suspicious/noExplicitAny: the document is free-form JSON that tests index into.
  const doc = buildOpenApiDocument(ROUTES) as any;

  it('documents the listing parameter as an optional uuid', () => {
    const param = doc.paths['/v1/jobs'].get.parameters.find((p: { name: string }) => p.name === 'kit_job_id');
    expect(param).toMatchObject({ in: 'query', schema: { type: 'string', format: 'uuid' } });
    expect(param.required ?? false).toBe(false);
    expect(param.description ?? param.schema.description).toMatch(/kit/);
  });

  it('documents the job field beside parent_job_id, nullable and required alike', () => {
    const job = doc.components.schemas.Job;
    expect(job.properties.kit_job_id.description).toBe(
      'The listing kit this job was made for (null for jobs created directly).',
    );
    expect(job.required.includes('kit_job_id')).toBe(job.required.includes('parent_job_id'));
  });
});
