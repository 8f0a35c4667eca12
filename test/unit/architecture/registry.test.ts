// The job-kind registry is plain data that names handlers without loading them: check that every named
// handler exists, that routes and construct ids are unique, and that the published-output check used by
// the integration tests rejects an output of the wrong shape.
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ROUTES } from '../../../functions/api/routes.ts';
import { STEP_FUNCTION } from '../../../functions/jobs/define-step.ts';
import { handlerModule, type StepFunctionSpec } from '../../../functions/jobs/job-kind.ts';
import { JOB_KINDS, JOB_TYPE_SPECS, JOB_TYPES } from '../../../functions/jobs/registry.ts';
import { expectPublishedOutput } from '../../support/http-client.ts';

const ROOT = path.resolve(import.meta.dirname, '..', '..', '..');

const stepFunctions: StepFunctionSpec[] = JOB_TYPE_SPECS.flatMap((spec) =>
  spec.workflow.steps.flatMap((step) => (step.poll ? [step.fn, step.poll.check] : [step.fn])),
);

describe('job-kind registry', () => {
  it('lists each job type once, each kind in its own folder', () => {
    expect(new Set(JOB_TYPES).size).toBe(JOB_TYPES.length);
    for (const kind of JOB_KINDS) {
      for (const fn of kind.jobs.flatMap((j) => j.workflow.steps.map((s) => s.fn))) {
        const module = handlerModule(fn.handler, ROOT);
        expect(
          module.startsWith(`functions/jobs/${kind.name}/`) || module.startsWith('functions/jobs/shared/'),
          module,
        ).toBe(true);
      }
    }
  });

  it.each(stepFunctions.map((fn) => [fn.functionId, fn] as const))(
    '%s names an exported handler function',
    async (_id, fn) => {
      const module = (await import(
        pathToFileURL(path.join(ROOT, handlerModule(fn.handler, ROOT))).href
      )) as Record<string, unknown>;
      expect(typeof module[fn.handler.exportName]).toBe('function');
    },
  );

  it.each(stepFunctions.map((fn) => [fn.functionId, fn] as const))(
    '%s: its handler is made with defineStep from this very spec (the code gets what the cloud grants)',
    async (_id, fn) => {
      const module = (await import(
        pathToFileURL(path.join(ROOT, handlerModule(fn.handler, ROOT))).href
      )) as Record<string, { [STEP_FUNCTION]?: unknown }>;
      expect(module[fn.handler.exportName]?.[STEP_FUNCTION], 'made with defineStep(run, spec)').toBe(fn);
    },
  );

  it('gives one function spec per construct id (shared steps are the same spec)', () => {
    const byId = new Map<string, string>();
    for (const fn of stepFunctions) {
      const key = `${handlerModule(fn.handler, ROOT)}#${fn.handler.exportName}`;
      expect(byId.get(fn.functionId) ?? key, fn.functionId).toBe(key);
      byId.set(fn.functionId, key);
    }
  });

  it('derives one route per job type, with unique paths and operation ids', () => {
    const jobRoutes = ROUTES.filter((r) => r.job);
    expect(jobRoutes.map((r) => r.access.startsJob)).toEqual(JOB_TYPES);
    expect(new Set(ROUTES.map((r) => `${r.method} ${r.path}`)).size).toBe(ROUTES.length);
    expect(new Set(ROUTES.map((r) => r.operationId)).size).toBe(ROUTES.length);
  });

  it('rejects a completed output that does not match the published schema', () => {
    expect(() =>
      expectPublishedOutput({ job_id: 'j', job_type: 'frontage_detection', output: { bearing: 'north' } }),
    ).toThrow(/does not match its published schema/);
  });
});
