// callback_metadata comes back byte for byte (big integers, __proto__ keys, escapes, non-ASCII text) in
// the webhook payloads and in GET /v1/jobs/{id}; a body with a UTF-8 byte order mark is accepted. Text in it
// follows the rules every text field follows, and a body that is not UTF-8 is refused through the gateway.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Json, waitForJob } from '../support/http-client.ts';
import { newOrganization } from '../support/local-stack-process.ts';
import { sharedStack } from '../support/shared-stack.ts';

const stack = sharedStack();
const METADATA =
  '{"crm_id": 12345678901234567890, "__proto__": {"admin": true}, "note": "Zo\\u00eb \u00e9 \u6771\u4eac \ud83c\udfe1", "ratio": 1.10}';
const bodies: string[] = [];
const receiver = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    bodies.push(Buffer.concat(chunks).toString('utf8'));
    res.writeHead(204).end();
  });
});
let receiverUrl = '';
let key = '';

beforeAll(async () => {
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  key = await (await newOrganization(stack)).key('live');
});

afterAll(async () => {
  receiver.closeAllConnections();
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
});

async function post(text: string): Promise<{ status: number; body: Json }> {
  const res = await fetch(`${stack.url}/v1/property-frontage/detect`, {
    method: 'POST',
    headers: { 'X-API-Key': key, 'Content-Type': 'application/json' },
    body: Buffer.from(text, 'utf8'),
  });
  return { status: res.status, body: (await res.json()) as Json };
}

describe('callback_metadata', () => {
  it('comes back byte for byte in every webhook and in the job', async () => {
    const accepted = await post(
      `{"address": "10 Wattle Street, Ultimo NSW 2007", "webhook_url": "${receiverUrl}", "callback_metadata": ${METADATA}}`,
    );
    expect(accepted.status).toBe(202);
    const jobId = accepted.body.data.job_id as string;
    await waitForJob(stack.url, key, jobId);
    const deadline = Date.now() + 15_000;
    const completed = () => bodies.find((b) => b.includes(jobId) && b.includes('"job.completed"'));
    while (!completed() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    const ofJob = bodies.filter((b) => b.includes(jobId));
    expect(ofJob.length).toBeGreaterThanOrEqual(2);
    for (const body of ofJob) expect(body).toContain(`"callback_metadata":${METADATA}`);

    const job = await fetch(`${stack.url}/v1/jobs/${jobId}`, { headers: { 'X-API-Key': key } });
    expect(await job.text()).toContain(`"callback_metadata":${METADATA}`);
  });

  it('is limited to 4 KiB as sent: whitespace inside it counts, and a huge one is a 400, never a 500', async () => {
    const org = await newOrganization(stack);
    const ownKey = await org.key('live');
    const send = async (text: string) => {
      const res = await fetch(`${stack.url}/v1/property-frontage/detect`, {
        method: 'POST',
        headers: { 'X-API-Key': ownKey, 'Content-Type': 'application/json' },
        body: Buffer.from(text, 'utf8'),
      });
      return { status: res.status, body: (await res.json()) as Json };
    };
    const withMetadata = (metadata: string) =>
      `{"address": "10 Wattle Street, Ultimo NSW 2007", "callback_metadata": ${metadata}}`;
    // 300 KB of whitespace was stored and returned by every GET; about 1 MB failed to store (a 500).
    for (const padding of [300_000, 1_000_000]) {
      const res = await send(withMetadata(`{"a": 1${' '.repeat(padding)}}`));
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION_ERROR');
      expect(res.body.error.details.map((d: Json) => d.path)).toEqual(['callback_metadata']);
    }
    // Over the API's 1 MiB body limit: a 413, also when the bulk is callback_metadata.
    const tooLarge = await send(withMetadata(`{"a": 1${' '.repeat(1024 * 1024)}}`));
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body.error.code).toBe('PAYLOAD_TOO_LARGE');
    const list = await fetch(`${stack.url}/v1/jobs`, { headers: { 'X-API-Key': ownKey } });
    expect(((await list.json()) as Json).data.jobs).toHaveLength(0);
  });

  it('refuses a NUL or a lone surrogate in it (keys too), and bytes that are not UTF-8, naming them', async () => {
    const nul = await post(
      '{"address": "10 Wattle Street, Ultimo NSW 2007", "callback_metadata": {"a": "x\\u0000"}}',
    );
    expect(nul.status).toBe(400);
    expect(nul.body.error.details.map((d: Json) => d.path)).toEqual(['callback_metadata.a']);
    const name = await post(
      '{"address": "10 Wattle Street, Ultimo NSW 2007", "callback_metadata": {"\\ud800": 1}}',
    );
    expect(name.status).toBe(400);
    expect(name.body.error.details[0].message).toContain('its name contains an unpaired UTF-16 surrogate');
    // 0xC3 begins a two-byte character that 0x28 does not continue.
    const bytes = Buffer.concat([
      Buffer.from('{"address": "10 Wattle Street, Ultimo NSW 2007", "callback_metadata": {"a": "'),
      Buffer.from([0xc3, 0x28]),
      Buffer.from('"}}'),
    ]);
    const res = await fetch(`${stack.url}/v1/property-frontage/detect`, {
      method: 'POST',
      headers: { 'X-API-Key': key, 'Content-Type': 'application/json' },
      body: bytes,
    });
    const answer = (await res.json()) as Json;
    expect(res.status).toBe(400);
    expect(answer.error.code).toBe('INVALID_JSON');
    expect(answer.error.message).toContain('not valid UTF-8');
  });

  it('accepts a body that starts with a UTF-8 byte order mark', async () => {
    const res = await post('\uFEFF{"address": "10 Wattle Street, Ultimo NSW 2007"}');
    expect(res.status).toBe(202);
  });
});
