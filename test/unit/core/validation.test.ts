import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { zodDetails } from '../../../functions/api/http/validation.ts';
import { listJobsQuery } from '../../../functions/api/job-schemas.ts';
import { frontageDetectRequest, frontageEditRequest } from '../../../functions/jobs/frontage/schema.ts';
import { markupVideoRequest } from '../../../functions/jobs/markup/schema.ts';

function problems(schema: z.ZodType, value: unknown) {
  const result = schema.safeParse(value);
  if (result.success) return [];
  return zodDetails(result.error, 'body', value);
}

describe('request schemas', () => {
  it('names every unknown field, nested ones with their path', () => {
    const details = problems(frontageDetectRequest, {
      address: '1 Martin Place, Sydney NSW 2000',
      a: 1,
      options: { b: 2 },
    });
    expect(details).toEqual(
      expect.arrayContaining([
        { path: 'a', message: 'unknown field' },
        { path: 'options.b', message: 'unknown field' },
      ]),
    );
  });

  it.each([
    ['address', frontageDetectRequest, { address: 42 }, /expected string/],
    ['direction', frontageEditRequest, { direction: 'x' }, /expected number/],
    ['options.duration', markupVideoRequest, { options: { duration: 7.5 } }, /expected int/],
    ['address', frontageDetectRequest, { address: null }, /expected string/],
  ])('reports a wrong type at %s as a wrong type, not as missing', (path, schema, value, message) => {
    const details = problems(schema, value);
    expect(details).toHaveLength(1);
    expect(details[0]!.path).toBe(path);
    expect(details[0]!.message).toMatch(message);
    expect(details[0]!.message).not.toMatch(/required/);
  });

  it('says a required field is required', () => {
    expect(problems(frontageEditRequest, {})).toEqual([{ path: 'direction', message: 'is required' }]);
  });

  it('carries the address parser problems', () => {
    const details = problems(frontageDetectRequest, { address: '12 Smith Street, Surry Hills NSW' });
    expect(details.map((d) => d.path)).toEqual(['address']);
    expect(details[0]!.message).toMatch(/postcode/i);
  });

  it("refuses a postcode that is not the suburb's and names the suburb's postcodes", () => {
    const details = problems(frontageDetectRequest, { address: '10 Wattle Street, Ultimo NSW 2999' });
    expect(details).toEqual([
      {
        path: 'address',
        message: 'postcode 2999 is not a postcode of ULTIMO NSW: ULTIMO NSW has postcode 2007',
      },
    ]);
    expect(problems(frontageDetectRequest, { address: '10 Wattle Street, Ultimo NSW 2007' })).toEqual([]);
  });

  it('applies the list defaults and bounds', () => {
    expect(listJobsQuery.parse({})).toEqual({ limit: 50, offset: 0 });
    expect(listJobsQuery.parse({ limit: '100', offset: '7', status: 'failed' })).toEqual({
      limit: 100,
      offset: 7,
      status: 'failed',
    });
    for (const bad of [
      { limit: '0' },
      { limit: '101' },
      { offset: '-1' },
      { limit: '1.5' },
      { status: 'done' },
    ]) {
      expect(listJobsQuery.safeParse(bad).success).toBe(false);
    }
  });

  it('accepts 0 and 359 as directions, rejects 360 and fractions', () => {
    for (const direction of [0, 359]) expect(frontageEditRequest.safeParse({ direction }).success).toBe(true);
    for (const direction of [360, -1, 1.5, '90'])
      expect(frontageEditRequest.safeParse({ direction }).success).toBe(false);
  });
});
