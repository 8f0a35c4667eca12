// Webhook endpoints whose host name resolves to a private address (names like hook.10.0.0.1.nip.io, or
// one answering 169.254.169.254, the cloud metadata service), with a stub resolver in place of DNS:
// refused when the endpoint is registered or its URL changed (422 URL_NOT_ALLOWED naming the url), and,
// for a name that resolved publicly then and privately later (DNS rebinding), refused at every delivery
// by the real sender, never connected to, with the endpoint's attempt on the event saying why.
import { describe, expect, it } from 'vitest';
import type { ApiError } from '../../../functions/core/errors.ts';
import type { Job } from '../../../functions/core/jobs/job.ts';
import type { AddressLookup } from '../../../functions/core/outbound/url-policy.ts';
import { webhookDeliveryPolicy } from '../../../functions/core/outbound/url-policy.ts';
import { getEvent } from '../../../functions/core/use-cases/events.ts';
import { type DeliveryPorts, deliverWebhook } from '../../../functions/core/webhooks/deliver-event.ts';
import {
  createEndpoint,
  type EndpointPorts,
  updateEndpoint,
} from '../../../functions/core/webhooks/endpoints.ts';
import type { WebhookMessage } from '../../../functions/core/webhooks/events.ts';
import { postWebhook } from '../../../functions/core/webhooks/http-sender.ts';
import { fakeAccountStore, fakeJobStore, memoryEndpointStore, memoryEventLog } from '../../support/fakes.ts';

const T0 = new Date('2026-11-22T00:00:00.000Z');
const tenant = { orgId: 'acme', mode: 'live' as const };
const deployed = { allowHttp: false, allowLoopback: false };

const job: Job = {
  jobId: '01a20000-0000-7000-8000-000000000001',
  orgId: 'acme',
  mode: 'live',
  jobType: 'frontage_detection',
  status: 'completed',
  createdAt: T0.toISOString(),
  updatedAt: T0.toISOString(),
  progress: { percent: 100, stage: 'completed' },
  input: {},
  output: { bearing: 90 },
};

/** DNS as the test says it is: each name's addresses, and every name asked for. */
function stubResolver(answers: Record<string, string[]>) {
  const asked: string[] = [];
  const lookup: AddressLookup = async (host) => {
    asked.push(host);
    const addresses = answers[host];
    if (!addresses) throw Object.assign(new Error(`queryA ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  return { lookup, asked };
}

async function refused(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error, 'expected a refusal').toBeDefined();
  return error as ApiError;
}

describe('webhook endpoint hosts that resolve to private addresses', () => {
  it('are refused when registered or changed, naming the url and why', async () => {
    const { lookup } = stubResolver({
      'hook.10.0.0.1.nip.io': ['10.0.0.1'],
      'metadata.169.254.169.254.nip.io': ['169.254.169.254'],
      'mixed.example.com': ['203.0.114.9', '192.168.1.10'],
      'hooks.example.com': ['203.0.114.7'],
    });
    const ports: EndpointPorts = {
      endpoints: memoryEndpointStore(),
      clock: { now: () => T0 },
      webhookPolicy: deployed,
      lookup,
    };
    for (const host of ['hook.10.0.0.1.nip.io', 'metadata.169.254.169.254.nip.io', 'mixed.example.com']) {
      const error = await refused(
        createEndpoint(ports, tenant, { url: `https://${host}/hooks`, enabled_events: ['*'] }),
      );
      expect(error.code).toBe('URL_NOT_ALLOWED');
      expect(error.status).toBe(422);
      expect(error.message).toMatch(
        new RegExp(`^url is not allowed: The host ${host.replaceAll('.', '\\.')} resolves to a private`),
      );
    }
    // A public name is registered; changing its URL to a private one is refused the same way.
    const endpoint = await createEndpoint(ports, tenant, {
      url: 'https://hooks.example.com/pms',
      enabled_events: ['*'],
    });
    const change = await refused(
      updateEndpoint(ports, tenant, endpoint.id, { url: 'https://hook.10.0.0.1.nip.io/x' }),
    );
    expect(change.code).toBe('URL_NOT_ALLOWED');
    // A name that does not resolve (yet) is left to the deliveries, which check it every time.
    await createEndpoint(ports, tenant, { url: 'https://not-yet.example.com/hooks', enabled_events: ['*'] });
  });

  it('are refused at delivery by the real sender, and the endpoint’s attempt says why', async () => {
    // Public when registered; private at delivery time (a name the attacker controls).
    const dns: Record<string, string[]> = {
      'hook.rebind.example': ['203.0.114.7'],
      'meta.rebind.example': ['203.0.114.8'],
    };
    const { lookup, asked } = stubResolver(dns);
    const endpoints = memoryEndpointStore();
    const clock = { now: () => T0 };
    const ports: EndpointPorts = { endpoints, clock, webhookPolicy: deployed, lookup };
    const a = await createEndpoint(ports, tenant, {
      url: 'https://hook.rebind.example/x',
      enabled_events: ['*'],
    });
    const b = await createEndpoint(ports, tenant, {
      url: 'https://meta.rebind.example/latest',
      enabled_events: ['*'],
    });
    dns['hook.rebind.example'] = ['10.0.0.1'];
    dns['meta.rebind.example'] = ['169.254.169.254'];

    const eventLog = memoryEventLog();
    const queued: WebhookMessage[] = [];
    const policy = { ...webhookDeliveryPolicy(deployed), lookup };
    const delivery: DeliveryPorts = {
      jobs: fakeJobStore({ get: async () => job, recordWebhookAttempt: async () => undefined }),
      accounts: fakeAccountStore(),
      signer: { sign: async (key: string) => ({ url: `https://media/${key}`, expiresAt: T0.toISOString() }) },
      queue: {
        enqueue: async (m) => void queued.push(m as WebhookMessage),
        deadLetter: async () => undefined,
      },
      retryScheduleSeconds: [0, 5, 300],
      ...deployed,
      clock,
      send: (url, headers, body) => postWebhook(url, headers, body, policy),
      endpoints,
      eventLog,
      eventRetentionDays: 30,
      endpointDisableAfterDays: 3,
    };
    const event: WebhookMessage = {
      event_id: 'evt_0193a0b2000070008000000000000e01',
      type: 'job.completed',
      created_at: T0.toISOString(),
      job: { job_id: job.jobId, org_id: 'acme', mode: 'live', job_type: 'frontage_detection' },
      status: 'completed',
      progress: { percent: 100, stage: 'completed' },
      attempt: 1,
    };
    await deliverWebhook(delivery, event);
    expect(queued).toHaveLength(2);
    asked.length = 0;
    for (const message of queued.splice(0)) await deliverWebhook(delivery, message);
    // Each delivery resolved its host again, and went no further.
    expect(asked.sort()).toEqual(['hook.rebind.example', 'meta.rebind.example']);

    const recorded = await getEvent({ eventLog }, tenant, event.event_id);
    expect(recorded.delivery_success).toBe(false);
    const byEndpoint = new Map(recorded.deliveries!.map((d) => [d.endpoint_id, d]));
    for (const [endpoint, host] of [
      [a, 'hook.rebind.example'],
      [b, 'meta.rebind.example'],
    ] as const) {
      const attempt = byEndpoint.get(endpoint.id)!.attempts[0]!;
      expect(attempt).toMatchObject({ delivered: false, status_code: null, outcome: 'retrying' });
      expect(attempt.error).toBe(
        `refused: The host ${host} resolves to a private, loopback, link-local or otherwise reserved address; use a publicly reachable host.`,
      );
    }
  });
});
