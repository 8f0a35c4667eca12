// What a restructuring of the CDK code must leave alone: every resource (logical id and type, so nothing
// is replaced on the next deploy) and every role's permissions (each statement's effect, actions and
// resources), for every deployable stage. `test/infra/template-baseline.test.ts` compares the synthesized
// stacks with the recorded baseline; a change that means to alter them records a new one with
// `UPDATE_TEMPLATE_BASELINE=1 npx vitest run test/infra/template-baseline.test.ts` and shows it in its diff.
import type { Template } from 'aws-cdk-lib/assertions';
import { actionsOf, type PolicyStatement, resources, resourcesOf, statementsOfRole } from './synth.ts';

export interface TemplateSummary {
  /** `LogicalId Type`, sorted. */
  readonly resources: string[];
  /** Role logical id → its statements as `Effect action resource-json`, sorted. */
  readonly roles: Record<string, string[]>;
}

function statementLines(statement: PolicyStatement): string[] {
  return actionsOf(statement).flatMap((action) =>
    resourcesOf(statement).map((resource) => `${statement.Effect} ${action} ${JSON.stringify(resource)}`),
  );
}

export function summarize(template: Template): TemplateSummary {
  const all = resources(template);
  const roles = Object.fromEntries(
    all
      .filter(([, r]) => r.Type === 'AWS::IAM::Role')
      .map(([id]) => [id, [...new Set(statementsOfRole(template, id).flatMap(statementLines))].sort()])
      .sort(([a], [b]) => String(a).localeCompare(String(b))),
  );
  return { resources: all.map(([id, r]) => `${id} ${r.Type}`).sort(), roles };
}
