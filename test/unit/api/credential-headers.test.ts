// A credential header sent twice is a 400 naming it, before any key is looked up: which of two keys the
// service would use is not the caller's to guess. One header, in any spelling of its name, passes on.
import type { Context } from 'aws-lambda';
import { describe, expect, it, vi } from 'vitest';
import { apiRoute } from '../../../functions/api/http/api-route.ts';
import { apiGatewayEvent, fakeAccountStore, fakeRoutePorts } from '../../support/fakes.ts';

const KEY = 'svc_live_0123456789abcdef0123456789abcdef';

function route() {
  const lookups = vi.fn(async () => ({ kind: 'unknown-or-revoked' }) as const);
  const accounts = fakeAccountStore({ expectedKey: () => undefined, admit: lookups });
  const handler = apiRoute({}, async () => ({ status: 200, data: {} }), fakeRoutePorts(accounts));
  return { handler, lookups };
}

async function call(multiValueHeaders: Record<string, string[]>) {
  const { handler, lookups } = route();
  const headers = Object.fromEntries(Object.entries(multiValueHeaders).map(([k, v]) => [k, v.at(-1)!]));
  const event = { ...apiGatewayEvent({ path: '/v1/jobs', headers }), multiValueHeaders };
  const result = await handler(event, {} as Context);
  return { status: result.statusCode, json: JSON.parse(result.body), lookups };
}

describe('credential headers', () => {
  it.each([
    ['X-API-Key twice', { 'X-API-Key': [KEY, 'svc_live_ffffffffffffffffffffffffffffffff'] }, 'X-API-Key'],
    ['X-API-Key in two spellings', { 'X-API-Key': [KEY], 'x-api-key': [KEY] }, 'X-API-Key'],
    ['Authorization twice', { 'X-API-Key': [KEY], Authorization: ['Bearer a', 'Bearer b'] }, 'Authorization'],
  ])(
    'refuses %s with a 400 naming the header, before any key is looked up',
    async (_name, headers, named) => {
      const res = await call(headers);
      expect(res.status).toBe(400);
      expect(res.json.error.code).toBe('VALIDATION_ERROR');
      expect(res.json.error.details).toEqual([
        { path: named, message: expect.stringContaining('must be sent once') },
      ]);
      expect(res.lookups).not.toHaveBeenCalled();
    },
  );

  it('passes one X-API-Key on to authentication', async () => {
    const res = await call({ 'x-api-key': [KEY] });
    // The made-up key is unknown to the store: authentication, not the header rule, answers.
    expect(res.status).toBe(401);
  });
});
