// The AWS Guard rules (the AWS Control Tower proactive controls bundled with @cdklabs/cdk-validator-cfnguard,
// run by lib/guard-validation.ts as a CDK policy-validation plugin) pass on every deployable stage's templates,
// nested stacks included: no finding without an acknowledgement, every acknowledgement from the one table
// in lib/guard-suppressions.ts, with its reason, and still matching a finding. The same synthesis runs CDK's
// built-in CloudFormation validation (the resource schemas) with its findings made errors: the other infra
// tests synthesize without it (CDK_VALIDATION=false, vitest.config.ts), which only printed warnings.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { App, CfnResource, NestedStack, Stack, Validations } from 'aws-cdk-lib';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import type { IConstruct } from 'constructs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildStage, type StageStacks } from '../../lib/app.ts';
import { DEPLOYABLE_STAGES, type DeployableStage, STAGES } from '../../lib/config/stages.ts';
import { GUARD_SUPPRESSIONS } from '../../lib/guard-suppressions.ts';
import { GUARD_PLUGIN_NAME, GuardValidator } from '../../lib/guard-validation.ts';
import { NO_BUNDLING, synthQuietly } from './synth.ts';

interface ReportedResource {
  readonly constructPath?: string;
  readonly cloudFormationResource?: { readonly templatePath: string; readonly logicalId: string };
}

interface ReportedViolation {
  readonly ruleName: string;
  readonly description: string;
  readonly violatingConstructs: readonly ReportedResource[];
  readonly acknowledgedId?: string;
  readonly acknowledgedAt?: string;
}

/** CDK's built-in plugin (CloudFormationValidatePlugin), and the context that makes its findings errors. */
const CFN_VALIDATE = 'CloudFormation Validate';
const CFN_VALIDATE_AS_ERRORS = '@aws-cdk/core:validateAgainstDefaultRules';

interface GuardRun {
  readonly app: App;
  readonly error: unknown;
  /** The plugin's verdict: `failure` when any finding is not acknowledged. */
  readonly conclusion: string;
  readonly violations: ReportedViolation[];
  readonly suppressed: ReportedViolation[];
  /** The built-in CloudFormation validation's findings (it reports only when it finds something). */
  readonly schemaViolations: ReportedViolation[];
  readonly seconds: number;
}

const outdirs: string[] = [];

/**
 * Synthesizes what `build` adds to a fresh app, with the Guard rules and CDK's built-in CloudFormation
 * validation (its findings errors); returns their reports.
 */
function synthWithGuard(build: (app: App) => void): GuardRun {
  const outdir = mkdtempSync(path.join(tmpdir(), 'pms-guard-'));
  outdirs.push(outdir);
  const app = new App({ outdir, context: { ...NO_BUNDLING, [CFN_VALIDATE_AS_ERRORS]: true } });
  build(app);
  const started = performance.now();
  const skipped = process.env.CDK_VALIDATION;
  delete process.env.CDK_VALIDATION;
  let error: unknown;
  try {
    error = synthQuietly(app);
  } finally {
    if (skipped !== undefined) process.env.CDK_VALIDATION = skipped;
  }
  const seconds = (performance.now() - started) / 1000;
  const all = (
    JSON.parse(readFileSync(path.join(outdir, 'validation-report.json'), 'utf8')) as {
      pluginReports: Array<{
        pluginName: string;
        conclusion: string;
        violations: ReportedViolation[];
        suppressedViolations?: ReportedViolation[];
      }>;
    }
  ).pluginReports;
  const reports = all.filter((r) => r.pluginName === GUARD_PLUGIN_NAME);
  if (reports.length !== 1)
    throw new Error(`expected one ${GUARD_PLUGIN_NAME} report, got ${reports.length}`);
  const [report] = reports;
  return {
    app,
    error,
    conclusion: report!.conclusion,
    violations: report!.violations,
    suppressed: report!.suppressedViolations ?? [],
    schemaViolations: all.filter((r) => r.pluginName === CFN_VALIDATE).flatMap((r) => r.violations),
    seconds,
  };
}

/** One line per violating resource: the control, the resource, its stack and construct path, the control's text. */
function findings(violations: readonly ReportedViolation[]): string[] {
  return violations.flatMap((v) =>
    v.violatingConstructs.map((c) => {
      const template = c.cloudFormationResource?.templatePath ?? '?';
      const stack = path.basename(template).replace(/(\.nested)?\.template\.json$/, '');
      return `${v.ruleName} on ${c.cloudFormationResource?.logicalId ?? '?'} in stack ${stack} (${c.constructPath ?? 'no construct'}): ${v.description}`;
    }),
  );
}

interface Acknowledgement {
  readonly id: string;
  readonly reason: string;
  readonly path: string;
  readonly construct: IConstruct;
}

function guardAcknowledgements(root: IConstruct): Acknowledgement[] {
  return root.node.findAll().flatMap((c) =>
    c.node.metadata
      .filter((m) => m.type === Validations.ACKNOWLEDGED_RULES_METADATA_KEY)
      .flatMap((m) => Object.entries(m.data as Record<string, string>))
      .filter(([id]) => id.startsWith(`${GUARD_PLUGIN_NAME}::`))
      .map(([id, reason]) => ({ id, reason, path: c.node.path, construct: c })),
  );
}

afterAll(() => {
  for (const dir of outdirs) rmSync(dir, { recursive: true, force: true });
});

describe("AWS Guard rules on every stage's templates", () => {
  let run: GuardRun;
  const stages = new Map<DeployableStage, StageStacks>();

  beforeAll(() => {
    // All stages in one app: one cfn-guard run over every template.
    run = synthWithGuard((app) => {
      for (const stage of DEPLOYABLE_STAGES)
        stages.set(stage, buildStage(app, STAGES[stage], { nag: false, guard: true }));
    });
    const counts = new Map<string, Record<string, string | number>>();
    for (const v of run.suppressed) {
      const row = counts.get(v.ruleName) ?? { control: v.ruleName };
      for (const c of v.violatingConstructs) {
        const stage = DEPLOYABLE_STAGES.find((s) => c.constructPath?.startsWith(`${STAGES[s].stackPrefix}-`));
        if (stage) row[stage] = Number(row[stage] ?? 0) + 1;
      }
      counts.set(v.ruleName, row);
    }
    console.log(
      `AWS Guard: synthesis with validation took ${run.seconds.toFixed(1)} s; acknowledged findings per control (lib/guard-suppressions.ts):`,
    );
    console.table([...counts.values()].sort((a, b) => String(a.control).localeCompare(String(b.control))));
  }, 600_000);

  it('finds nothing unacknowledged in any stack of any stage, nested stacks included', () => {
    expect(findings(run.violations)).toEqual([]);
    expect(run.conclusion).toBe('success');
    expect(run.error).toBeUndefined();
  });

  it("passes CloudFormation's resource schemas (CDK's built-in validation) in every stack", () => {
    expect(findings(run.schemaViolations)).toEqual([]);
  });

  it('covers every deployable stage, each with its nested stacks', () => {
    for (const [stage, { service }] of stages) {
      const nested = service.node.findAll().filter((c) => Stack.isStack(c) && c.nested);
      expect(nested.length, stage).toBeGreaterThan(0);
    }
    // Findings were acknowledged in both top-level stacks of every stage.
    for (const stage of DEPLOYABLE_STAGES)
      for (const stack of ['stateful', 'service'])
        expect(
          run.suppressed.some((v) =>
            v.violatingConstructs.some((c) =>
              c.constructPath?.startsWith(`${STAGES[stage].stackPrefix}-${stack}/`),
            ),
          ),
          `${stage} ${stack}`,
        ).toBe(true);
  });

  it('gives every suppression a reason and acknowledges resources, never a stack', () => {
    for (const row of GUARD_SUPPRESSIONS) {
      expect(row.rule, row.resources).toMatch(/^CT\.[A-Z0-9]+\.PR\.\d+$/);
      expect(row.reason.length, `${row.rule} ${row.resources}`).toBeGreaterThan(40);
    }
    const acks = guardAcknowledgements(run.app);
    expect(acks.length).toBeGreaterThan(0);
    for (const ack of acks) {
      expect(Stack.isStack(ack.construct), `${ack.id} at ${ack.path}`).toBe(false);
      expect(
        GUARD_SUPPRESSIONS.some(
          (row) => `${GUARD_PLUGIN_NAME}::${row.rule}` === ack.id && row.reason === ack.reason,
        ),
        `${ack.id} at ${ack.path} comes from the table`,
      ).toBe(true);
    }
  });

  it('acknowledges only findings the rules report there (no stale suppressions)', () => {
    const stale = guardAcknowledgements(run.app).filter(
      (ack) => !run.suppressed.some((v) => v.acknowledgedId === ack.id && v.acknowledgedAt === ack.path),
    );
    expect(stale.map((a) => `${a.id} at ${a.path}`)).toEqual([]);
  });

  it('uses every row of the table on some stage', () => {
    const unused = GUARD_SUPPRESSIONS.filter(
      (row) =>
        ![...stages].some(([stage, stacks]) =>
          row.select({ config: STAGES[stage], ...stacks }).some((c) => c !== undefined),
        ),
    );
    expect(unused.map((row) => `${row.rule}: ${row.resources}`)).toEqual([]);
  });
});

describe('the Guard validation itself', () => {
  it('fails on a template that breaks a control, in a stack or a nested stack, and names rule, resource and stack', () => {
    const run = synthWithGuard((app) => {
      Validations.of(app).addPlugins(new GuardValidator());
      const stack = new Stack(app, 'Tiny');
      new sqs.CfnQueue(stack, 'QueueWithoutDeadLetters'); // CT.SQS.PR.1
      const nested = new NestedStack(stack, 'Inner');
      const bucket = new s3.CfnBucket(nested, 'OpenBucket'); // no block public access: CT.S3.PR.1
      // An acknowledged finding moves to the suppressed list, with its place.
      Validations.of(bucket).acknowledge({ id: `${GUARD_PLUGIN_NAME}::CT.S3.PR.9`, reason: 'a test' });
    });
    expect(run.conclusion).toBe('failure');
    const found = findings(run.violations);
    expect(found).toContainEqual(
      expect.stringMatching(
        /^CT\.SQS\.PR\.1 on QueueWithoutDeadLetters in stack Tiny \(Tiny\/QueueWithoutDeadLetters\): /,
      ),
    );
    expect(found).toContainEqual(
      expect.stringMatching(
        /^CT\.S3\.PR\.1 on OpenBucket\w* in stack TinyInner\w* \(Tiny\/Inner\/OpenBucket\): /,
      ),
    );
    expect(found.some((f) => f.startsWith('CT.S3.PR.9 '))).toBe(false);
    expect(run.suppressed.map((v) => [v.ruleName, v.acknowledgedAt])).toEqual([
      ['CT.S3.PR.9', 'Tiny/Inner/OpenBucket'],
    ]);
  });

  it("reports a property CloudFormation's schema refuses, with CDK_VALIDATION=false set for the other tests", () => {
    expect(process.env.CDK_VALIDATION).toBe('false');
    const run = synthWithGuard((app) => {
      Validations.of(app).addPlugins(new GuardValidator());
      const stack = new Stack(app, 'Tiny');
      new CfnResource(stack, 'Queue', { type: 'AWS::SQS::Queue', properties: { VisibilityTimeout: 'soon' } });
    });
    expect(run.error).toBeDefined();
    expect(findings(run.schemaViolations)).toEqual([
      expect.stringMatching(
        /^F\d+ on Queue in stack Tiny \(Tiny\/Queue\): VisibilityTimeout: 'soon' is not of type 'integer'/,
      ),
    ]);
  });
});
