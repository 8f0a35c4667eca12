// Text the API takes: a NUL, another C0 control or an unpaired UTF-16 surrogate in any field a caller's
// text reaches (addresses, names, labels, prompts, nested annotation text) is a 400 naming the field,
// before the schema runs; tab and line breaks, emoji (a surrogate pair) and any printable text pass.
// callback_metadata's keys and values follow the same rules; a video export's input_props (the caller's
// own JSON for its own composition) is not looked into. A body that is not UTF-8 is refused whole, naming
// the byte. Checked on the request pipeline itself.
import middy from '@middy/core';
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import {
  type ApiResult,
  envelope,
  type PipelineContext,
  requestValidation,
} from '../../../functions/api/http/api-route.ts';
import { badTextDetails, badTextReason } from '../../../functions/api/http/text-rules.ts';
import { brochureSlideRequest } from '../../../functions/jobs/brochure/schema.ts';
import { apiGatewayEvent } from '../../support/fakes.ts';

const handler = middy<APIGatewayProxyEvent, APIGatewayProxyResult, Error, PipelineContext>()
  .use(envelope())
  .use(requestValidation({ body: brochureSlideRequest }))
  .handler(async () => ({ status: 202, data: {} }) as ApiResult as unknown as APIGatewayProxyResult);

async function post(body: unknown) {
  const event = apiGatewayEvent({
    httpMethod: 'POST',
    path: '/v1/brochure-slides/generate',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const result = await handler(event, {} as PipelineContext);
  return { status: result.statusCode, json: JSON.parse(result.body) };
}

const slide = (property: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  slide: { type: 'cover' },
  property: { address: '10 Wattle Street, Ultimo NSW 2007', ...property },
  ...extra,
});

describe('text rules', () => {
  it.each([
    ['a NUL', 'Sunny\u0000home', 'NUL character (U+0000)'],
    ['an escape', 'Sunny \u001b[31mhome', 'control character U+001B'],
    ['a backspace', 'Sunny\bhome', 'control character U+0008'],
    ['a lone high surrogate', 'Sunny \ud83d home', 'unpaired UTF-16 surrogate (U+D83D)'],
    ['a lone low surrogate', 'Sunny \ude00 home', 'unpaired UTF-16 surrogate (U+DE00)'],
  ])('refuses %s in a text field with a 400 naming it', async (_name, text, says) => {
    const res = await post(slide({ headline: text }));
    expect(res.status).toBe(400);
    expect(res.json.error.code).toBe('VALIDATION_ERROR');
    expect(res.json.error.details).toEqual([
      { path: 'property.headline', message: expect.stringContaining(says) },
    ]);
  });

  it('names every such field, nested ones by their index', () => {
    expect(
      badTextDetails({
        address: 'a\u0000',
        text_annotations: [{ text: 'ok' }, { text: 'b\u0007' }],
        branding: { agent_name: '\udc00' },
      }).map((d) => d.path),
    ).toEqual(['address', 'text_annotations[1].text', 'branding.agent_name']);
  });

  it('passes tab, line breaks, emoji and other scripts', async () => {
    for (const text of ['Line one\nline two\r\nthree\tcolumn', 'Sunny 🏡 home', '海景房 — café', '\u007f'])
      expect(badTextReason(text), JSON.stringify(text)).toBeUndefined();
  });

  it('applies to callback_metadata’s keys and values as to any other field, and leaves input_props alone', async () => {
    const res = await post(
      slide(
        {},
        {
          callback_metadata: { crm: { note: 'raw \u0000 bytes' }, '\ud800key': 1, list: ['ok', '\udfff'] },
        },
      ),
    );
    expect(res.status).toBe(400);
    expect(res.json.error.details).toEqual([
      {
        path: 'callback_metadata.\ud800key',
        message: expect.stringContaining('its name contains an unpaired'),
      },
      { path: 'callback_metadata.crm.note', message: expect.stringContaining('NUL character (U+0000)') },
      {
        path: 'callback_metadata.list[1]',
        message: expect.stringContaining('unpaired UTF-16 surrogate (U+DFFF)'),
      },
    ]);
    expect(badTextDetails({ input_props: { raw: 'caller \u0000 data' } })).toEqual([]);
    const fine = await post(slide({}, { callback_metadata: { note: 'Line one\nline two 🏡', é: [1, 'x'] } }));
    expect(fine.status).toBe(202);
  });

  it('stops naming after ten fields, and says there were more', () => {
    const details = badTextDetails({ list: Array.from({ length: 30 }, () => 'x\u0000') });
    expect(details).toHaveLength(11);
    expect(details.at(-1)?.message).toContain('more fields');
  });
});

describe('bodies that are not UTF-8', () => {
  /** A body sent as bytes, as API Gateway hands bodies over (base64). */
  async function postBytes(bytes: Buffer) {
    const event = apiGatewayEvent({
      httpMethod: 'POST',
      path: '/v1/brochure-slides/generate',
      headers: { 'Content-Type': 'application/json' },
      body: bytes.toString('base64'),
      isBase64Encoded: true,
    });
    const result = await handler(event, {} as PipelineContext);
    return { status: result.statusCode, json: JSON.parse(result.body) };
  }

  const before = Buffer.from(
    '{"slide":{"type":"cover"},"property":{"address":"10 Wattle Street, Ultimo NSW 2007"},"callback_metadata":{"note":"',
  );
  const after = Buffer.from('"}}');

  it.each([
    ['a lone continuation byte', [0x80]],
    ['a cut-short sequence', [0xe2, 0x82]],
    ['an overlong encoding', [0xc0, 0xaf]],
    ['an encoded surrogate', [0xed, 0xa0, 0x80]],
    ['a byte no UTF-8 uses', [0xff]],
  ])(
    'refuses %s in callback_metadata with a 400 naming the byte, never storing U+FFFD',
    async (_name, bad) => {
      const res = await postBytes(Buffer.concat([before, Buffer.from(bad), after]));
      expect(res.status).toBe(400);
      expect(res.json.error.code).toBe('INVALID_JSON');
      expect(res.json.error.message).toContain(`not valid UTF-8`);
      expect(res.json.error.message).toContain(`offset ${before.length}`);
    },
  );

  it('takes valid UTF-8 of every length, sent as bytes', async () => {
    const res = await postBytes(Buffer.concat([before, Buffer.from('é € 🏡 \u{10FFFF}'), after]));
    expect(res.status).toBe(202);
  });
});

describe('text rules on deep bodies', () => {
  // A hundred thousand levels: ten times what a recursive walk survives, and a path built per level would
  // be billions of characters; each level more is only more of the same work.
  it('walks a body nested a hundred thousand deep without overflowing, and names a field deep inside', () => {
    const depth = 100_000;
    const deep = JSON.parse(`${'['.repeat(depth)}"x\\u0000"${']'.repeat(depth)}`);
    const details = badTextDetails({ deep });
    expect(details).toHaveLength(1);
    expect(details[0]!.path.startsWith('deep[0][0]')).toBe(true);
    expect(details[0]!.path.length).toBe('deep'.length + 3 * depth);
  });
});
