// The aerial scene source as stage configuration: offline stages carry no scene-source setting and no
// secret access; a stage configured for photorealistic 3D tiles gives the drone steps that select tiles
// the setting, and exactly those plus the steps that start renders read access to the key's secret.
import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { CAPABILITIES } from '../../functions/jobs/capabilities.ts';
import type { StepFunctionSpec } from '../../functions/jobs/job-kind.ts';
import { JOB_TYPE_SPECS } from '../../functions/jobs/registry.ts';

const SCENE_SOURCE_ENV = CAPABILITIES.aerialScene.variables.source;

import { buildStage } from '../../lib/app.ts';
import { STAGES } from '../../lib/config/stages.ts';
import { actionsOf, functionOf, NO_BUNDLING, resources, statementsOfFunction, synthStage } from './synth.ts';

const TILES = {
  source: 'photorealistic-3d-tiles' as const,
  rootUrl: 'https://tile.googleapis.com/v1/3dtiles/root.json',
  apiKeySecretName: 'pms/dev/map-tiles-key',
  brand: 'Google',
  dracoDecoderPath: null,
};

const stepFunctions = new Map<string, StepFunctionSpec>(
  JOB_TYPE_SPECS.flatMap((spec) =>
    spec.workflow.steps.flatMap((step) => (step.poll ? [step.fn, step.poll.check] : [step.fn])),
  ).map((fn) => [fn.functionId, fn]),
);

/** Function logical id → its secretsmanager actions and resources. */
function secretAccess(template: Template) {
  const access = new Map<string, { actions: string[]; resources: unknown[] }>();
  for (const [id] of resources(template, 'AWS::Lambda::Function')) {
    const statements = statementsOfFunction(template, id).filter((s) =>
      actionsOf(s).some((a) => a.startsWith('secretsmanager:')),
    );
    if (statements.length === 0) continue;
    access.set(id, {
      actions: statements.flatMap(actionsOf).sort(),
      resources: statements.flatMap((s) => (Array.isArray(s.Resource) ? s.Resource : [s.Resource])),
    });
  }
  return access;
}

function environmentOf(template: Template, functionLogicalId: string): Record<string, unknown> {
  const fn = resources(template, 'AWS::Lambda::Function').find(([id]) => id === functionLogicalId)![1];
  const environment = fn.Properties.Environment as { Variables?: Record<string, unknown> } | undefined;
  return environment?.Variables ?? {};
}

describe('offline stages', () => {
  it('set no scene source and grant no secret', () => {
    const dev = synthStage('dev');
    expect(secretAccess(dev.serviceTemplate).size).toBe(0);
    for (const [id] of resources(dev.serviceTemplate, 'AWS::Lambda::Function'))
      expect(environmentOf(dev.serviceTemplate, id)[SCENE_SOURCE_ENV], id).toBeUndefined();
  });
});

describe('a stage drawing from photorealistic 3D tiles', () => {
  let template: Template;

  beforeAll(() => {
    const app = new App({ context: NO_BUNDLING });
    const stacks = buildStage(app, { ...STAGES.dev, aerialScene: TILES });
    template = Template.fromStack(stacks.service);
  });

  it('gives the steps that choose tiles the setting', () => {
    const choosing = [...stepFunctions.values()].filter((fn) => fn.needs?.includes('aerialScene'));
    expect(choosing.map((fn) => fn.functionId).sort()).toEqual([
      'PrepareDroneFootageFunction',
      'RenderDroneStillFunction',
    ]);
    for (const fn of choosing) {
      const env = environmentOf(template, functionOf(template, fn.functionId));
      expect(JSON.parse(env[SCENE_SOURCE_ENV] as string)).toEqual(TILES);
      // Tiles requests follow the stage's fetch policy: https and public addresses only.
      expect(env).toMatchObject({ IMAGE_FETCH_ALLOW_HTTP: 'false', IMAGE_FETCH_ALLOW_LOOPBACK: 'false' });
    }
  });

  it('lets only the tile-choosing and render-starting steps read the key, that secret only', () => {
    const expected = [...stepFunctions.values()]
      .filter((fn) => fn.needs?.includes('aerialScene') || fn.needs?.includes('renderer'))
      .map((fn) => functionOf(template, fn.functionId))
      .sort();
    const access = secretAccess(template);
    expect([...access.keys()].sort()).toEqual(expected);
    expect(expected.length).toBeGreaterThanOrEqual(3);
    for (const [, grant] of access) {
      expect(grant.actions).toEqual(['secretsmanager:DescribeSecret', 'secretsmanager:GetSecretValue']);
      // The secret by name, with Secrets Manager's random six-character suffix.
      expect(JSON.stringify(grant.resources)).toContain(':secret:pms/dev/map-tiles-key-??????');
    }
  });
});
