import { describe, expect, it } from 'vitest';
import { rawMemberText, stringifyWithRawJson, withRawJson } from '../../../functions/core/jobs/raw-json.ts';

const METADATA =
  '{ "big": 12345678901234567890, "__proto__": {"x": [1, "}"]}, "name": "Zo\\u00eb \u00e9 \u6771\u4eac" }';

describe('caller JSON kept byte for byte', () => {
  it('finds the text of a top-level member, nested containers and tricky strings included', () => {
    const body = `{"address":"1 A St, \\"B\\" NSW 2000" , "callback_metadata" :${METADATA},"z":[{"callback_metadata":1}]}`;
    expect(rawMemberText(body, 'callback_metadata')).toBe(METADATA);
    expect(rawMemberText(body, 'z')).toBe('[{"callback_metadata":1}]');
    expect(rawMemberText(body, 'missing')).toBeUndefined();
    expect(rawMemberText('{"a":1,"a":{"b":2}}', 'a')).toBe('{"b":2}');
  });

  it('writes a value carrying its text as that text, everything else as JSON.stringify does', () => {
    const parsed = withRawJson(JSON.parse(METADATA) as object, METADATA);
    const text = stringifyWithRawJson({ data: { job_id: 'j', callback_metadata: parsed, n: 'é' } });
    expect(text).toBe(`{"data":{"job_id":"j","callback_metadata":${METADATA},"n":"é"}}`);
    // A plain parse loses digits and the __proto__ key; the spliced text keeps them.
    expect(JSON.stringify(JSON.parse(METADATA))).not.toContain('12345678901234567890');
    expect(text).toContain('12345678901234567890');
    expect(text).toContain('"__proto__": {"x": [1, "}"]}');
  });

  it('leaves output without raw values untouched', () => {
    expect(stringifyWithRawJson({ a: [1, 'x'], b: null })).toBe('{"a":[1,"x"],"b":null}');
    const plain = { d: new Date(0), u: undefined, f: () => 1, deep: [[[{ n: 1 }]]] };
    expect(stringifyWithRawJson(plain)).toBe(JSON.stringify(plain));
  });

  it('finds a value carrying its text wherever it is nested, and leaves it a value otherwise', () => {
    const raw = () => withRawJson(JSON.parse(METADATA) as object, METADATA);
    expect(stringifyWithRawJson([1, [{ x: [null, raw()] }]])).toBe(`[1,[{"x":[null,${METADATA}]}]]`);
    // Outside stringifyWithRawJson it is the value it was parsed from, to JSON.stringify and to a spread.
    expect(JSON.stringify({ m: raw() })).toBe(JSON.stringify({ m: JSON.parse(METADATA) }));
    expect({ ...raw() }).toEqual(JSON.parse(METADATA));
    expect(Object.keys(raw())).toEqual(Object.keys(JSON.parse(METADATA) as object));
    // Inside another value's toJSON, a stringifyWithRawJson of its own splices its texts there.
    expect(stringifyWithRawJson({ m: { toJSON: () => JSON.parse(stringifyWithRawJson([raw()])) } })).toBe(
      `{"m":[${JSON.stringify(JSON.parse(METADATA))}]}`,
    );
    let deep: unknown = raw();
    for (let i = 0; i < 100; i += 1) deep = { d: deep };
    expect(stringifyWithRawJson(deep)).toBe(`${'{"d":'.repeat(100)}${METADATA}${'}'.repeat(100)}`);
  });
});
