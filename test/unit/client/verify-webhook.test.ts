// The client's verifyWebhook accepts exactly what the service signs (functions/core/webhooks/signature.ts)
// and what the Standard Webhooks reference library accepts: valid, tampered, stale and future
// timestamps, a rotated secret (both signatures sent for 24 h), a wrong secret, missing headers.
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { verifyWebhook, WebhookVerificationError } from '../../../clients/typescript/src/index.ts';
import { generateWebhookSecret, webhookHeaders } from '../../../functions/core/webhooks/signature.ts';

const oldSecret = generateWebhookSecret();
const newSecret = generateWebhookSecret();
const body = JSON.stringify({
  type: 'job.completed',
  id: 'evt_0193a0b2',
  timestamp: '2026-05-01T10:00:00.000Z',
  data: { job_id: '0193a0b2-0000-7000-8000-000000000001', status: 'completed' },
});
const now = new Date('2026-05-01T10:00:03.000Z');
const timestamp = Math.floor(now.getTime() / 1000) - 3;
const signed = (secrets: string[], at = timestamp, content = body) =>
  webhookHeaders({ id: 'evt_0193a0b2', timestamp: at, body: content, secrets });

function rejects(run: () => unknown, message: RegExp) {
  expect(run).toThrow(WebhookVerificationError);
  expect(run).toThrow(message);
}

describe('verifyWebhook', () => {
  it('returns the event of a delivery signed with the secret', () => {
    const event = verifyWebhook(body, signed([newSecret]), newSecret, { now });
    expect(event).toMatchObject({ type: 'job.completed', data: { status: 'completed' } });
    // Bytes, a Headers object and the reference library agree.
    expect(verifyWebhook(Buffer.from(body), new Headers(signed([newSecret])), [newSecret], { now })).toEqual(
      event,
    );
    expect(() =>
      new Webhook(newSecret).verify(body, signed([newSecret], Math.floor(Date.now() / 1000))),
    ).not.toThrow();
  });

  it('refuses a tampered body', () => {
    const headers = signed([newSecret]);
    rejects(
      () => verifyWebhook(body.replace('completed', 'failed'), headers, newSecret, { now }),
      /No webhook signature/,
    );
    rejects(() => verifyWebhook(`${body} `, headers, newSecret, { now }), /No webhook signature/);
  });

  it('refuses a timestamp more than 5 minutes old or ahead (replays)', () => {
    const stale = signed([newSecret], timestamp - 301);
    rejects(() => verifyWebhook(body, stale, newSecret, { now }), /more than 300 s/);
    const ahead = signed([newSecret], timestamp + 400);
    rejects(() => verifyWebhook(body, ahead, newSecret, { now }), /more than 300 s/);
    // A wider tolerance is the receiver's choice.
    expect(verifyWebhook(body, stale, newSecret, { now, toleranceSeconds: 600 }).type).toBe('job.completed');
    // The timestamp is signed: moving it into the window breaks the signature.
    const moved = { ...stale, 'webhook-timestamp': String(timestamp) };
    rejects(() => verifyWebhook(body, moved, newSecret, { now }), /No webhook signature/);
  });

  it('verifies during a secret rotation with either secret, and refuses any other secret', () => {
    const rotating = signed([newSecret, oldSecret]);
    expect(rotating['webhook-signature']!.split(' ')).toHaveLength(2);
    expect(verifyWebhook(body, rotating, oldSecret, { now }).type).toBe('job.completed');
    expect(verifyWebhook(body, rotating, newSecret, { now }).type).toBe('job.completed');
    // A receiver that already switched but still lists the old secret, and one that has only the new one
    // while the delivery is signed by the new one alone (after the overlap).
    expect(verifyWebhook(body, signed([newSecret]), [oldSecret, newSecret], { now }).type).toBe(
      'job.completed',
    );
    rejects(() => verifyWebhook(body, signed([newSecret]), oldSecret, { now }), /No webhook signature/);
    rejects(() => verifyWebhook(body, rotating, generateWebhookSecret(), { now }), /No webhook signature/);
  });

  it('refuses missing headers and malformed secrets', () => {
    const headers = signed([newSecret]);
    for (const name of ['webhook-id', 'webhook-timestamp', 'webhook-signature']) {
      const { [name]: _dropped, ...rest } = headers;
      rejects(() => verifyWebhook(body, rest, newSecret, { now }), /Missing/);
    }
    rejects(() => verifyWebhook(body, headers, 'whsec_not base64!', { now }), /base64/);
  });
});
