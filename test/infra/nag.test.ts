// cdk-nag (AwsSolutions) passes for every stage: no unacknowledged finding, every acknowledgement has a
// reason, sits on a construct below the stack and matches a finding cdk-nag really reports there.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import type { IConstruct } from 'constructs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildStage } from '../../lib/app.ts';
import { DEPLOYABLE_STAGES, type DeployableStage, STAGES } from '../../lib/config/stages.ts';
import { NO_BUNDLING, synthQuietly } from './synth.ts';

interface Violation {
  readonly ruleName: string;
  readonly severity: string;
  readonly violatingConstructs: ReadonlyArray<{ constructPath: string }>;
}

interface Acknowledgement {
  readonly id: string;
  readonly reason: string;
  readonly path: string;
  readonly isStackOrApp: boolean;
}

const outdirs: string[] = [];

/** Synthesizes a stage; returns whether synthesis passed validation and the AwsSolutions violations. */
function synthWithNag(stage: DeployableStage, acknowledge: boolean) {
  const outdir = mkdtempSync(path.join(tmpdir(), `pms-nag-${stage}-`));
  outdirs.push(outdir);
  const app = new App({ outdir, context: NO_BUNDLING });
  if (acknowledge) buildStage(app, STAGES[stage]);
  else {
    buildStage(app, STAGES[stage], { nag: false });
    Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  }
  const error = synthQuietly(app);
  let reports: Array<{ pluginName: string; violations: Violation[] }> = [];
  try {
    reports = JSON.parse(readFileSync(path.join(outdir, 'validation-report.json'), 'utf8')).pluginReports;
  } catch {
    // no report: no plugin reported anything
  }
  const violations = reports.filter((r) => r.pluginName === 'AwsSolutions').flatMap((r) => r.violations);
  return { app, error, violations };
}

function acknowledgementsIn(root: IConstruct): Acknowledgement[] {
  return root.node.findAll().flatMap((c) =>
    c.node.metadata
      .filter((m) => m.type === Validations.ACKNOWLEDGED_RULES_METADATA_KEY)
      .flatMap((m) =>
        Object.entries(m.data as Record<string, string>).map(([id, reason]) => ({
          id: id.replace(/^annotation::/i, ''),
          reason,
          path: c.node.path,
          isStackOrApp: c.node.scopes.length <= 2,
        })),
      ),
  );
}

afterAll(() => {
  for (const dir of outdirs) rmSync(dir, { recursive: true, force: true });
});

describe.each(DEPLOYABLE_STAGES)('cdk-nag AwsSolutions: %s', (stage) => {
  let acknowledged: ReturnType<typeof synthWithNag>;
  let unacknowledged: ReturnType<typeof synthWithNag>;
  let acks: Acknowledgement[];

  beforeAll(() => {
    acknowledged = synthWithNag(stage, true);
    unacknowledged = synthWithNag(stage, false);
    acks = acknowledgementsIn(acknowledged.app).filter((a) => a.id.startsWith('AwsSolutions-'));
  });

  it('synthesizes with no unacknowledged error or warning', () => {
    expect(acknowledged.error).toBeUndefined();
    expect(
      acknowledged.violations.map(
        (v) => `${v.severity} ${v.ruleName} ${v.violatingConstructs.map((c) => c.constructPath).join(', ')}`,
      ),
    ).toEqual([]);
  });

  it('would fail without the acknowledgements (the checks really run)', () => {
    expect(unacknowledged.error).toBeDefined();
    expect(unacknowledged.violations.some((v) => v.severity === 'error')).toBe(true);
  });

  it('gives every acknowledgement a reason', () => {
    const all = acknowledgementsIn(acknowledged.app);
    expect(all.length).toBeGreaterThan(0);
    for (const ack of all) expect(ack.reason.trim().length, `${ack.id} at ${ack.path}`).toBeGreaterThan(20);
  });

  it('acknowledges on constructs below the stacks, with granular ids for IAM4/IAM5', () => {
    for (const ack of acks) {
      expect(ack.isStackOrApp, `${ack.id} at ${ack.path}`).toBe(false);
      if (/^AwsSolutions-IAM[45]/.test(ack.id))
        expect(ack.id, ack.path).toMatch(/^AwsSolutions-IAM[45]\[(Resource|Action|Policy)::.+\]$/);
    }
  });

  it('acknowledges only findings cdk-nag reports there (no stale acknowledgements)', () => {
    for (const ack of acks) {
      const matched = unacknowledged.violations.some(
        (v) =>
          v.ruleName === ack.id &&
          v.violatingConstructs.some(
            (c) => c.constructPath === ack.path || c.constructPath.startsWith(`${ack.path}/`),
          ),
      );
      expect(matched, `${ack.id} at ${ack.path}`).toBe(true);
    }
  });
});
