// `npm start` runs the local stack from its prebuilt bundle when that is up to date (bin/start.mjs,
// scripts/local-bundle.mjs). Built here into a directory of its own, the bundle must be seen stale once a
// source it read differs, keep each module's own import.meta paths, and run the stack: the API's handlers
// from the bundle answer, and a job submitted through them completes on the workflow steps (which load
// from the sources).
import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../../lib/constructs/function-facts.ts';
import { synthesizeLocalApp } from '../../../local/synthesized-app.ts';
import { buildLocalBundle, freshBundle, sourceImportMeta } from '../../../scripts/local-bundle.mjs';
import { call, type Json, waitForJob } from '../../support/http-client.ts';

const work = mkdtempSync(path.join(tmpdir(), 'pms-local-bundle-'));
// Inside the project, as the real one (.build/local-stack): the bundle finds its npm packages from there.
const bundleDir = path.join(PROJECT_ROOT, '.build', `local-stack-test-${process.pid}`);
let modules: string[];

beforeAll(async () => {
  // The handler modules the local templates name (synthesized and cached now if they were not).
  const app = await synthesizeLocalApp();
  app.remember();
  modules = [
    ...new Set(
      Object.values(app.service.Resources ?? {}).flatMap((resource) =>
        Object.values((resource as { Metadata?: Record<string, unknown> }).Metadata ?? {})
          .filter((v): v is string => typeof v === 'string' && /^functions\/.+\.ts#\w+$/.test(v))
          .map((v) => v.split('#')[0]!),
      ),
    ),
  ];
  await buildLocalBundle({ outDir: bundleDir, modules });
}, 180_000);

afterAll(() => {
  rmSync(work, { recursive: true, force: true });
  rmSync(bundleDir, { recursive: true, force: true });
});

describe('the local stack bundle', () => {
  it('is up to date after its build, with an entry per handler module, and stale once a source differs', () => {
    const fresh = freshBundle(bundleDir);
    expect(fresh?.entry).toMatch(/\/bin\/local\.mjs$/);
    expect(Object.keys(fresh!.modules).sort()).toEqual([...modules].sort());
    expect(modules.some((m) => m.startsWith('functions/api/'))).toBe(true);

    const stale = path.join(work, 'stale');
    cpSync(bundleDir, stale, { recursive: true });
    const manifest = JSON.parse(readFileSync(path.join(stale, 'manifest.json'), 'utf8')) as {
      inputs: Record<string, [number, number]>;
    };
    const [file, [mtime, size]] = Object.entries(manifest.inputs).find(([f]) => f.startsWith('functions/'))!;
    manifest.inputs[file] = [mtime, size + 1];
    writeFileSync(path.join(stale, 'manifest.json'), JSON.stringify(manifest));
    expect(freshBundle(stale)).toBeUndefined();
    expect(freshBundle(path.join(work, 'none'))).toBeUndefined();
  });

  it("gives each module its own import.meta paths, except inside a string (another bundle's code)", () => {
    const file = path.join(PROJECT_ROOT, 'local', 'x.ts');
    const code = [
      "const a = new URL('./w.ts', import.meta.url);",
      'const b = path.resolve(import.meta.dirname, "..");',
      `const banner = "const require = __cr(import.meta.url);";`,
    ].join('\n');
    expect(sourceImportMeta(code, file).split('\n')).toEqual([
      `const a = new URL('./w.ts', "file://${file}");`,
      `const b = path.resolve("${path.dirname(file)}", "..");`,
      `const banner = "const require = __cr(import.meta.url);";`,
    ]);
  });

  it('runs the stack from the bundle: the API answers from it and a job completes', async () => {
    const child: ChildProcess = spawn(process.execPath, ['bin/start.mjs'], {
      cwd: PROJECT_ROOT,
      env: {
        ...process.env,
        LOCAL_BUNDLE_DIR: bundleDir,
        PORT: '0',
        DATA_DIR: path.join(work, 'data'),
        LOCAL_STACK_QUIET: 'true',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    try {
      for (const until = Date.now() + 90_000; !/LOCAL_STACK_READY/.test(output); ) {
        if (child.exitCode !== null || Date.now() > until) throw new Error(`no start:\n${output}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(output).toMatch(/load modules \d+ ms \(from the bundle\)/);
      const url = /LOCAL_STACK_READY (\S+)/.exec(output)![1]!;
      const key = /test key\s*:\s*(\S+)/.exec(output)![1]!;
      expect((await call(url, 'GET', '/v1/openapi.json')).status).toBe(200);
      const accepted = await call<Json>(url, 'POST', '/v1/property-frontage/detect', {
        key,
        body: { address: '10 Wattle Street, Ultimo NSW 2007' },
      });
      expect(accepted.status, accepted.text).toBe(202);
      const job = await waitForJob(url, key, accepted.body.data.job_id, 60_000);
      expect(job.status, JSON.stringify(job.error)).toBe('completed');
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
  }, 150_000);
});
