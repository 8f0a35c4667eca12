import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import {
  generateWebhookSecret,
  signWebhook,
  webhookHeaders,
} from '../../../functions/core/webhooks/signature.ts';

// The vector of the reference JavaScript library's "sign function works" test
// (standard-webhooks/libraries/javascript/src/webhook.test.ts).
const SPEC_SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const SPEC_ID = 'msg_p5jXN8AQM9LWM0D4loKWxJek';
const SPEC_TIMESTAMP = 1614265330;
const SPEC_PAYLOAD = '{"test": 2432232314}';
const SPEC_SIGNATURE = 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=';

const nowSeconds = () => Math.floor(Date.now() / 1000);

describe('Standard Webhooks signing', () => {
  it('matches the reference test vector exactly', () => {
    const signature = signWebhook({
      id: SPEC_ID,
      timestamp: SPEC_TIMESTAMP,
      body: SPEC_PAYLOAD,
      secrets: [SPEC_SECRET],
    });
    expect(signature).toBe(SPEC_SIGNATURE);
    // The reference implementation itself agrees on the same inputs.
    expect(new Webhook(SPEC_SECRET).sign(SPEC_ID, new Date(SPEC_TIMESTAMP * 1000), SPEC_PAYLOAD)).toBe(
      signature,
    );
  });

  it('accepts the secret with or without the whsec_ prefix, like the reference libraries', () => {
    const params = { id: SPEC_ID, timestamp: SPEC_TIMESTAMP, body: SPEC_PAYLOAD };
    expect(signWebhook({ ...params, secrets: [SPEC_SECRET.slice('whsec_'.length)] })).toBe(SPEC_SIGNATURE);
  });

  it('generates whsec_ secrets holding 32 random bytes', () => {
    const secrets = new Set<string>();
    for (let i = 0; i < 20; i += 1) {
      const secret = generateWebhookSecret();
      expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
      expect(Buffer.from(secret.slice(6), 'base64')).toHaveLength(32);
      secrets.add(secret);
    }
    expect(secrets.size).toBe(20);
  });

  it('produces headers the reference verifier accepts, for a range of payloads', () => {
    const secret = generateWebhookSecret();
    const payloads = [
      '{}',
      '{"type":"job.succeeded","data":{"jobId":"0190b6a3-7c1d-7000-8000-000000000001"}}',
      JSON.stringify({
        address: '1 Smith St, Fitzroy VIC 3065',
        note: 'unicode: café ✓ 🏠',
        n: [1, 2.5, -3],
      }),
      JSON.stringify({ nested: { deep: { list: Array.from({ length: 200 }, (_, i) => i) } } }),
      '{"spaces and newlines":\n  "are signed byte for byte"\n}',
    ];
    for (const body of payloads) {
      const headers = webhookHeaders({
        id: `msg_${body.length}`,
        timestamp: nowSeconds(),
        body,
        secrets: [secret],
      });
      expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
    }
  });

  it('sets every delivery header', () => {
    const headers = webhookHeaders({
      id: SPEC_ID,
      timestamp: SPEC_TIMESTAMP,
      body: SPEC_PAYLOAD,
      secrets: [SPEC_SECRET],
    });
    expect(headers).toEqual({
      'webhook-id': SPEC_ID,
      'webhook-timestamp': '1614265330',
      'webhook-signature': SPEC_SIGNATURE,
      'content-type': 'application/json',
      'user-agent': 'PropertyMediaWebhooks/1.0',
    });
  });

  it('signs with both secrets during a rotation, so a receiver holding either one verifies', () => {
    const oldSecret = generateWebhookSecret();
    const newSecret = generateWebhookSecret();
    const body = '{"type":"job.failed"}';
    const headers = webhookHeaders({
      id: 'msg_rotation',
      timestamp: nowSeconds(),
      body,
      secrets: [oldSecret, newSecret],
    });
    const signatures = headers['webhook-signature']!.split(' ');
    expect(signatures).toHaveLength(2);
    for (const signature of signatures) expect(signature).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
    expect(new Webhook(oldSecret).verify(body, headers)).toEqual({ type: 'job.failed' });
    expect(new Webhook(newSecret).verify(body, headers)).toEqual({ type: 'job.failed' });
    expect(() => new Webhook(generateWebhookSecret()).verify(body, headers)).toThrow(
      WebhookVerificationError,
    );
  });

  it('is rejected when the body, timestamp or id was tampered with', () => {
    const secret = generateWebhookSecret();
    const body = '{"type":"job.succeeded","amount":1}';
    const timestamp = nowSeconds();
    const headers = webhookHeaders({ id: 'msg_tamper', timestamp, body, secrets: [secret] });
    const verifier = new Webhook(secret);
    expect(() => verifier.verify(body, headers)).not.toThrow();
    expect(() => verifier.verify('{"type":"job.succeeded","amount":2}', headers)).toThrow(
      WebhookVerificationError,
    );
    expect(() => verifier.verify(`${body} `, headers)).toThrow(WebhookVerificationError);
    expect(() => verifier.verify(body, { ...headers, 'webhook-timestamp': String(timestamp - 1) })).toThrow(
      WebhookVerificationError,
    );
    expect(() => verifier.verify(body, { ...headers, 'webhook-id': 'msg_other' })).toThrow(
      WebhookVerificationError,
    );
  });

  it('is rejected by the reference verifier when the timestamp is stale (replay)', () => {
    const secret = generateWebhookSecret();
    const body = '{}';
    const headers = webhookHeaders({
      id: 'msg_old',
      timestamp: nowSeconds() - 3600,
      body,
      secrets: [secret],
    });
    expect(() => new Webhook(secret).verify(body, headers)).toThrow(WebhookVerificationError);
  });

  it('refuses to sign without a usable secret or with a non-integer timestamp', () => {
    const base = { id: 'msg_x', timestamp: SPEC_TIMESTAMP, body: '{}' };
    expect(() => signWebhook({ ...base, secrets: [] })).toThrow(/at least one/i);
    expect(() => signWebhook({ ...base, secrets: ['whsec_'] })).toThrow(/base64/);
    expect(() => signWebhook({ ...base, secrets: ['whsec_not base64!'] })).toThrow(/base64/);
    expect(() => signWebhook({ ...base, timestamp: 1.5, secrets: [SPEC_SECRET] })).toThrow(RangeError);
    expect(() => signWebhook({ ...base, timestamp: -1, secrets: [SPEC_SECRET] })).toThrow(RangeError);
  });
});
