// The integration tests' response check (test/support/openapi-contract.ts) catches drift: an answer with
// an undocumented status, a missing required field or header, or the wrong shape is reported.
import { describe, expect, it } from 'vitest';
import { contractProblems, type Exchange } from '../../support/openapi-contract.ts';

const META = { request_id: 'req_0123456789abcdef', timestamp: '2026-01-02T03:04:05.678Z' };
const RATE = { 'x-ratelimit-limit': '10', 'x-ratelimit-remaining': '9', 'x-ratelimit-reset': '1767323100' };
const EMPTY_PAGE = {
  jobs: [],
  pagination: { limit: 50, offset: 0, count: 0, has_more: false, next_offset: null },
};

function exchange(
  method: string,
  path: string,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): Exchange {
  const all = new Headers({ 'content-type': 'application/json; charset=utf-8', ...headers });
  return { method, path, status, headers: all, text: JSON.stringify(body) };
}

describe('the response contract check', () => {
  it('passes an answer the document describes', () => {
    const ok = exchange(
      'GET',
      '/v1/jobs?limit=5',
      200,
      { data: EMPTY_PAGE, meta: { ...META, mode: 'test' } },
      RATE,
    );
    expect(contractProblems(ok)).toEqual([]);
  });

  it('reports an undocumented status', () => {
    const teapot = exchange('GET', '/v1/jobs', 418, {
      error: { code: 'NOT_FOUND', message: 'x' },
      meta: META,
    });
    expect(contractProblems(teapot)).toEqual([
      expect.stringMatching(/^418 is not a documented status of listJobs/),
    ]);
  });

  it('reports a missing required field, and a missing required header', () => {
    const noMode = exchange('GET', '/v1/jobs', 200, { data: EMPTY_PAGE, meta: META }, RATE);
    expect(contractProblems(noMode)).toEqual([expect.stringContaining("must have required property 'mode'")]);
    const noLimit = exchange(
      'GET',
      '/v1/jobs',
      200,
      { data: EMPTY_PAGE, meta: { ...META, mode: 'test' } },
      {
        ...RATE,
        'x-ratelimit-limit': '',
      },
    );
    expect(contractProblems(noLimit)).toEqual([expect.stringContaining('header X-RateLimit-Limit')]);
    const { 'x-ratelimit-reset': _dropped, ...partial } = RATE;
    const noReset = exchange(
      'GET',
      '/v1/jobs',
      200,
      { data: EMPTY_PAGE, meta: { ...META, mode: 'test' } },
      partial,
    );
    expect(contractProblems(noReset)).toEqual(['the required header X-RateLimit-Reset is missing']);
  });

  it('checks dashboard answers against their own meta, which has no mode', () => {
    const keys = exchange('GET', '/v1/dashboard/keys', 200, { data: { keys: [] }, meta: META });
    expect(contractProblems(keys)).toEqual([]);
    const key = {
      key_id: 'key_aYU1523rNpIMduzz',
      name: 'CI',
      mode: 'test',
      status: 'active',
      hint: 'svc_test_abcd…wxyz',
      created_at: META.timestamp,
      last_used_at: null,
      revoked_at: null,
      requests_per_minute: 10,
      requests_per_day: null,
      scopes: ['jobs:read', 'usage:read'],
    };
    const keyed = exchange('GET', '/v1/dashboard/keys', 200, { data: { keys: [key] }, meta: META });
    expect(contractProblems(keyed)).toEqual([]);
    const uuidKey = exchange('GET', '/v1/dashboard/keys', 200, {
      data: { keys: [{ ...key, key_id: '0b7c3c1e-6a61-4b39-9a38-1f5f0c1d2e3f' }] },
      meta: META,
    });
    expect(contractProblems(uuidKey)).toEqual([
      expect.stringMatching(/^body\/data\/keys\/0\/key_id must match pattern/),
    ]);
  });

  it("expects the fallback's 404 or 405 where the document has no such path or method", () => {
    const error = (code: string) => ({ error: { code, message: 'No such route.' }, meta: META });
    expect(contractProblems(exchange('GET', '/v1/nothing', 404, error('NOT_FOUND')))).toEqual([]);
    expect(contractProblems(exchange('GET', '/v1/nothing', 200, { data: {} }))).toHaveLength(1);
    const wrongMethod = exchange('DELETE', '/v1/jobs', 405, error('METHOD_NOT_ALLOWED'), { allow: 'GET' });
    expect(contractProblems(wrongMethod)).toEqual([]);
    expect(contractProblems({ ...wrongMethod, headers: new Headers() })).toContain(
      '405 without an Allow header',
    );
  });

  it('reports an undocumented content type', () => {
    const html = {
      ...exchange('GET', '/v1/dashboard/account', 200, {}),
      headers: new Headers({ 'content-type': 'text/html' }),
    };
    expect(contractProblems(html)).toEqual([
      expect.stringMatching(/^content type "text\/html" is not documented/),
    ]);
  });
});
