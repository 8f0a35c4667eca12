// Starts the local stack the way a user does (bin/local.ts in its own process) on a free port with its
// own data directory, and hands tests its URL, its dev keys and a key admin bound to its store.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { DynamoAccountStore } from '../../functions/adapters/dynamodb/account-store.ts';
import { DynamoJobStore } from '../../functions/adapters/dynamodb/job-store.ts';
import { KeyAdmin } from '../../functions/core/auth/key-admin.ts';
import { systemClock } from '../../functions/core/clock.ts';
import type { JobStore } from '../../functions/core/jobs/job-store.ts';
import type { Mode } from '../../functions/core/jobs/job-types.ts';
import { STAGES } from '../../lib/config/stages.ts';
import type { DevKeys } from '../../local/dev-keys.ts';
import type { LocalStackInfo } from '../../local/stack-info.ts';
import { storeCredentials } from '../../local/store-credentials.ts';
import { LOCAL_UV_THREADPOOL_SIZE } from '../../local/threadpool.ts';

export const PROJECT_ROOT = path.resolve(import.meta.dirname, '..', '..');

/**
 * The test stacks render videos at this share of full size (LOCAL_RENDER_SCALE): the same frames, the
 * same compositions and encoder, a sixteenth of the pixels (480x270 for 1920x1080, still even sides for
 * H.264). What the tests check of a video (codec, size, frame rate, frames, the first and last frames'
 * look, the end card's colour) shows at this size; stills keep their full size.
 */
export const TEST_RENDER_SCALE = 0.25;

export interface StackHandle {
  readonly url: string;
  readonly dataDir: string;
  readonly info: LocalStackInfo;
  readonly devKeys: DevKeys;
  readonly admin: KeyAdmin;
  readonly jobs: JobStore;
}

export interface StackProcess extends StackHandle {
  readonly output: () => string;
  /** SIGTERM and wait; `kill: true` sends SIGKILL instead (a crash). */
  stop(options?: { kill?: boolean }): Promise<void>;
}

/** Clients for a stack already running with this data directory. */
export function attachToStack(dataDir: string): StackHandle {
  const info = JSON.parse(readFileSync(path.join(dataDir, 'local-stack.json'), 'utf8')) as LocalStackInfo;
  const devKeys = JSON.parse(readFileSync(path.join(dataDir, 'dev-keys.json'), 'utf8')) as DevKeys;
  const db = DynamoDBDocumentClient.from(
    new DynamoDBClient({
      endpoint: info.endpoints.dynamodb,
      region: info.region,
      credentials: storeCredentials(dataDir),
    }),
    { marshallOptions: { removeUndefinedValues: true } },
  );
  return {
    url: info.url,
    dataDir,
    info,
    devKeys,
    admin: new KeyAdmin(
      new DynamoAccountStore(db, info.tables.accounts),
      STAGES.local.rateLimits,
      systemClock,
    ),
    jobs: new DynamoJobStore(db, info.tables.jobs),
  };
}

export function newDataDir(): string {
  return mkdtempSync(path.join(tmpdir(), 'pms-stack-'));
}

export async function startStackProcess(
  dataDir = newDataDir(),
  env: Record<string, string> = {},
): Promise<StackProcess> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'bin/local.ts'], {
    cwd: PROJECT_ROOT,
    // Videos render smaller in tests (TEST_RENDER_SCALE).
    env: {
      ...process.env,
      PORT: '0',
      DATA_DIR: dataDir,
      // Errors only, unless the tests run with LOCAL_STACK_QUIET=false (every function's log lines).
      LOCAL_STACK_QUIET: process.env.LOCAL_STACK_QUIET ?? 'true',
      LOCAL_RENDER_SCALE: String(TEST_RENDER_SCALE),
      // As npm start runs it, also when vitest was started directly (local/threadpool.ts).
      UV_THREADPOOL_SIZE: process.env.UV_THREADPOOL_SIZE || LOCAL_UV_THREADPOOL_SIZE,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`local stack did not start in 90 s:\n${output}`)),
      90_000,
    );
    const check = () => {
      const match = /LOCAL_STACK_READY (\S+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    };
    child.stdout!.on('data', check);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`local stack exited with ${code}:\n${output}`));
    });
  });
  return {
    ...attachToStack(dataDir),
    output: () => output,
    async stop(options = {}) {
      if (child.exitCode === null) child.kill(options.kill ? 'SIGKILL' : 'SIGTERM');
      // The stack exits on its own within its grace period (bin/local.ts); past that it is killed, and the
      // end of its output says what it was doing.
      const late = setTimeout(() => {
        console.error(
          `local stack ${dataDir} still running 30 s after SIGTERM; killing it:\n${output.slice(-3000)}`,
        );
        child.kill('SIGKILL');
      }, 30_000);
      await exited;
      clearTimeout(late);
    },
  };
}

let orgCounter = 0;

/** A fresh organization with one key per requested mode; live keys get a generous limit unless told. */
export async function newOrganization(
  stack: StackHandle,
  options: { livePerMinute?: number; livePerDay?: number } = {},
): Promise<{ orgId: string; key: (mode: Mode) => Promise<string> }> {
  orgCounter += 1;
  const orgId = `org-${process.pid}-${Date.now().toString(36)}-${orgCounter}`;
  await stack.admin.setLimits(orgId, options.livePerMinute ?? 10_000, options.livePerDay);
  return { orgId, key: async (mode) => (await stack.admin.createKey(orgId, mode, `${mode} test key`)).key };
}
