// Template validation with AWS Guard rules: the AWS Control Tower proactive controls that
// @cdklabs/cdk-validator-cfnguard bundles with its cfn-guard binary, run by CDK's policy validation on every
// synthesized template of the app, nested stacks included. Findings are named by their control id
// (CT.S3.PR.1, ...), so a finding is acknowledged like any other CDK validation:
// `Validations.of(construct).acknowledge({ id: 'cfn-guard::CT.S3.PR.1', reason })` (lib/guard-suppressions.ts).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as path from 'node:path';
import { CfnGuardValidator } from '@cdklabs/cdk-validator-cfnguard';
import {
  type IPolicyValidationContext,
  type IPolicyValidationPlugin,
  type PolicyValidationPluginReport,
  type PolicyViolation,
  Stack,
} from 'aws-cdk-lib';
import { reportedTypes } from './guard-rule-types.ts';

/** The plugin's name in CDK's validation report, and the namespace of its acknowledgement ids. */
export const GUARD_PLUGIN_NAME = 'cfn-guard';

const PACKAGE_DIR = path.dirname(
  createRequire(import.meta.url).resolve('@cdklabs/cdk-validator-cfnguard/package.json'),
);
/** The bundled Control Tower rules, one control per file (ct-s3-pr-1.guard, ...). */
export const CONTROL_TOWER_RULES_DIR = path.join(PACKAGE_DIR, 'rules', 'control-tower', 'cfn-guard');

interface RuleFile {
  readonly file: string;
  /** The resource types the rule can report on: a template without any of them passes it unchecked. */
  readonly types: readonly string[];
}

let ruleFiles: RuleFile[] | undefined;

function controlTowerRules(): RuleFile[] {
  ruleFiles ??= listRules(CONTROL_TOWER_RULES_DIR).map((file) => ({
    file,
    types: reportedTypes(readFileSync(file, 'utf8')),
  }));
  return ruleFiles;
}

function listRules(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const file = path.join(dir, name);
      if (statSync(file).isDirectory()) return listRules(file);
      return name.endsWith('.guard') ? [file] : [];
    });
}

/**
 * CDK's policy-validation plugin running the bundled Control Tower Guard rules.
 *
 * - Nested stacks: CDK hands a plugin the top-level stacks' templates only; this adds each one's nested
 *   stacks' templates.
 * - Speed: every Control Tower rule selects the resources it checks by type, so a rule whose types are
 *   absent from the templates can only skip (`reportedTypes`). Only the rules that can report run (one
 *   cfn-guard process): 31 of the 237 for this app. cfn-guard's time grows with the number of rule files.
 * - Rule names: the control id (`CT.S3.PR.1`) from the rule's message, instead of the Guard rule's name.
 * - Severity: every finding is an error.
 */
export class GuardValidator implements IPolicyValidationPlugin {
  readonly name = GUARD_PLUGIN_NAME;
  readonly version: string;

  constructor() {
    this.version = (
      JSON.parse(readFileSync(path.join(PACKAGE_DIR, 'package.json'), 'utf8')) as { version: string }
    ).version;
  }

  validate(context: IPolicyValidationContext): PolicyValidationPluginReport {
    const templatePaths = [...context.templatePaths, ...nestedTemplatePaths(context)];
    const types = new Set(
      templatePaths.flatMap((file) =>
        Object.values(
          (JSON.parse(readFileSync(file, 'utf8')) as { Resources?: Record<string, { Type: string }> })
            .Resources ?? {},
        ).map((r) => r.Type),
      ),
    );
    const rules = controlTowerRules()
      .filter((rule) => rule.types.length === 0 || rule.types.some((t) => types.has(t)))
      .map((rule) => rule.file);
    if (rules.length === 0) return { success: true, violations: [] };
    const guard = new CfnGuardValidator({
      controlTowerRulesEnabled: false,
      rules,
      // cfn-guard's JSON report on a few hundred resources is several MB.
      maxBuffer: 256 * 1024 * 1024,
    });
    const report = guard.validate({ templatePaths, appConstruct: context.appConstruct });
    const violations: PolicyViolation[] = report.violations.map((v) => ({
      ...v,
      ruleName: /^\[(CT\.[A-Z0-9]+\.PR\.\d+)\]/.exec(v.description)?.[1] ?? v.ruleName,
      // Explicit: once any finding is acknowledged, CDK fails synthesis only on those marked as errors.
      severity: 'error',
    }));
    return { success: violations.length === 0, violations };
  }
}

/** The templates of the nested stacks below the stacks being validated, in the same cloud assembly. */
function nestedTemplatePaths(context: IPolicyValidationContext): string[] {
  const byName = new Map(context.templatePaths.map((file) => [path.basename(file), file]));
  return context.appConstruct.node
    .findAll()
    .filter((c): c is Stack => Stack.isStack(c) && c.nested)
    .flatMap((nested) => {
      let root: Stack = nested;
      while (root.nestedStackParent) root = root.nestedStackParent;
      const parentTemplate = byName.get(root.templateFile);
      return parentTemplate ? [path.join(path.dirname(parentTemplate), nested.templateFile)] : [];
    });
}
