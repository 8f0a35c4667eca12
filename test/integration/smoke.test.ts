// The smoke test (scripts/smoke.ts, `npm run smoke`) run as an operator runs it after `cdk deploy`, here
// against the shared local stack: its own process, a fresh organization's live key, the webhook
// receiver inside the smoke process on loopback (which the local stage allows) with the organization's
// signing secret. Every check must pass; with a key the stage does not know, the job checks fail and the
// exit code says so.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { JOB_TYPES } from '../../functions/jobs/registry.ts';
import { newOrganization, PROJECT_ROOT } from '../support/local-stack-process.ts';
import { sharedStack } from '../support/shared-stack.ts';

const stack = sharedStack();
// Every job is submitted at once and queues for the shared stack's render slot behind other files' work.
const SMOKE_TIMEOUT_MS = 13 * 60_000;
// The drone jobs and the video export are the suite's heaviest renders (a 4K WebGL still each, footage, a
// caller bundle's video): drone.test.ts and video-export.test.ts run each of them end to end through the
// same routes, so here the smoke's own handling of them (plan, poll, download, probe) is left to its other
// job types, which take the same path through the script (markup_v2_video for a video's).
const RENDERED_ELSEWHERE: string[] = [
  'drone_stills',
  'drone_stills_capture',
  'drone_footage',
  'video_export',
];

function smoke(args: string[], env: Record<string, string> = {}) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'scripts/smoke.ts', '--base-url', stack.url, ...args],
      { cwd: PROJECT_ROOT, env: { ...process.env, ...env }, timeout: SMOKE_TIMEOUT_MS, maxBuffer: 1 << 20 },
      (error, stdout, stderr) => resolve({ code: error ? (error.code as number | null) : 0, stdout, stderr }),
    );
  });
}

/** The table's rows: check name → result (pass, FAIL, skip). */
function outcomes(stdout: string): Map<string, string> {
  const rows = stdout.split('\n').map((line) => /^(\S+)\s+(pass|FAIL|skip)\s/.exec(line));
  return new Map(rows.filter((m) => m !== null).map((m) => [m[1]!, m[2]!]));
}

describe('npm run smoke', () => {
  it(
    'passes every check against the local stack, one job of every type and a verified webhook included',
    async () => {
      const org = await newOrganization(stack);
      const [secret] = await stack.admin.webhookSecrets(org.orgId);
      const run = await smoke(
        [
          '--key',
          await org.key('live'),
          '--webhook-listen',
          '0',
          '--timeout-factor',
          '1.5',
          '--skip',
          RENDERED_ELSEWHERE.join(','),
        ],
        {
          SMOKE_WEBHOOK_SECRET: secret!.secret,
        },
      );
      const log = `${run.stdout}\n${run.stderr}`;
      expect(run.code, log).toBe(0);
      const rows = outcomes(run.stdout);
      const checks = ['openapi', 'auth', 'envelope', 'rate-limit-headers', ...JOB_TYPES];
      // A check left out with --skip is not run and gets no row.
      for (const check of [...checks, 'idempotency', 'cancel', 'delete', 'webhook'])
        expect(rows.get(check), `${check}\n${log}`).toBe(
          RENDERED_ELSEWHERE.includes(check) ? undefined : 'pass',
        );
      expect(run.stdout).toMatch(/\d+ passed, 0 failed/);
    },
    SMOKE_TIMEOUT_MS + 60_000,
  );

  it('fails (exit 1) with a key the stage does not know, naming the 401', async () => {
    const unknownKey = `svc_live_${randomBytes(20).toString('hex')}`;
    const run = await smoke(['--key', unknownKey, '--skip', 'webhook']);
    expect(run.code, run.stderr).toBe(1);
    const rows = outcomes(run.stdout);
    expect(rows.get('auth')).toBe('pass');
    expect(rows.get('envelope')).toBe('FAIL');
    expect(rows.get('frontage_detection')).toBe('FAIL');
    expect(run.stdout).toMatch(/frontage_detection\s+FAIL.*401 UNAUTHORIZED/);
  }, 120_000);
});
