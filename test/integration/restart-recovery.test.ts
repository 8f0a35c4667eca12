// The local stack keeps its data across a restart and leaves no job stuck: a job cut off by a crash is
// resumed, one whose time limit passed while the stack was down ends failed with INTERRUPTED.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { uuidv7 } from '../../functions/core/ids.ts';
import { call, type Json, waitForJob } from '../support/http-client.ts';
import {
  newDataDir,
  PROJECT_ROOT,
  type StackProcess,
  startStackProcess,
} from '../support/local-stack-process.ts';
import { sharedStack } from '../support/shared-stack.ts';

const run = promisify(execFile);
const stacks: StackProcess[] = [];

afterAll(async () => {
  await Promise.all(stacks.map((s) => s.stop()));
});

// The restart starts stack processes of its own (two in a row); on a loaded 2-core machine a start alone
// can take 20-40 s, so these tests get a wider limit than the shared-stack tests.
const STACK_START_BUDGET_MS = 180_000;

describe('restart', () => {
  it(
    'keeps keys, jobs and media, resumes cut-off jobs and ends expired ones INTERRUPTED',
    async () => {
      const dataDir = newDataDir();
      const first = await startStackProcess(dataDir);
      stacks.push(first);
      const key = first.devKeys.live;

      const done = await call<Json>(first.url, 'POST', '/v1/property-frontage/detect', {
        key,
        body: { address: '10 Wattle Street, Ultimo NSW 2007' },
      });
      const completed = await waitForJob(first.url, key, done.body.data.job_id);
      expect(completed.status).toBe('completed');

      // A job the crash will cut off, and one that was already running long before it.
      const cut = await call<Json>(first.url, 'POST', '/v1/property-frontage/detect', {
        key,
        body: { address: '5 Banksia Drive, Mount Barker WA 6324' },
      });
      const stale = uuidv7(Date.now() - 2 * 3600_000);
      await first.jobs.create({
        jobId: stale,
        orgId: first.devKeys.orgId,
        mode: 'live',
        jobType: 'frontage_detection',
        status: 'processing',
        createdAt: new Date(Date.now() - 2 * 3600_000).toISOString(),
        updatedAt: new Date(Date.now() - 2 * 3600_000).toISOString(),
        progress: { percent: 40, stage: 'detecting_frontage' },
        input: { address: '1 Martin Place, Sydney NSW 2000', options: {} },
      });
      await first.stop({ kill: true });

      const second = await startStackProcess(dataDir);
      stacks.push(second);
      expect(second.devKeys).toEqual(first.devKeys);
      expect(second.output()).toMatch(/recovered jobs : [1-9]\d* resumed, 1 ended INTERRUPTED/);

      const resumed = await waitForJob(second.url, key, cut.body.data.job_id);
      expect(resumed.status).toBe('completed');
      const interrupted = await waitForJob(second.url, key, stale);
      expect(interrupted.status).toBe('failed');
      expect(interrupted.error.code).toBe('INTERRUPTED');

      const again = await waitForJob(second.url, key, done.body.data.job_id);
      expect(again.output.bearing).toBe(completed.output.bearing);
      const image = await fetch(again.output.reference_image.url);
      expect(image.status).toBe(200);
      expect((await image.arrayBuffer()).byteLength).toBeGreaterThan(10_000);
    },
    STACK_START_BUDGET_MS,
  );
});

// On the shared stack: the CLI works on any running stack's data directory, and one organization of its
// own keeps this test's keys apart from other files'.
describe('key admin CLI', () => {
  it(
    'creates (key alone on the last line), lists without secrets, and revokes',
    async () => {
      const stack = sharedStack();
      const org = `cli-org-${process.pid}-${Date.now().toString(36)}`;
      const cli = (...args: string[]) =>
        run(process.execPath, ['--import', 'tsx', 'bin/keys.ts', ...args, '--data-dir', stack.dataDir], {
          cwd: PROJECT_ROOT,
        });
      const created = await cli('create', '--org', org, '--mode', 'live', '--name', 'ci');
      const key = created.stdout.trim().split('\n').pop()!;
      expect(key).toMatch(/^svc_live_[0-9A-Za-z]{40}$/);
      expect((await call(stack.url, 'GET', '/v1/jobs', { key })).status).toBe(200);

      const listed = await cli('list', '--org', org);
      expect(listed.stdout).not.toContain(key);
      expect(listed.stdout).toContain(key.slice(-4));
      const keyId = /key_[0-9A-Za-z]{16}/.exec(listed.stdout)![0];

      await cli('set-limit', '--org', org, '--per-minute', '77');
      expect((await call(stack.url, 'GET', '/v1/jobs', { key })).headers.get('x-ratelimit-limit')).toBe('77');

      const rotated = await cli('rotate', '--org', org, '--key', keyId);
      const replacement = rotated.stdout.trim().split('\n').pop()!;
      expect((await call(stack.url, 'GET', '/v1/jobs', { key })).status).toBe(401);
      expect((await call(stack.url, 'GET', '/v1/jobs', { key: replacement })).status).toBe(200);

      await expect(cli('create', '--org', org, '--mode', 'prod')).rejects.toThrow(
        /--mode must be test or live/,
      );

      // A read-only key (scopes): reads, and is refused a submit with the scope named; an unknown scope is
      // refused at creation. The key made without --scopes (every scope) reads the audit log, which names
      // both keys' creation by the CLI and never carries a key.
      const readOnly = (
        await cli('create', '--org', org, '--mode', 'live', '--name', 'site', '--scopes', 'jobs:read')
      ).stdout
        .trim()
        .split('\n')
        .pop()!;
      expect((await call(stack.url, 'GET', '/v1/jobs', { key: readOnly })).status).toBe(200);
      const refused = await call<Json>(stack.url, 'POST', '/v1/property-frontage/detect', {
        key: readOnly,
        body: { address: '10 Wattle Street, Ultimo NSW 2007' },
      });
      expect(refused.status).toBe(403);
      expect(refused.body.error).toMatchObject({ code: 'INSUFFICIENT_SCOPE' });
      expect(refused.body.error.message).toContain("'jobs:write'");
      await expect(
        cli('create', '--org', org, '--mode', 'live', '--scopes', 'jobs:read,jobs:everything'),
      ).rejects.toThrow(/jobs:everything/);
      const audit = await call<Json>(stack.url, 'GET', '/v1/audit-events?action=api_key.created', {
        key: replacement,
      });
      expect(audit.status, audit.text).toBe(200);
      expect(audit.body.data.audit_events.length).toBeGreaterThanOrEqual(2);
      expect(audit.text).not.toContain(readOnly);
      expect(audit.text).not.toContain(replacement);
    },
    STACK_START_BUDGET_MS,
  );
});
