// The developer dashboard in headless Chromium (Debian's) against the shared local stack: sign in with a
// one-time link printed by the keys CLI, create/rotate/revoke a key (secret shown once), rotate the
// webhook secret, manage a webhook endpoint (secret once, ping, disable and enable with the replay offer,
// attempts, resends, edit, rotate, delete), add and remove an imagery source (its key write-only), find a
// frontage job with its timeline, media preview and webhook attempts, see usage; make an office and a
// brand kit from their pages, whose deletes are refused while in use.
// Screenshots are checked (size, not blank, regions that must change do change). With
// WRITE_DOC_IMAGES=1 the job, audit, members, offices and brand kits pages are written to
// docs/images/dashboard-*.jpg for the README.
// Every answer of the dashboard API, to the page or to the test client, is checked against the OpenAPI
// document, and every dashboard operation must have been seen answering its success status.
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { type Browser, chromium, type Page, type Response } from 'playwright-core';
import sharp from 'sharp';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ROUTES } from '../../functions/api/routes.ts';
import { call, type Json, waitForJob } from '../support/http-client.ts';
import { newOrganization, PROJECT_ROOT, type StackHandle } from '../support/local-stack-process.ts';
import { checkedAnswers, contractProblems } from '../support/openapi-contract.ts';
import { sharedStack } from '../support/shared-stack.ts';

const VIEWPORT = { width: 1280, height: 860 };
const run = promisify(execFile);

/**
 * Holds back the answer to the first request to `url` (of `method`, when given), as on a slow connection,
 * until `release()`; `holding` resolves once that request is held. `stop()` lets it go and ends the holding.
 */
async function holdFirstAnswer(page: Page, url: string, method?: string) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let held!: () => void;
  const holding = new Promise<void>((resolve) => (held = resolve));
  let seen = 0;
  await page.route(url, async (route) => {
    if (method === undefined || route.request().method() === method) {
      seen += 1;
      if (seen === 1) {
        held();
        await released;
      }
    }
    await route.continue();
  });
  return {
    holding,
    release,
    async stop() {
      release();
      await page.unroute(url);
    },
  };
}

/** A sign-in link from the keys CLI, as a developer gets one (the first owner's, or a member's by email). */
async function signInLink(stack: StackHandle, orgId: string, email?: string): Promise<string> {
  const { stdout } = await run(
    process.execPath,
    [
      ...['--import', 'tsx', 'bin/keys.ts', 'signin-link', '--org', orgId, '--data-dir', stack.dataDir],
      ...(email ? ['--email', email] : []),
    ],
    { cwd: PROJECT_ROOT },
  );
  const link = stdout.trim().split('\n').at(-1)!;
  expect(link).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/dashboard\/#sign-in=dsi_[0-9A-Za-z]{43}$/);
  return link;
}

/** Pixel statistics of a screenshot (or a region of it): size, and the spread of its luminance. */
async function probe(png: Buffer, region?: { left: number; top: number; width: number; height: number }) {
  const image = sharp(png);
  const meta = await image.metadata();
  const stats = await (region ? image.extract(region) : image).greyscale().stats();
  return {
    width: meta.width,
    height: meta.height,
    stdev: stats.channels[0]!.stdev,
    mean: stats.channels[0]!.mean,
  };
}

/** Mean absolute difference (0-255) of two screenshots' grey levels inside a region. */
async function meanDifference(
  a: Buffer,
  b: Buffer,
  region: { left: number; top: number; width: number; height: number },
): Promise<number> {
  const grey = (png: Buffer) => sharp(png).extract(region).greyscale().raw().toBuffer();
  const [x, y] = await Promise.all([grey(a), grey(b)]);
  let sum = 0;
  for (let i = 0; i < x.length; i += 1) sum += Math.abs(x[i]! - y[i]!);
  return sum / x.length;
}

/** Differences between the document and the API answers the page received. */
const pageAnswerProblems: string[] = [];
const pageAnswerChecks: Promise<void>[] = [];

function checkPageAnswer(response: Response): void {
  const url = new URL(response.url());
  if (!url.pathname.startsWith('/v1/')) return;
  const method = response.request().method();
  const path = `${url.pathname}${url.search}`;
  pageAnswerChecks.push(
    response.text().then(
      (text) => {
        const headers = response.headers();
        const problems = contractProblems({
          method,
          path,
          status: response.status(),
          headers: { get: (name) => headers[name.toLowerCase()] ?? null },
          text,
        });
        pageAnswerProblems.push(...problems.map((p) => `${method} ${path} → ${response.status()}: ${p}`));
      },
      // The page went on before the body was read (a navigation): nothing to check.
      () => undefined,
    ),
  );
}

async function regionOf(page: Page, testid: string) {
  const box = (await page.getByTestId(testid).first().boundingBox())!;
  return {
    left: Math.floor(box.x),
    top: Math.floor(box.y),
    width: Math.min(Math.floor(box.width), VIEWPORT.width - Math.floor(box.x)),
    height: Math.min(Math.floor(box.height), VIEWPORT.height - Math.floor(box.y)),
  };
}

describe('developer dashboard (headless Chromium)', () => {
  let stack: StackHandle;
  let browser: Browser;
  let page: Page;
  let orgId: string;
  let testKey: string;
  let org: Awaited<ReturnType<typeof newOrganization>>;
  let receiver: Server;
  let receiverUrl: string;

  beforeAll(async () => {
    stack = sharedStack();
    org = await newOrganization(stack);
    orgId = org.orgId;
    testKey = await org.key('test');
    receiver = createServer((_req, res) => res.writeHead(204).end());
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
    browser = await chromium.launch({
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
    page = await browser.newPage({ viewport: VIEWPORT });
    page.on('dialog', (dialog) => void dialog.accept());
    page.on('response', checkPageAnswer);
  }, 120_000);

  // What the page showed when a test failed: a CI run keeps only its log.
  beforeEach(({ onTestFailed }) =>
    onTestFailed(async ({ task }) => {
      const text = await page
        ?.locator('body')
        .innerText({ timeout: 5_000 })
        .catch((e: Error) => e.message);
      console.error(
        `The dashboard at ${page?.url()} when "${task.name}" failed:\n${String(text).slice(0, 2000)}`,
      );
    }),
  );

  afterAll(async () => {
    await browser?.close();
    await new Promise<void>((resolve) => (receiver ? receiver.close(() => resolve()) : resolve()));
  });

  it('serves the page with a strict Content-Security-Policy and no sign-in without a link', async () => {
    const response = await fetch(`${stack.url}/dashboard/`);
    expect(response.status).toBe(200);
    const csp = response.headers.get('content-security-policy')!;
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-inline');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    await page.goto(`${stack.url}/dashboard/`);
    await page.getByTestId('sign-in').waitFor();
  });

  it('signs in with a one-time link, which then cannot be used again', async () => {
    const link = await signInLink(stack, orgId);
    await page.goto(link);
    await page.getByTestId('keys-table').waitFor();
    expect(await page.getByTestId('org-id').textContent()).toBe(orgId);
    expect(page.url()).not.toContain('dsi_'); // the token leaves the address bar and history
    const token = /dsi_\w+/.exec(link)![0];
    const again = await call(stack.url, 'POST', '/v1/dashboard/sessions', { body: { token } });
    expect(again.status).toBe(401);
  });

  it('creates a key whose secret is shown once, then rotates and revokes it', async () => {
    const before = await page.screenshot();
    await page.getByTestId('key-name').fill('Browser test key');
    // Scopes: the page offers the closed set, jobs:read and jobs:write ticked; usage:read is added here.
    expect(await page.getByTestId('key-scope-jobs:write').isChecked()).toBe(true);
    expect(await page.getByTestId('key-scope-jobs:delete').isChecked()).toBe(false);
    await page.getByTestId('key-scope-usage:read').check();
    await page.getByTestId('create-key').click();
    const secret = (await page.getByTestId('new-secret-value').textContent())!;
    expect(secret).toMatch(/^svc_test_[0-9A-Za-z]{40}$/);
    const scoped = page.locator('tr', { hasText: 'Browser test key' }).getByTestId('key-scopes');
    expect(await scoped.textContent()).toBe('jobs:read, jobs:write, usage:read');
    // The server holds the key to them: no webhook endpoints for it.
    const refused = await call<Json>(stack.url, 'GET', '/v1/webhook-endpoints', { key: secret });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('INSUFFICIENT_SCOPE');
    const withSecret = await page.screenshot();
    // The banner region is new content: it differs from the same region before.
    const banner = await regionOf(page, 'new-secret');
    expect(await meanDifference(before, withSecret, banner)).toBeGreaterThan(5);
    expect((await call(stack.url, 'GET', '/v1/jobs', { key: secret })).status).toBe(200);

    // After a reload only the hint remains.
    await page.reload();
    await page.getByTestId('keys-table').waitFor();
    const html = await page.content();
    expect(html).not.toContain(secret);
    expect(html).toContain(`${secret.slice(0, 13)}…${secret.slice(-4)}`);

    const row = page.locator('tr', { hasText: 'Browser test key' }).filter({ hasText: 'active' });
    await row.getByTestId('rotate-key').click();
    await page.getByTestId('new-secret-value').waitFor();
    const replacement = (await page.getByTestId('new-secret-value').textContent())!;
    expect(replacement).not.toBe(secret);
    expect((await call(stack.url, 'GET', '/v1/jobs', { key: secret })).status).toBe(401);
    expect((await call(stack.url, 'GET', '/v1/jobs', { key: replacement })).status).toBe(200);

    const active = page.locator('tr', { hasText: 'Browser test key' }).filter({ hasText: 'active' });
    await active.getByTestId('revoke-key').click();
    await expect
      .poll(async () =>
        page.locator('tr', { hasText: 'Browser test key' }).filter({ hasText: 'active' }).count(),
      )
      .toBe(0);
    expect((await call(stack.url, 'GET', '/v1/jobs', { key: replacement })).status).toBe(401);
  });

  it("binds a new key to one of the organization's offices of its mode, and names each key's office in the list", async () => {
    const made = await call<Json>(stack.url, 'POST', '/v1/offices', {
      key: testKey,
      body: { name: 'Bondi Beach' },
    });
    expect(made.status, made.text).toBe(201);
    const officeId = made.body.data.id as string;
    // The page reads the offices with the keys: reload to see the new one.
    await page.reload();
    await page.getByTestId('keys-table').waitFor();
    await page.getByTestId('key-mode').selectOption('test');
    const offered = await page.getByTestId('key-office').locator('option').allTextContents();
    expect(offered).toEqual(['Whole organization', 'Bondi Beach']);
    await page.getByTestId('key-office').selectOption(officeId);
    await page.getByTestId('key-name').fill('Bondi key');
    await page.getByTestId('create-key').click();
    const secret = (await page.getByTestId('new-secret-value').textContent())!;
    const row = page.locator('tr', { hasText: 'Bondi key' });
    expect(await row.getByTestId('key-office-name').textContent()).toBe('Bondi Beach');
    // The server bound it: its jobs are the office's (a job it makes carries the office).
    const job = await call<Json>(stack.url, 'POST', '/v1/property-frontage/detect', {
      key: secret,
      body: { address: '10 Wattle Street, Ultimo NSW 2007' },
    });
    expect(job.status, job.text).toBe(202);
    const seen = await call<Json>(stack.url, 'GET', `/v1/jobs/${job.body.data.job_id}`, { key: testKey });
    expect(seen.body.data.office_id).toBe(officeId);
    // A live key has no office to choose: the organization has none in live mode.
    await page.getByTestId('key-mode').selectOption('live');
    expect(await page.getByTestId('key-office').isDisabled()).toBe(true);
    await page.getByTestId('key-mode').selectOption('test');
  });

  it("shows the webhook secret masked, reveals it, and rotates it; lists the mode's endpoints and events", async () => {
    await page.getByTestId('nav-webhooks').click();
    const shown = page.getByTestId('webhook-secret');
    await shown.waitFor();
    expect(await shown.textContent()).toContain('•');
    expect(await page.getByTestId('webhook-endpoints').textContent()).toContain('Endpoints');
    expect(await page.getByTestId('webhook-events').textContent()).toContain('Recent events');
    await page.getByTestId('reveal-secret').click();
    const first = (await shown.textContent())!;
    expect(first).toMatch(/^whsec_/);
    await page.getByTestId('rotate-secret').click();
    await page.getByTestId('previous-secrets').waitFor();
    await page.getByTestId('reveal-secret').click();
    const second = (await page.getByTestId('webhook-secret').textContent())!;
    expect(second).toMatch(/^whsec_/);
    expect(second).not.toBe(first);
    const cli = await stack.admin.webhookSecrets(orgId);
    expect(cli.map((s) => s.secret)).toEqual([second, first]);
  });

  it('manages a webhook endpoint: secret once, ping, disable, enable with the replay offer, attempts, resends, edit, rotate, delete', async () => {
    // A receiver that keeps what it is sent.
    const got: Array<{ id: string; headers: Record<string, string>; body: string }> = [];
    const hooks = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => {
        const headers = Object.fromEntries(
          Object.entries(req.headers).map(([k, v]) => [k, String(v)]),
        ) as Record<string, string>;
        got.push({ id: headers['webhook-id']!, headers, body });
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => hooks.listen(0, '127.0.0.1', resolve));
    const hookUrl = `http://127.0.0.1:${(hooks.address() as AddressInfo).port}/endpoint`;
    try {
      await page.getByTestId('endpoint-url').fill(hookUrl);
      await page.getByTestId('endpoint-events').fill('*');
      await page.getByTestId('endpoint-description').fill('Browser endpoint');
      await page.getByTestId('create-endpoint').click();
      const secret = (await page.getByTestId('endpoint-secret-value').textContent())!;
      expect(secret).toMatch(/^whsec_/);
      const row = page.locator('tr', { hasText: 'Browser endpoint' });
      const id = (await row.getAttribute('data-testid'))!.replace('endpoint-row-', '');
      expect(id).toMatch(/^we_/);
      // A ping reaches the receiver, signed with the endpoint's secret. It is sent before the secret is
      // dismissed: the ping's result is shown beside the secret, not in its place.
      await row.getByTestId('test-endpoint').click();
      await page.getByTestId('ping-sent').waitFor();
      expect(await page.getByTestId('endpoint-secret-value').textContent()).toBe(secret);
      await page.getByTestId('dismiss-endpoint-secret').click();
      expect(await page.content()).not.toContain(secret);
      await expect
        .poll(() => got.filter((g) => g.body.includes('"ping"')).length, { timeout: 20_000 })
        .toBe(1);
      const ping = got.find((g) => g.body.includes('"ping"'))!;
      expect(new Webhook(secret).verify(ping.body, ping.headers)).toMatchObject({ type: 'ping' });

      // The test's reads go through the page's session (test keys allow 10 requests a minute), and its one
      // job through a key of its own, leaving the other tests' key its minute.
      const session = await page.evaluate(
        () => JSON.parse(sessionStorage.getItem('pms.dashboard.session')!).token as string,
      );
      const dash = (method: string, path: string, body?: unknown) =>
        call<Json>(stack.url, method, path, { headers: { Authorization: `Bearer ${session}` }, body });
      const ownKey = (await dash('POST', '/v1/dashboard/keys', { mode: 'test', name: 'Webhook test' })).body
        .data.key as string;
      const jobEventIds = async (jobId: string) =>
        (
          (await dash('GET', `/v1/dashboard/events?mode=test&job_id=${jobId}`)).body.data.events as Json[]
        ).map((e) => ({ id: e.id as string, type: e.type as string }));

      // Disabled, it misses a job's events; enabled again, it is offered them and the button replays them.
      await row.getByTestId('disable-endpoint').click();
      await expect.poll(() => row.textContent()).toContain('disabled');
      const accepted = await call<Json>(stack.url, 'POST', '/v1/property-frontage/detect', {
        key: ownKey,
        body: { address: '10 Wattle Street, Ultimo NSW 2007' },
      });
      expect(accepted.status).toBe(202);
      const jobId = accepted.body.data.job_id as string;
      await expect
        .poll(async () => (await jobEventIds(jobId)).some((e) => e.type === 'job.completed'), {
          timeout: 60_000,
          interval: 1000,
        })
        .toBe(true);
      const jobEvents = (await jobEventIds(jobId)).map((e) => e.id);
      expect(got.filter((g) => jobEvents.includes(g.id))).toEqual([]);
      await row.getByTestId('enable-endpoint').click();
      const offer = page.getByTestId('replay-offer');
      await offer.waitFor();
      const missed = Number(/(\d+) missed/.exec((await offer.textContent())!)![1]);
      expect(missed).toBeGreaterThanOrEqual(jobEvents.length);
      await page.getByTestId('replay-missed').click();
      await expect.poll(() => page.getByTestId('replay-result').textContent()).toContain('Queued');
      await expect
        .poll(() => jobEvents.filter((e) => got.some((g) => g.id === e)).length, { timeout: 20_000 })
        .toBe(jobEvents.length);

      // An event's attempts (once the replay's is recorded), and its resend with the same webhook-id.
      await expect
        .poll(async () => {
          const event = await dash('GET', `/v1/dashboard/events/${jobEvents[0]}?mode=test`);
          return (event.body.data.deliveries as Json[]).some((d) =>
            (d.attempts as Json[]).some((a) => a.replay && a.delivered),
          );
        })
        .toBe(true);
      await page.getByTestId(`event-row-${jobEvents[0]}`).getByTestId('event-attempts').click();
      const attempts = page.getByTestId(`event-attempts-${jobEvents[0]}`);
      await attempts.waitFor();
      expect(await attempts.textContent()).toContain('(resend)');
      const before = got.filter((g) => g.id === jobEvents[0]).length;
      await attempts.getByTestId('resend-event').click();
      await page.getByTestId('resend-result').waitFor();
      await expect
        .poll(() => got.filter((g) => g.id === jobEvents[0]).length, { timeout: 20_000 })
        .toBe(before + 1);
      // A range resend, failed only: nothing of this organization failed.
      await page.getByTestId('range-resend').click();
      await expect.poll(() => page.getByTestId('range-resend-result').textContent()).toContain('Queued 0');

      // Edit, rotate (a new secret, once), delete.
      await row.getByTestId('edit-endpoint').click();
      await page.getByTestId('edit-endpoint-events').fill('job.completed, job.failed');
      await page.getByTestId('save-endpoint').click();
      await expect.poll(() => row.textContent()).toContain('job.completed, job.failed');
      await row.getByTestId('rotate-endpoint-secret').click();
      const rotated = (await page.getByTestId('endpoint-secret-value').textContent())!;
      expect(rotated).toMatch(/^whsec_/);
      expect(rotated).not.toBe(secret);
      await row.getByTestId('delete-endpoint').click();
      await expect.poll(() => row.count()).toBe(0);
      const left = await dash('GET', '/v1/dashboard/webhook-endpoints?mode=test');
      expect(left.body.data.endpoints).toEqual([]);
    } finally {
      await new Promise<void>((resolve) => hooks.close(() => resolve()));
    }
  }, 240_000);

  it('lists a frontage job with its timeline, image preview and webhook attempts', async () => {
    const accepted = await call<Json>(stack.url, 'POST', '/v1/property-frontage/detect', {
      key: testKey,
      body: { address: '10 Wattle Street, Ultimo NSW 2007', webhook_url: receiverUrl },
    });
    expect(accepted.status).toBe(202);
    const jobId = accepted.body.data.job_id as string;
    await waitForJob(stack.url, testKey, jobId);
    // The completion webhook is delivered after the job completes.
    await expect
      .poll(
        async () =>
          (
            (await call<Json>(stack.url, 'GET', `/v1/jobs/${jobId}`, { key: testKey })).body.data.webhook
              .attempts as Json[]
          ).some((a) => a.type === 'job.completed' && a.delivered),
        { timeout: 20_000 },
      )
      .toBe(true);

    await page.getByTestId('nav-jobs').click();
    await page.getByTestId(`job-row-${jobId}`).click();
    await page.getByTestId('job-timeline').waitFor();
    expect(await page.getByTestId('job-status').textContent()).toBe('completed');
    const timeline = (await page.getByTestId('job-timeline').textContent())!;
    expect(timeline).toContain('Created');
    expect(timeline).toContain('Completed');
    expect(timeline).toContain('Webhook job.completed');
    const image = page.getByTestId('media-image').first();
    await image.scrollIntoViewIfNeeded();
    await expect
      .poll(() =>
        // Runs in the page; typed loosely (the test program has no DOM types).
        image.evaluate((img) => {
          const element = img as unknown as { complete: boolean; naturalWidth: number };
          return element.complete && element.naturalWidth;
        }),
      )
      .toBe(2048);
    expect(await page.getByTestId('webhook-attempts').textContent()).toContain('delivered');

    await page.mouse.wheel(0, -10_000);
    const shot = await page.screenshot();
    const whole = await probe(shot);
    expect([whole.width, whole.height]).toEqual([VIEWPORT.width, VIEWPORT.height]);
    expect(whole.stdev).toBeGreaterThan(20); // not a blank or single-colour page
    const media = await probe(shot, await regionOf(page, 'job-media'));
    expect(media.stdev).toBeGreaterThan(10); // the reference image drew
    if (process.env.WRITE_DOC_IMAGES === '1') {
      await sharp(shot)
        .resize({ width: 1100 })
        .jpeg({ quality: 78, mozjpeg: true })
        .toFile(path.join(PROJECT_ROOT, 'docs/images/dashboard-job.jpg'));
    }
  });

  it('charts usage per day by job type', async () => {
    await page.getByTestId('nav-usage').click();
    await page.getByTestId('usage-chart').waitFor();
    expect(Number(await page.getByTestId('usage-total-jobs').textContent())).toBeGreaterThanOrEqual(1);
    expect(await page.getByTestId('usage-bar').count()).toBeGreaterThanOrEqual(1);
    expect(await page.getByTestId('usage-table').textContent()).toContain('frontage_detection');
    const chart = await probe(await page.screenshot(), await regionOf(page, 'usage-chart'));
    expect(chart.stdev).toBeGreaterThan(5);
  });

  it("lists a listing kit's jobs on its page, and a child's page links back to its kit", async () => {
    const session = await page.evaluate(
      () => JSON.parse(sessionStorage.getItem('pms.dashboard.session')!).token as string,
    );
    const headers = { Authorization: `Bearer ${session}` };
    const ownKey = await org.key('test');
    const kit = await call<Json>(stack.url, 'POST', '/v1/listing-kits/generate', {
      key: ownKey,
      body: { address: '27 Wattle Street, Ultimo NSW 2007' },
    });
    expect(kit.status, kit.text).toBe(202);
    const kitId = kit.body.data.job_id as string;
    // The kit makes its first child (the frontage detection) as soon as it starts; it is canceled then,
    // before its renders start (they would only load the machine the other test files share).
    const children = () =>
      call<Json>(stack.url, 'GET', `/v1/dashboard/jobs?mode=test&kit_job_id=${kitId}`, { headers });
    try {
      await expect
        .poll(async () => (await children()).body.data.jobs.length, { timeout: 60_000 })
        .toBeGreaterThan(0);
    } finally {
      await call(stack.url, 'POST', `/v1/jobs/${kitId}/cancel`, { key: ownKey });
    }
    await page.goto(`${stack.url}/dashboard/#/jobs/${kitId}`);
    await page.getByTestId('kit-jobs').waitFor();
    const first = (await children()).body.data.jobs.at(-1) as Json;
    const row = page.getByTestId(`kit-job-${first.job_id}`);
    await row.waitFor();
    expect(await row.textContent()).toContain(first.job_type);
    await row.getByRole('link').click();
    await page.getByTestId('job-relations').waitFor();
    expect(await page.getByTestId('job-relations').textContent()).toContain('Made by listing kit');
    await page.getByTestId('job-relations').getByRole('link').click();
    await page.getByTestId('kit-jobs').waitFor();
  });

  it("shows a job's media expiry and deletes it from its page after a confirm", async () => {
    const session = await page.evaluate(
      () => JSON.parse(sessionStorage.getItem('pms.dashboard.session')!).token as string,
    );
    const headers = { Authorization: `Bearer ${session}` };
    const key = (
      await call<Json>(stack.url, 'POST', '/v1/dashboard/keys', {
        headers,
        body: { mode: 'test', name: 'Deletion test' },
      })
    ).body.data.key as string;
    const accepted = await call<Json>(stack.url, 'POST', '/v1/property-frontage/detect', {
      key,
      body: { address: '10 Wattle Street, Ultimo NSW 2007', delete_after: 'P7D' },
    });
    expect(accepted.status).toBe(202);
    const jobId = accepted.body.data.job_id as string;
    await page.goto(`${stack.url}/dashboard/#/jobs/${jobId}`);
    // This job's page: the kit's page of the test before is a job page too, with the same test ids, until
    // the hash change's render replaces it (clicking its Delete deleted the kit, once, on a loaded machine).
    const jobPage = page.getByTestId('job-page').filter({ hasText: jobId });
    await jobPage.getByTestId('job-retention').waitFor();
    expect(await jobPage.getByTestId('job-retention').textContent()).toContain('are erased at');
    await jobPage.getByTestId('delete-job').click(); // the confirm is accepted
    await jobPage.getByTestId('deletion-receipt').waitFor();
    expect(await jobPage.getByTestId('deletion-receipt').textContent()).toContain('Deleted 1 job(s)');
    const after = await call(stack.url, 'GET', `/v1/dashboard/jobs/${jobId}?mode=test`, { headers });
    expect(after.status).toBe(404);
  });

  it('keeps the page a person is on when an earlier navigation is answered late', async () => {
    await page.goto(`${stack.url}/dashboard/#/keys`);
    await page.getByTestId('keys-table').waitFor();
    // The next account answer is held back, as on a slow connection: the person has moved on to another
    // page before it arrives. That late answer must not build the page again over the one in use (a form
    // being filled in, an action's result on its way, lost).
    const { holding, release, stop } = await holdFirstAnswer(page, '**/v1/dashboard/account');
    try {
      await page.evaluate("window.location.hash = '#/jobs'");
      await holding;
      // The page left is taken down at once, not when the held answer comes: nothing on it can be clicked.
      expect(await page.getByTestId('keys-table').count()).toBe(0);
      expect(await page.getByTestId('create-key').count()).toBe(0);
      await page.evaluate("window.location.hash = '#/usage'");
      await page.getByTestId('usage-page').waitFor();
      await page
        .getByTestId('usage-page')
        .evaluate((node) =>
          (node as unknown as { setAttribute(name: string, value: string): void }).setAttribute(
            'data-shown',
            'once',
          ),
        );
      // A page built again asks for its data at once.
      const again = page
        .waitForRequest((r) => new URL(r.url()).pathname.startsWith('/v1/dashboard/usage'), {
          timeout: 2_000,
        })
        .catch(() => null);
      const lateAnswer = page.waitForResponse((r) => r.url().endsWith('/v1/dashboard/account'));
      release();
      await lateAnswer;
      expect((await again)?.url() ?? null).toBeNull();
      expect(await page.locator('[data-testid="usage-page"][data-shown="once"]').count()).toBe(1);
      expect(await page.getByTestId('nav-usage').getAttribute('class')).toContain('active');
    } finally {
      await stop();
    }
  });

  it("shows a new key's secret over the page a person moved to before the answer came", async () => {
    await page.goto(`${stack.url}/dashboard/#/keys`);
    await page.getByTestId('keys-table').waitFor();
    await page.getByTestId('key-name').fill('Key answered late');
    // The creation's answer is held back while the person moves on to the usage page. The secret in it is
    // shown only once: it must not go down with the keys page.
    const { holding, release, stop } = await holdFirstAnswer(page, '**/v1/dashboard/keys', 'POST');
    try {
      await page.getByTestId('create-key').click();
      await holding;
      await page.evaluate("window.location.hash = '#/usage'");
      await page.getByTestId('usage-page').waitFor();
      const answer = page.waitForResponse(
        (r) => r.url().endsWith('/v1/dashboard/keys') && r.request().method() === 'POST',
      );
      release();
      await answer;
      const notice = page.getByTestId('notices').getByTestId('new-secret-value');
      await notice.waitFor({ timeout: 5_000 });
      const secret = (await notice.textContent())!;
      expect(secret).toMatch(/^svc_test_[0-9A-Za-z]{40}$/);
      expect((await call(stack.url, 'GET', '/v1/jobs', { key: secret })).status).toBe(200);
      // The person stays where they went.
      expect(await page.getByTestId('nav-usage').getAttribute('class')).toContain('active');
      await page.getByTestId('notices').getByTestId('dismiss-secret').click();
      expect(await page.getByTestId('notices').getByTestId('new-secret').count()).toBe(0);
    } finally {
      await stop();
    }
  });

  it('keeps each secret shown once until it is dismissed, beside the next one', async () => {
    await page.goto(`${stack.url}/dashboard/#/keys`);
    await page.getByTestId('keys-table').waitFor();
    for (const [i, name] of ['First of two', 'Second of two'].entries()) {
      await page.getByTestId('key-name').fill(name);
      await page.getByTestId('create-key').click();
      await expect.poll(() => page.getByTestId('new-secret-value').count()).toBe(i + 1);
    }
    const secrets = await page.getByTestId('new-secret-value').allTextContents();
    expect(new Set(secrets).size).toBe(2);
    for (const secret of secrets) {
      expect((await call(stack.url, 'GET', '/v1/jobs', { key: secret })).status).toBe(200);
    }
    // The first is dismissed; the second stays until it is.
    await page.getByTestId('dismiss-secret').first().click();
    expect(await page.getByTestId('new-secret-value').allTextContents()).toEqual([secrets[1]]);
    await page.getByTestId('dismiss-secret').click();
    expect(await page.getByTestId('once-list').count()).toBe(0);
  });

  it("shows and changes the organization's media retention on the Settings page", async () => {
    await page.goto(`${stack.url}/dashboard/#/keys`);
    await page.getByTestId('nav-settings').click();
    const effective = page.getByTestId('retention-effective');
    await effective.waitFor();
    expect(await effective.textContent()).toContain('stage’s default');
    await page.getByTestId('retention-days').fill('45');
    await page.getByTestId('save-retention').click();
    await page.getByTestId('retention-saved').waitFor();
    expect(await page.getByTestId('retention-effective').textContent()).toContain('45 day(s)');
    await page.reload(); // stored, not only shown
    await page.getByTestId('retention-effective').waitFor();
    expect(await page.getByTestId('retention-effective').textContent()).toContain(
      '45 day(s) (this organization’s setting)',
    );
  });

  it('lists the audit log with its filters and exports it as JSON Lines', async () => {
    await page.goto(`${stack.url}/dashboard/#/keys`);
    await page.getByTestId('nav-audit').click();
    await page.getByTestId('audit-table').waitFor();
    // The keys this file made from the page are there, newest first, the member named as the actor.
    const actions = await page.getByTestId('audit-row-action').allTextContents();
    expect(actions).toEqual(
      expect.arrayContaining(['api_key.created', 'api_key.rotated', 'api_key.revoked']),
    );
    expect(await page.getByTestId('audit-table').textContent()).toMatch(/member\s*mem_/);
    await page.getByTestId('audit-action').fill('api_key.revoked');
    await page.getByTestId('audit-filter').click();
    await expect
      .poll(async () => [...new Set(await page.getByTestId('audit-row-action').allTextContents())])
      .toEqual(['api_key.revoked']);
    if (process.env.WRITE_DOC_IMAGES === '1') {
      await page.getByTestId('audit-action').fill('');
      await page.getByTestId('audit-filter').click();
      await page.waitForTimeout(500);
      await sharp(await page.screenshot())
        .resize({ width: 1100 })
        .jpeg({ quality: 78, mozjpeg: true })
        .toFile(path.join(PROJECT_ROOT, 'docs/images/dashboard-audit.jpg'));
      await page.getByTestId('audit-action').fill('api_key.revoked');
    }
    const [file] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('audit-export').click(),
    ]);
    expect(file.suggestedFilename()).toMatch(/^audit-.+-test\.jsonl$/);
    const text = readFileSync((await file.path())!, 'utf8');
    const lines = text
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as Json);
    expect(lines.length).toBeGreaterThanOrEqual(1);
    expect(new Set(lines.map((l) => l.action))).toEqual(new Set(['api_key.revoked']));
    expect(text).not.toMatch(/svc_test_[0-9A-Za-z]{40}/); // never a key
  });

  it('invites a member on the Members page with a one-time link, changes the role, then removes them', async () => {
    // The page offers the organization's offices by name: one must exist before it renders. A key of its
    // own: the shared test key may have spent its 10 requests this minute.
    const ownKey = await org.key('test');
    const listed = await call<Json>(stack.url, 'GET', '/v1/offices', { key: ownKey });
    expect(listed.status, listed.text).toBe(200);
    const bondi =
      (listed.body.data.offices as Json[]).find((o) => o.name === 'Bondi Beach')?.id ??
      (await call<Json>(stack.url, 'POST', '/v1/offices', { key: ownKey, body: { name: 'Bondi Beach' } }))
        .body.data.id;
    await page.goto(`${stack.url}/dashboard/#/keys`);
    await page.getByTestId('nav-members').click();
    await page.getByTestId('members-table').waitFor();
    expect(await page.getByTestId('member-email').first().textContent()).toContain('(you)');
    await page.getByTestId('invite-email').fill('agent@harbourco.com.au');
    await page.getByTestId('invite-role').selectOption('member');
    await page.getByTestId('invite-offices').selectOption({ label: 'Bondi Beach (test)' });
    await page.getByTestId('invite-member').click();
    await page.getByTestId('invitation-link').waitFor();
    expect(await page.getByTestId('invitation-link').textContent()).toMatch(
      /\/dashboard\/#sign-in=dsi_\w{43}$/,
    );
    const row = () => page.locator('tr', { hasText: 'agent@harbourco.com.au' });
    await row().waitFor();
    const chosen = (picker: ReturnType<typeof row>) =>
      picker.evaluate((select) =>
        Array.from(
          (select as unknown as { selectedOptions: ArrayLike<{ value: string }> }).selectedOptions,
          (o) => o.value,
        ),
      );
    expect(await chosen(row().getByTestId('member-offices'))).toEqual([bondi]);
    expect(await row().getByTestId('member-office-names').textContent()).toBe('Bondi Beach (test)');
    if (process.env.WRITE_DOC_IMAGES === '1') {
      await sharp(await page.screenshot())
        .resize({ width: 1100 })
        .jpeg({ quality: 78, mozjpeg: true })
        .toFile(path.join(PROJECT_ROOT, 'docs/images/dashboard-members.jpg'));
    }
    await row().getByTestId('member-role').selectOption('viewer');
    await row().getByTestId('save-member').click();
    await page.waitForLoadState('networkidle');
    await page.reload(); // what the server kept, not what the select shows
    await row().waitFor();
    expect(await row().getByTestId('member-role').inputValue()).toBe('viewer');
    await row().getByTestId('remove-member').click(); // the confirm is accepted
    await expect.poll(() => row().count()).toBe(0);
  });

  it('adds an imagery source on the Imagery page with its key write-only, shows the API’s refusal, then removes it', async () => {
    const key = 'nm-DASHBOARD-KEY-4c1d2e3f5a6b';
    await page.goto(`${stack.url}/dashboard/#/keys`);
    await page.getByTestId('nav-imagery').click();
    await page.getByTestId('imagery-empty').waitFor();
    const fill = async (name: string, url: string) => {
      await page.getByTestId('imagery-name').fill(name);
      await page.getByTestId('imagery-kind').selectOption('xyz-tiles');
      await page.getByTestId('imagery-url').fill(url);
      await page.getByTestId('imagery-max-zoom').fill('21');
      await page.getByTestId('imagery-attribution').fill('Imagery © Nearmap');
      for (const use of ['store', 'print', 'portal'])
        await page.getByTestId(`imagery-licence-${use}`).check();
      await page.getByTestId('imagery-key-param').fill('apikey');
      await page.getByTestId('imagery-key').fill(key);
    };
    await fill('nearmap', 'https://api.nearmap.com/tiles/v3/Vert/{z}/{x}/{y}.jpg');
    await page.getByTestId('add-imagery-source').click();
    await page.getByTestId('imagery-added').waitFor();
    const row = page.getByTestId('imagery-row-nearmap');
    expect(await row.getByTestId('imagery-key-hint').textContent()).toBe('…5a6b');
    // The key field is emptied once sent, and the key is nowhere in the page, then or after a reload.
    expect(await page.getByTestId('imagery-key').inputValue()).toBe('');
    expect(await page.content()).not.toContain(key);
    await page.reload();
    await row.waitFor();
    expect(await page.content()).not.toContain(key);

    await fill('private', 'https://10.0.0.1/tiles/{z}/{x}/{y}.jpg');
    await page.getByTestId('add-imagery-source').click();
    expect(await page.getByTestId('imagery-error').textContent()).toContain('URL_NOT_ALLOWED');
    expect(await page.getByTestId('imagery-key').inputValue()).toBe('');

    await row.getByTestId('remove-imagery-source').click();
    await page.getByTestId('imagery-empty').waitFor();
  });

  it('manages offices and brand kits from their pages: created and listed, deletes refused while in use with the API’s message', async () => {
    // A key of its own: the file's other tests have spent much of the shared test key's 10 requests a minute.
    const ownKey = await org.key('test');
    // A logo served on loopback (downloaded once when the kit is saved), and a photo server that never
    // answers, so that a staging job of the office stays running until it is canceled.
    const logo = await sharp({
      create: { width: 400, height: 160, channels: 3, background: { r: 14, g: 59, b: 74 } },
    })
      .composite([
        {
          input: Buffer.from(
            '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="160"><text x="200" y="100" font-size="56" font-family="DejaVu Sans" fill="#fff" text-anchor="middle">H&amp;Co</text></svg>',
          ),
        },
      ])
      .png()
      .toBuffer();
    const logoServer = createServer((_req, res) =>
      res.writeHead(200, { 'content-type': 'image/png' }).end(logo),
    );
    const hanging = createServer(() => {});
    const sockets = new Set<import('node:net').Socket>();
    hanging.on('connection', (socket) => void sockets.add(socket));
    const listen = async (server: Server) => {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    };
    const logoUrl = `${await listen(logoServer)}/logo.png`;
    const hangingUrl = await listen(hanging);
    try {
      await page.goto(await signInLink(stack, orgId));
      // Signed in again once the link's page is shown: a click before would race the sign-in's own start.
      await page.getByTestId('keys-table').waitFor();
      await page.getByTestId('nav-brand-kits').click();
      await page.getByTestId('kit-form').waitFor();
      const kit = async (key: string, value: string) => page.getByTestId(`kit-${key}`).fill(value);
      await kit('name', 'Harbour & Co Sydney');
      await kit('logo-url', logoUrl);
      await kit('colors-primary', '#0E3B4A');
      await kit('colors-secondary', '#F4E9C8'); // too pale on the paper: the slides darken it
      await kit('agency-name', 'Harbour & Co');
      await kit('agency-phone', '02 9000 1000');
      await kit('agency-email', 'hello@harbourco.com.au');
      await kit('agency-licence-number', '10012345');
      await kit('agent-name', 'Olivia Harrington');
      await kit('agent-phone', '0400 111 222');
      await kit('agent-email', 'olivia@harbourco.com.au');
      await kit('agent-licence-number', '2034567');
      await kit('disclaimer', 'All information is believed accurate but is not guaranteed.');
      await page.getByTestId('save-kit').click();
      await page.getByTestId('kit-saved').waitFor();
      // The contrast report of the API, and its warning for the adjusted secondary.
      expect(await page.getByTestId('kit-contrast-warning').textContent()).toMatch(
        /^Secondary #F4E9C8 stands out too little: drawn as #[0-9A-F]{6} on the paper \(\d+\.\d:1\)\.$/i,
      );
      const kitRow = page.locator('tr', { hasText: 'Harbour & Co Sydney' });
      await kitRow.waitFor();
      expect(await kitRow.getByTestId('kit-row-office').textContent()).toBe('Whole organization');
      expect(await kitRow.textContent()).toContain('v1');
      // The logo thumbnail is the kept copy (a presigned URL of the media store), and it loads.
      await expect
        .poll(() => kitRow.locator('img.thumb').evaluate((img: { naturalWidth: number }) => img.naturalWidth))
        .toBe(400);
      expect(await kitRow.getByTestId('kit-row-warning').count()).toBe(1);
      // Edit: the form holds the kit; a changed agent phone makes version 2.
      await kitRow.getByTestId('edit-kit').click();
      expect(await page.getByTestId('kit-agency-name').inputValue()).toBe('Harbour & Co');
      await kit('agent-phone', '0400 333 444');
      await page.getByTestId('save-kit').click();
      await expect.poll(async () => kitRow.textContent()).toContain('v2');
      const kits = await call<Json>(stack.url, 'GET', '/v1/brand-kits', { key: ownKey });
      const kitId = kits.body.data.brand_kits[0].id as string;
      expect(kits.body.data.brand_kits[0]).toMatchObject({
        version: 2,
        logo: { source_url: logoUrl },
        agent: { phone: '0400 333 444', licence_number: '2034567' },
      });

      // Offices: created with the kit as its default and its own retention, then renamed.
      await page.getByTestId('nav-offices').click();
      await page.getByTestId('office-form').waitFor();
      await page.getByTestId('office-name').fill('Harbour & Co Bondi');
      await page.getByTestId('office-kit').selectOption(kitId);
      await page.getByTestId('office-retention').fill('30');
      await page.getByTestId('create-office').click();
      await page.getByTestId('office-created').waitFor();
      const officeRow = page.locator('tr', { hasText: 'Harbour & Co Bondi' }).filter({ hasText: 'off_' });
      expect(await officeRow.getByTestId('office-row-kit').textContent()).toBe('Harbour & Co Sydney');
      expect(await officeRow.getByTestId('office-row-retention').textContent()).toBe('30 days');
      await officeRow.getByTestId('edit-office').click();
      await page.getByTestId('edit-office-name').fill('Harbour & Co Bondi Beach');
      await page.getByTestId('save-office').click();
      await expect
        .poll(() => page.getByTestId('office-row-name').allTextContents())
        .toContain('Harbour & Co Bondi Beach');
      const offices = await call<Json>(stack.url, 'GET', '/v1/offices', { key: ownKey });
      const office = offices.body.data.offices.find((o: Json) => o.name === 'Harbour & Co Bondi Beach');
      expect(office).toMatchObject({ default_brand_kit_id: kitId, media_retention_days: 30 });

      // A job of the office still running: the delete is refused, with the API's message.
      const staging = await call<Json>(stack.url, 'POST', '/v1/virtual-staging/generate', {
        key: ownKey,
        body: { image_url: `${hangingUrl}/room.jpg`, room_type: 'living room', office_id: office.id },
      });
      expect(staging.status, staging.text).toBe(202);
      const renamed = page.locator('tr', { hasText: 'Harbour & Co Bondi Beach' }).filter({ hasText: 'off_' });
      await renamed.getByTestId('delete-office').click();
      expect(await page.getByTestId('offices-error').textContent()).toMatch(
        /^OFFICE_HAS_RUNNING_JOBS: Office 'off_\w+' has 1 job still queued or processing/,
      );
      if (process.env.WRITE_DOC_IMAGES === '1') {
        await sharp(await page.screenshot())
          .resize({ width: 1100 })
          .jpeg({ quality: 78, mozjpeg: true })
          .toFile(path.join(PROJECT_ROOT, 'docs/images/dashboard-offices.jpg'));
      }

      // The kit is the office's default: its delete is refused, naming the office.
      await page.getByTestId('nav-brand-kits').click();
      await kitRow.waitFor();
      await kitRow.getByTestId('delete-kit').click();
      expect(await page.getByTestId('brand-kits-error').textContent()).toMatch(
        new RegExp(
          `^BRAND_KIT_IN_USE: Brand kit '${kitId}' is the default brand kit of office '${office.id}'`,
        ),
      );
      if (process.env.WRITE_DOC_IMAGES === '1') {
        await sharp(await page.screenshot())
          .resize({ width: 1100 })
          .jpeg({ quality: 78, mozjpeg: true })
          .toFile(path.join(PROJECT_ROOT, 'docs/images/dashboard-brand-kits.jpg'));
      }

      // Once the job has ended, the office goes; then the kit, no longer anyone's default.
      const canceled = await call<Json>(stack.url, 'POST', `/v1/jobs/${staging.body.data.job_id}/cancel`, {
        key: ownKey,
      });
      expect(canceled.body.data.status).toBe('canceled');
      await page.getByTestId('nav-offices').click();
      await renamed.getByTestId('delete-office').click();
      await page.getByTestId('office-deleted').waitFor();
      await expect.poll(() => renamed.count()).toBe(0);
      await page.getByTestId('nav-brand-kits').click();
      await kitRow.getByTestId('delete-kit').click();
      await page.getByTestId('kit-deleted').waitFor();
      await expect.poll(() => kitRow.count()).toBe(0);

      // Every change is in the audit log with the member as actor.
      const audit = await call<Json>(stack.url, 'GET', `/v1/audit-events?target_id=${office.id}`, {
        key: ownKey,
      });
      expect(audit.body.data.audit_events.map((e: Json) => e.action)).toEqual([
        'office.deleted',
        'office.updated',
        'office.created',
      ]);
      for (const event of audit.body.data.audit_events) expect(event.actor.type).toBe('member');
    } finally {
      for (const socket of sockets) socket.destroy();
      logoServer.closeAllConnections();
      await new Promise((resolve) => logoServer.close(resolve));
      await new Promise((resolve) => hanging.close(resolve));
    }
  });

  it('signs out: the session stops working', async () => {
    const token = await page.evaluate(
      () => JSON.parse(sessionStorage.getItem('pms.dashboard.session')!).token,
    );
    await page.getByTestId('sign-out').click();
    await page.getByTestId('sign-in').waitFor();
    const after = await call(stack.url, 'GET', '/v1/dashboard/keys', {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(after.status).toBe(401);
  });

  it('got only answers the OpenAPI document describes', async () => {
    await Promise.all(pageAnswerChecks);
    expect(pageAnswerChecks.length).toBeGreaterThan(10);
    expect(pageAnswerProblems).toEqual([]);
  });
});

describe('dashboard API isolation', () => {
  it("never shows or changes another organization's keys or jobs", async () => {
    const stack = sharedStack();
    const a = await newOrganization(stack);
    const b = await newOrganization(stack);
    const aKey = await a.key('test');
    const aKeyId = (await stack.admin.listKeys(a.orgId))[0]!.keyId;
    await b.key('test');
    const job = await call<Json>(stack.url, 'POST', '/v1/property-frontage/detect', {
      key: aKey,
      body: { address: '10 Wattle Street, Ultimo NSW 2007' },
    });
    const link = await signInLink(stack, b.orgId);
    const token = /dsi_\w+/.exec(link)![0];
    const session = await call<Json>(stack.url, 'POST', '/v1/dashboard/sessions', { body: { token } });
    expect(session.status).toBe(201);
    const auth = { Authorization: `Bearer ${session.body.data.session_token}` };

    const keys = await call<Json>(stack.url, 'GET', '/v1/dashboard/keys', { headers: auth });
    expect(keys.body.data.keys.map((k: Json) => k.key_id)).not.toContain(aKeyId);
    for (const action of ['rotate', 'revoke']) {
      const r = await call<Json>(stack.url, 'POST', `/v1/dashboard/keys/${aKeyId}/${action}`, {
        headers: auth,
      });
      expect(r.status, action).toBe(404);
    }
    expect((await call(stack.url, 'GET', '/v1/jobs', { key: aKey })).status).toBe(200); // still active
    const jobId = job.body.data.job_id as string;
    const got = await call(stack.url, 'GET', `/v1/dashboard/jobs/${jobId}?mode=test`, { headers: auth });
    expect(got.status).toBe(404);
    const deleted = await call(stack.url, 'POST', `/v1/dashboard/jobs/${jobId}/delete?mode=test`, {
      headers: auth,
    });
    expect(deleted.status).toBe(404);
    const listed = await call<Json>(stack.url, 'GET', '/v1/dashboard/jobs?mode=test', { headers: auth });
    expect(listed.body.data.jobs).toEqual([]);
    // An API key is not a dashboard session, and a session is not an API key.
    expect((await call(stack.url, 'GET', '/v1/dashboard/keys', { key: aKey })).status).toBe(401);
    expect((await call(stack.url, 'GET', '/v1/jobs', { headers: auth })).status).toBe(401);
  });
});

describe('dashboard API answers (checked against the OpenAPI document by the test client)', () => {
  it('answers every dashboard route with its documented success, and its errors as documented', async () => {
    const stack = sharedStack();
    const org = await newOrganization(stack);
    const key = await org.key('test');
    const accepted = await call<Json>(stack.url, 'POST', '/v1/property-frontage/detect', {
      key,
      body: { address: '10 Wattle Street, Ultimo NSW 2007' },
    });
    const jobId = accepted.body.data.job_id as string;
    const token = /dsi_\w+/.exec(await signInLink(stack, org.orgId))![0];
    const session = await call<Json>(stack.url, 'POST', '/v1/dashboard/sessions', { body: { token } });
    expect(session.status).toBe(201);
    expect(session.body.meta).not.toHaveProperty('mode'); // a session belongs to no mode
    const headers = { Authorization: `Bearer ${session.body.data.session_token}` };
    const get = (path: string) => call<Json>(stack.url, 'GET', path, { headers });
    const post = (path: string, body?: unknown) => call<Json>(stack.url, 'POST', path, { headers, body });

    expect((await get('/v1/dashboard/account')).status).toBe(200);
    expect((await get('/v1/dashboard/keys')).status).toBe(200);
    const created = await post('/v1/dashboard/keys', { mode: 'test', name: 'Contract check' });
    expect(created.status).toBe(201);
    expect(created.body.data.key_id).toMatch(/^key_[0-9A-Za-z]{16}$/);
    const rotated = await post(`/v1/dashboard/keys/${created.body.data.key_id}/rotate`);
    expect(rotated.status).toBe(201);
    expect(rotated.body.data.replaces).toBe(created.body.data.key_id);
    expect((await post(`/v1/dashboard/keys/${rotated.body.data.key_id}/revoke`)).status).toBe(200);
    expect((await post('/v1/dashboard/keys/key_0000000000000000/revoke')).status).toBe(404);
    expect((await post('/v1/dashboard/keys/not-a-key-id/revoke')).status).toBe(400);
    expect((await get('/v1/dashboard/webhook-secret')).status).toBe(200);
    expect((await post('/v1/dashboard/webhook-secret/rotate')).status).toBe(200);
    // The rotation is in the audit log (of both modes), naming the member, never a secret.
    const audit = await call<Json>(
      stack.url,
      'GET',
      '/v1/audit-events?action=organization.webhook_secret_rotated',
      { key },
    );
    expect(audit.status, audit.text).toBe(200);
    expect(audit.body.data.audit_events).toEqual([
      expect.objectContaining({
        target: { type: 'organization', id: org.orgId },
        actor: expect.objectContaining({ type: 'member' }),
      }),
    ]);
    expect(audit.text).not.toMatch(/whsec_/);
    // The same record in the JSON Lines export, through the gateway.
    const exported = await call<Json>(
      stack.url,
      'GET',
      '/v1/audit-events/export?action=organization.webhook_secret_rotated',
      { key },
    );
    expect(exported.status, exported.text).toBe(200);
    expect(exported.headers.get('content-type')).toMatch(/^application\/jsonl/);
    expect(
      exported.text
        .trimEnd()
        .split('\n')
        .map((line) => JSON.parse(line)),
    ).toEqual(audit.body.data.audit_events);
    // Webhook endpoints and events, as the Webhooks page manages them.
    const send = (method: string, path: string, body?: unknown) =>
      call<Json>(stack.url, method, path, { headers, body });
    const endpoint = await post('/v1/dashboard/webhook-endpoints?mode=test', {
      url: 'https://hooks.example.com/contract',
      enabled_events: ['*'],
    });
    expect(endpoint.status).toBe(201);
    const endpointPath = `/v1/dashboard/webhook-endpoints/${endpoint.body.data.id}`;
    expect((await send('PATCH', `${endpointPath}?mode=test`, { enabled: false })).status).toBe(200);
    const enabled = await send('PATCH', `${endpointPath}?mode=test`, { enabled: true });
    expect(enabled.status).toBe(200);
    expect(enabled.body.data.replay.resend.body.endpoint_id).toBe(endpoint.body.data.id);
    expect((await send('PATCH', `${endpointPath}?mode=live`, { enabled: true })).status).toBe(404);
    expect((await post(`${endpointPath}/rotate-secret?mode=test`)).status).toBe(200);
    const ping = await post(`${endpointPath}/test?mode=test`);
    expect(ping.status).toBe(202);
    expect((await get(`/v1/dashboard/events/${ping.body.data.event_id}?mode=test`)).status).toBe(200);
    expect((await post(`/v1/dashboard/events/${ping.body.data.event_id}/resend?mode=test`, {})).status).toBe(
      202,
    );
    const range = await post('/v1/dashboard/events/resend?mode=test', enabled.body.data.replay.resend.body);
    expect(range.status).toBe(202);
    expect((await send('DELETE', `${endpointPath}?mode=test`)).status).toBe(200);
    expect((await send('DELETE', `${endpointPath}?mode=test`)).status).toBe(404);
    // Imagery sources, as the Imagery page manages them: the key is never in an answer.
    const imageryKey = 'nm-CONTRACT-KEY-000000000099';
    const source = await post('/v1/dashboard/imagery-sources?mode=test', {
      name: 'nearmap',
      kind: 'xyz-tiles',
      url: 'https://api.nearmap.com/tiles/v3/Vert/{z}/{x}/{y}.jpg',
      max_zoom: 21,
      licence: { store: true, print: true, portal: true },
      attribution: 'Imagery © Nearmap',
      api_key: imageryKey,
      api_key_param: 'apikey',
    });
    expect(source.status).toBe(201);
    const sources = await get('/v1/dashboard/imagery-sources?mode=test');
    expect(sources.status).toBe(200);
    expect(JSON.stringify([source.body, sources.body])).not.toContain(imageryKey);
    const sourcePath = `/v1/dashboard/imagery-sources/${source.body.data.id}`;
    expect((await send('DELETE', `${sourcePath}?mode=live`)).status).toBe(404);
    expect((await send('DELETE', `${sourcePath}?mode=test`)).status).toBe(200);
    expect((await post('/v1/dashboard/imagery-sources?mode=test', { name: 'x' })).status).toBe(400);
    expect((await get('/v1/dashboard/jobs?mode=test&limit=5')).status).toBe(200);
    expect((await get(`/v1/dashboard/jobs/${jobId}?mode=test`)).status).toBe(200);
    expect((await get('/v1/dashboard/usage?mode=test')).status).toBe(200);
    expect((await get('/v1/dashboard/usage?mode=both')).status).toBe(400);
    expect((await get('/v1/dashboard/settings')).status).toBe(200);
    const retention = await send('PATCH', '/v1/dashboard/settings', { media_retention_days: 30 });
    expect(retention.status).toBe(200);
    expect(retention.body.data.effective_days).toBe(30);
    expect((await send('PATCH', '/v1/dashboard/settings', { media_retention_days: 0 })).status).toBe(400);
    // Deleting the job (a running one is canceled first): a receipt, then 404s.
    const receipt = await post(`/v1/dashboard/jobs/${jobId}/delete?mode=test`);
    expect(receipt.status).toBe(200);
    expect(receipt.body.data.jobs[0]).toMatchObject({ job_id: jobId, relation: 'requested' });
    expect((await get(`/v1/dashboard/jobs/${jobId}?mode=test`)).status).toBe(404);
    expect((await post(`/v1/dashboard/jobs/${jobId}/delete?mode=test`)).status).toBe(404);
    expect((await post('/v1/dashboard/sessions/end')).status).toBe(200);
    expect((await get('/v1/dashboard/account')).status).toBe(401);
  });

  it("checks every member's role on the server: a viewer cannot create keys, a removed member's session ends at once, the owner sees who invited whom", async () => {
    const stack = sharedStack();
    const org = await newOrganization(stack);
    const key = await org.key('test');
    const open = async (link: string) => {
      const session = await call<Json>(stack.url, 'POST', '/v1/dashboard/sessions', {
        body: { token: /dsi_\w+/.exec(link)![0] },
      });
      expect(session.status).toBe(201);
      return { Authorization: `Bearer ${session.body.data.session_token}` };
    };
    // The organization-wide link signs in as its first owner, made on first use.
    const owner = await open(await signInLink(stack, org.orgId));
    const as = (headers: Record<string, string>) => ({
      get: (path: string) => call<Json>(stack.url, 'GET', path, { headers }),
      send: (method: string, path: string, body?: unknown) =>
        call<Json>(stack.url, method, path, { headers, body }),
    });
    const me = await as(owner).get('/v1/dashboard/account');
    expect(me.body.data.member).toMatchObject({ role: 'owner' });
    const ownerId = me.body.data.member.id as string;

    const invited = await as(owner).send('POST', '/v1/dashboard/members', {
      email: 'viewer@example.com',
      role: 'viewer',
    });
    expect(invited.status, invited.text).toBe(201);
    expect(invited.body.data.sign_in_link).toMatch(/\/dashboard\/#sign-in=dsi_/);
    const viewerId = invited.body.data.id as string;
    const viewer = await open(invited.body.data.sign_in_link);
    // A second session of the viewer, from the keys CLI's link by email.
    const viewerAgain = await open(await signInLink(stack, org.orgId, 'viewer@example.com'));

    expect((await as(viewer).get('/v1/dashboard/keys')).status).toBe(200);
    const refused = await as(viewer).send('POST', '/v1/dashboard/keys', { mode: 'test', name: 'nope' });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('FORBIDDEN');
    expect((await as(viewer).get('/v1/dashboard/members')).status).toBe(403);
    expect((await stack.admin.listKeys(org.orgId)).map((k) => k.name)).not.toContain('nope');

    expect(
      (await as(owner).send('POST', '/v1/dashboard/members', { email: 'x@example.com', role: 'god' })).status,
    ).toBe(400);
    const lastOwner = await as(owner).send('PATCH', `/v1/dashboard/members/${ownerId}`, { role: 'admin' });
    expect(lastOwner.status).toBe(409);
    expect(lastOwner.body.error.code).toBe('LAST_OWNER');
    const changed = await as(owner).send('PATCH', `/v1/dashboard/members/${viewerId}`, { role: 'billing' });
    expect(changed.status).toBe(200);
    expect((await as(viewer).get('/v1/dashboard/keys')).status).toBe(403); // billing: usage only
    expect((await as(viewer).get('/v1/dashboard/usage?mode=test')).status).toBe(200);
    const listed = await as(owner).get('/v1/dashboard/members');
    expect(listed.body.data.members.map((m: Json) => m.id)).toEqual([ownerId, viewerId]);

    const removed = await as(owner).send('DELETE', `/v1/dashboard/members/${viewerId}`);
    expect(removed.status).toBe(200);
    for (const headers of [viewer, viewerAgain]) {
      expect((await as(headers).get('/v1/dashboard/account')).status).toBe(401);
    }

    const audit = await call<Json>(stack.url, 'GET', `/v1/audit-events?target_id=${viewerId}`, { key });
    expect(audit.status, audit.text).toBe(200);
    expect(audit.body.data.audit_events.map((e: Json) => e.action)).toEqual([
      'member.removed',
      'member.updated',
      'member.invited',
    ]);
    for (const event of audit.body.data.audit_events)
      expect(event.actor).toEqual({ type: 'member', id: ownerId });
    expect(audit.body.data.audit_events.at(-1).changes.after).toEqual({
      email: 'viewer@example.com',
      role: 'viewer',
      office_ids: [],
    });
  });

  it('answers the office and brand kit routes as the API does, for owners and admins; a viewer reads only', async () => {
    const stack = sharedStack();
    const org = await newOrganization(stack);
    const key = await org.key('test');
    const open = async (link: string) => {
      const token = /dsi_\w+/.exec(link)![0];
      const session = await call<Json>(stack.url, 'POST', '/v1/dashboard/sessions', { body: { token } });
      expect(session.status).toBe(201);
      const headers = { Authorization: `Bearer ${session.body.data.session_token}` };
      return (method: string, path: string, body?: unknown) =>
        call<Json>(stack.url, method, path, { headers, body });
    };
    const owner = await open(await signInLink(stack, org.orgId));
    const kit = await owner('POST', '/v1/dashboard/brand-kits?mode=test', {
      name: 'Contract kit',
      colors: { primary: '#0E3B4A', secondary: '#C9A227' },
      agency: { name: 'Harbour & Co', licence_number: '10012345' },
    });
    expect(kit.status, kit.text).toBe(201);
    expect(kit.body.data.colors.contrast.text_on_primary_ratio).toBeGreaterThanOrEqual(4.5);
    const kitId = kit.body.data.id as string;
    const kits = await owner('GET', '/v1/dashboard/brand-kits?mode=test&limit=10');
    expect(kits.body.data.brand_kits.map((k: Json) => k.id)).toEqual([kitId]);
    expect((await owner('GET', '/v1/dashboard/brand-kits?mode=live')).body.data.brand_kits).toEqual([]);
    const patched = await owner('PATCH', `/v1/dashboard/brand-kits/${kitId}?mode=test`, { name: 'Renamed' });
    expect(patched.body.data).toMatchObject({ name: 'Renamed', version: 2 });
    expect(
      (await owner('POST', '/v1/dashboard/brand-kits?mode=test', { colors: { primary: 'red' } })).status,
    ).toBe(400);
    const office = await owner('POST', '/v1/dashboard/offices?mode=test', {
      name: 'Contract office',
      default_brand_kit_id: kitId,
    });
    expect(office.status, office.text).toBe(201);
    const officeId = office.body.data.id as string;
    const changed = await owner('PATCH', `/v1/dashboard/offices/${officeId}?mode=test`, {
      media_retention_days: 14,
    });
    expect(changed.body.data).toMatchObject({ media_retention_days: 14, default_brand_kit_id: kitId });
    expect((await owner('PATCH', `/v1/dashboard/offices/${officeId}?mode=live`, { name: 'x' })).status).toBe(
      404,
    );
    const inUse = await owner('DELETE', `/v1/dashboard/brand-kits/${kitId}?mode=test`);
    expect(inUse.status).toBe(409);
    expect(inUse.body.error.code).toBe('BRAND_KIT_IN_USE');

    // A viewer lists both, and changes neither.
    const invited = await owner('POST', '/v1/dashboard/members', { email: 'v@example.com', role: 'viewer' });
    const viewer = await open(invited.body.data.sign_in_link);
    expect((await viewer('GET', '/v1/dashboard/offices?mode=test')).status).toBe(200);
    expect((await viewer('GET', '/v1/dashboard/brand-kits?mode=test')).status).toBe(200);
    for (const [method, path] of [
      ['POST', '/v1/dashboard/offices?mode=test'],
      ['DELETE', `/v1/dashboard/offices/${officeId}?mode=test`],
      ['PATCH', `/v1/dashboard/brand-kits/${kitId}?mode=test`],
      ['DELETE', `/v1/dashboard/brand-kits/${kitId}?mode=test`],
    ] as const) {
      const refused = await viewer(method, path, method === 'DELETE' ? undefined : { name: 'nope' });
      expect(refused.status, `${method} ${path}`).toBe(403);
    }

    expect((await owner('DELETE', `/v1/dashboard/offices/${officeId}?mode=test`)).status).toBe(200);
    expect((await owner('DELETE', `/v1/dashboard/brand-kits/${kitId}?mode=test`)).status).toBe(200);
    expect((await owner('DELETE', `/v1/dashboard/brand-kits/${kitId}?mode=test`)).status).toBe(404);
    // The API's audit records, naming the member who made each change.
    const audit = await call<Json>(stack.url, 'GET', '/v1/audit-events?limit=20', { key });
    const actions = audit.body.data.audit_events
      .filter((e: Json) => /^(office|brand_kit)\./.test(e.action))
      .map((e: Json) => [e.action, e.actor.type]);
    expect(actions).toEqual([
      ['brand_kit.deleted', 'member'],
      ['office.deleted', 'member'],
      ['office.updated', 'member'],
      ['office.created', 'member'],
      ['brand_kit.updated', 'member'],
      ['brand_kit.created', 'member'],
    ]);
  });

  it('has seen every dashboard operation answer its documented success status', () => {
    const dashboard = ROUTES.filter((route) => route.tag === 'Dashboard');
    const unseen = dashboard
      .map((route) => `${route.operationId} ${route.success.status}`)
      .filter((answer) => !checkedAnswers.has(answer));
    expect(unseen).toEqual([]);
  });
});
