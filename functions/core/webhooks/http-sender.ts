// One webhook POST under the webhook-delivery policy (core/outbound/url-policy.ts): to the address that
// was just checked (the connection is pinned to it, so a DNS answer that changes between check and
// connect cannot redirect it), within a deadline, never following redirects. Resolves with the outcome; never throws for the receiver's faults.
import * as http from 'node:http';
import * as https from 'node:https';
import { type OutboundPolicy, pinnedLookup, resolveAndCheck } from '../outbound/url-policy.ts';
import { RESPONSE_BODY_LIMIT_BYTES } from './event-log.ts';

export interface SendOutcome {
  readonly statusCode?: number;
  readonly retryAfter?: string;
  /** The first RESPONSE_BODY_LIMIT_BYTES of the answer's body (the event log shows them). */
  readonly responseBody?: string;
  /** Set when no HTTP status came back (refused address, DNS, connection, timeout). */
  readonly error?: string;
}

/** What a POST needs of its policy: webhookDeliveryPolicy(stage) in the delivery Lambda. */
type SendOptions = Pick<OutboundPolicy, 'timeoutMs' | 'allowLoopback' | 'lookup'>;

export async function postWebhook(
  url: URL,
  headers: Record<string, string>,
  body: string,
  options: SendOptions,
): Promise<SendOutcome> {
  const started = Date.now();
  const check = await resolveAndCheck(url.hostname.replace(/^\[|\]$/g, ''), {
    allowLoopback: options.allowLoopback,
    ...(options.lookup ? { lookup: options.lookup } : {}),
  });
  if (!check.ok) return { error: `refused: ${check.reason}` };
  const remaining = Math.max(1, options.timeoutMs - (Date.now() - started));
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<SendOutcome>((resolve) => {
    const request = client.request(
      url,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        lookup: pinnedLookup(check.address, check.family),
        agent: false,
        timeout: remaining,
      },
      (response) => {
        // Keep the first bytes of the body for the event log; drain the rest so the socket closes.
        const kept: Buffer[] = [];
        let keptBytes = 0;
        response.on('data', (chunk: Buffer) => {
          if (keptBytes >= RESPONSE_BODY_LIMIT_BYTES) return;
          const part = chunk.subarray(0, RESPONSE_BODY_LIMIT_BYTES - keptBytes);
          kept.push(part);
          keptBytes += part.length;
        });
        const done = () =>
          resolve({
            statusCode: response.statusCode,
            retryAfter: response.headers['retry-after'],
            responseBody: Buffer.concat(kept).toString('utf8'),
          });
        response.on('end', done);
        response.on('error', done);
      },
    );
    const deadline = setTimeout(
      () => request.destroy(new Error(`no response within ${options.timeoutMs} ms`)),
      remaining,
    );
    request.on('timeout', () => request.destroy(new Error(`no response within ${options.timeoutMs} ms`)));
    request.on('error', (error) => resolve({ error: error.message }));
    request.on('close', () => clearTimeout(deadline));
    request.end(body);
  });
}
