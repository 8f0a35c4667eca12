// An in-thread Lambda's result is handed back as its JSON would give it (local/local-lambdas.ts). A plain
// result is copied without JSON; anything JSON would change is left to JSON.
import { describe, expect, it } from 'vitest';
import { plainCopy } from '../../../local/local-lambdas.ts';

const viaJson = (value: unknown) => JSON.parse(JSON.stringify(value)) as unknown;

describe('plainCopy', () => {
  it('copies an API answer as JSON would, into objects of its own', () => {
    const answer = {
      statusCode: 200,
      headers: { 'Content-Type': 'application/json', 'X-RateLimit-Remaining': 41, Empty: '' },
      multiValueHeaders: { 'Set-Cookie': ['a=1', 'b=2'] },
      body: JSON.stringify({ data: { text: 'quote " backslash \\ and \u2028', n: [1, 2.5, -3] } }),
      isBase64Encoded: false,
      nothing: null,
    };
    const copy = plainCopy(answer) as typeof answer;
    expect(copy).toEqual(viaJson(answer));
    expect(copy).not.toBe(answer);
    copy.headers.Empty = 'changed';
    copy.multiValueHeaders['Set-Cookie']!.push('c=3');
    expect(answer.headers.Empty).toBe('');
    expect(answer.multiValueHeaders['Set-Cookie']).toHaveLength(2);
    expect(plainCopy(Object.assign(Object.create(null), { a: 1 }))).toEqual({ a: 1 });
  });

  it('leaves to JSON every value JSON would write differently', () => {
    for (const odd of [
      { at: new Date(0) },
      { gone: undefined },
      { n: Number.NaN },
      { n: Number.POSITIVE_INFINITY },
      { n: -0 },
      { big: 1n },
      { fn: () => 1 },
      { list: [1, undefined] },
      { instance: new (class Point {})() },
      { map: new Map() },
      JSON.parse('{"__proto__": {"polluted": true}}') as object,
      { a: { b: { c: { d: { e: 1 } } } } },
    ])
      expect(plainCopy(odd)).toBeUndefined();
    expect(plainCopy(undefined)).toBeUndefined();
    expect(plainCopy({ a: { b: { c: { d: 1 } } } })).toEqual({ a: { b: { c: { d: 1 } } } });
  });
});
