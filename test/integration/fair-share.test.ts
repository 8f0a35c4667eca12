// Fair share on the local stack (issue 36): an organization with its limit of jobs processing (virtual
// stagings whose room photo URL hangs until the test hangs up) gets its next job accepted and
// left queued as waiting_for_your_other_jobs, never refused; that job starts when one of the others ends
// and completes; a waiting job can be canceled; another organization's job is not held up meanwhile; and
// once every job has ended the organization holds no slot.
import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DynamoJobSlots } from '../../functions/adapters/dynamodb/job-slots.ts';
import { WAITING_STAGE } from '../../functions/core/limits/job-slots.ts';
import { STAGES } from '../../lib/config/stages.ts';
import { storeCredentials } from '../../local/store-credentials.ts';
import { call, type Json, waitForJob } from '../support/http-client.ts';
import { newOrganization } from '../support/local-stack-process.ts';
import { sharedStack } from '../support/shared-stack.ts';

const stack = sharedStack();
const LIMIT = STAGES.local.jobConcurrency.liveDefault;
let server: Server;
let hangingUrl: string;
const sockets = new Set<Socket>();

beforeAll(async () => {
  // Accepts and never answers: a download from it runs into its deadline.
  server = createServer(() => {});
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  hangingUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await new Promise((resolve) => server?.close(resolve));
});

const slots = () =>
  new DynamoJobSlots(
    DynamoDBDocumentClient.from(
      new DynamoDBClient({
        endpoint: stack.info.endpoints.dynamodb,
        region: stack.info.region,
        credentials: storeCredentials(stack.dataDir),
      }),
    ),
    stack.info.tables.jobs,
  );

describe('fair share', () => {
  it('leaves a job beyond the organization’s limit queued and waiting, starts it when a slot frees, and does not hold up another organization', async () => {
    const org = await newOrganization(stack);
    const key = await org.key('live');
    const other = await (await newOrganization(stack)).key('live');

    // LIMIT stagings that hold the organization's slots for the download deadline.
    const hanging = await Promise.all(
      Array.from({ length: LIMIT }, (_, i) =>
        call<Json>(stack.url, 'POST', '/v1/virtual-staging/generate', {
          key,
          body: { image_url: `${hangingUrl}/rooms/${i}.jpg`, room_type: 'living room' },
        }),
      ),
    );
    expect(hanging.map((r) => r.status)).toEqual(hanging.map(() => 202));

    // The next one is accepted (202, queued) and waits: its start was refused a slot before the answer.
    const next = await call<Json>(stack.url, 'POST', '/v1/property-frontage/detect', {
      key,
      body: { address: '10 Wattle Street, Ultimo NSW 2007' },
    });
    expect(next.status).toBe(202);
    const waiting = await call<Json>(stack.url, 'GET', `/v1/jobs/${next.body.data.job_id}`, { key });
    expect(waiting.body.data).toMatchObject({ status: 'queued', progress: { stage: WAITING_STAGE } });

    // A waiting job can be canceled like any queued one.
    const toCancel = await call<Json>(stack.url, 'POST', '/v1/property-frontage/detect', {
      key,
      body: { address: '1 Martin Place, Sydney NSW 2000' },
    });
    const canceled = await call<Json>(stack.url, 'POST', `/v1/jobs/${toCancel.body.data.job_id}/cancel`, {
      key,
    });
    expect(canceled.body.data.status).toBe('canceled');

    // Another organization's job completes while this one's slots hang.
    const started = Date.now();
    const otherJob = await call<Json>(stack.url, 'POST', '/v1/property-frontage/detect', {
      key: other,
      body: { address: '22 Jacaranda Avenue, Toowong QLD 4066' },
    });
    expect((await waitForJob(stack.url, other, otherJob.body.data.job_id, 60_000)).status).toBe('completed');
    const held = await slots().list();
    const holders = held.find((h) => h.tenant.orgId === org.orgId)?.holders ?? [];
    expect(holders).toHaveLength(LIMIT);
    expect(holders).not.toContain(next.body.data.job_id);
    console.log(`another organization's frontage job completed in ${Date.now() - started} ms`);

    // The photo server hangs up: each staging fails with its own code at once (not at its 20 s download
    // deadline); the waiting job then starts and completes.
    for (const socket of sockets) socket.destroy();
    server.close();
    for (const r of hanging) {
      const job = await waitForJob(stack.url, key, r.body.data.job_id, 90_000);
      expect(job.error?.code).toBe('IMAGE_DOWNLOAD_FAILED');
    }
    expect((await waitForJob(stack.url, key, next.body.data.job_id, 90_000)).status).toBe('completed');

    // No slot stays taken once every job has ended (the end event gives it back just after).
    let left = LIMIT;
    for (let i = 0; i < 50 && left > 0; i += 1) {
      left = (await slots().list())
        .filter((h) => h.tenant.orgId === org.orgId)
        .flatMap((h) => h.holders).length;
      if (left > 0) await new Promise((r) => setTimeout(r, 200));
    }
    expect(left).toBe(0);
  }, 180_000);
});
