// Standard Webhooks (https://www.standardwebhooks.com/, spec v1) signing. Receivers verify our
// deliveries with any Standard Webhooks library, so the signed content, the key derivation and the
// header names follow the spec exactly rather than anything of our own.
import { createHmac, randomBytes } from 'node:crypto';

const SECRET_PREFIX = 'whsec_';
// Strict base64: Buffer.from(..., 'base64') silently skips invalid characters, which would turn a
// mistyped secret into a different (but valid-looking) key instead of an error.
const BASE64_PATTERN = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=|[A-Za-z0-9+/]{2,3})?$/;

interface SignWebhookParams {
  /** The message id (webhook-id); stays the same across retries so receivers can deduplicate. */
  id: string;
  /** Unix seconds of this attempt (webhook-timestamp); receivers reject stale ones to stop replays. */
  timestamp: number;
  /** The exact body bytes that are sent; any re-serialization after signing breaks verification. */
  body: string;
  /** Current secrets; during a rotation both old and new, so a receiver holding either verifies. */
  secrets: readonly string[];
}

/** A new signing secret: whsec_ + base64 of 32 random bytes (a 256-bit key, SHA-256's output size). */
export function generateWebhookSecret(): string {
  return `${SECRET_PREFIX}${randomBytes(32).toString('base64')}`;
}

/** The HMAC key: the base64-decoded part after whsec_ (the prefix is optional, as in the reference libraries). */
function secretKey(secret: string): Buffer {
  const encoded = secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret;
  if (encoded.length === 0 || !BASE64_PATTERN.test(encoded)) {
    throw new Error('Webhook secret must be whsec_ followed by non-empty base64.');
  }
  return Buffer.from(encoded, 'base64');
}

/** The webhook-signature header value: `v1,<base64 HMAC>` per secret, space separated. */
export function signWebhook(params: SignWebhookParams): string {
  const { id, timestamp, body, secrets } = params;
  if (secrets.length === 0) throw new Error('At least one webhook secret is required to sign a delivery.');
  // Receivers parse the header as an integer; a fractional or negative value would sign content
  // that no verifier reconstructs.
  if (!Number.isSafeInteger(timestamp) || timestamp < 0) {
    throw new RangeError('Webhook timestamp must be a non-negative integer number of seconds.');
  }
  const content = `${id}.${timestamp}.${body}`;
  const signatures = secrets.map(
    (secret) => `v1,${createHmac('sha256', secretKey(secret)).update(content, 'utf8').digest('base64')}`,
  );
  // The same secret listed twice (e.g. a rotation that re-added it) would only repeat a signature.
  return [...new Set(signatures)].join(' ');
}

/** Every header a delivery carries, signature included. */
export function webhookHeaders(params: SignWebhookParams): Record<string, string> {
  return {
    'webhook-id': params.id,
    'webhook-timestamp': String(params.timestamp),
    'webhook-signature': signWebhook(params),
    'content-type': 'application/json',
    'user-agent': 'PropertyMediaWebhooks/1.0',
  };
}
