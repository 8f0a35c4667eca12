// Synthesizes the CDK app for the `local` stage in process (asset bundling skipped: the local stack runs
// the handler sources directly) and resolves the templates' intrinsic functions to local names, so the
// local stack is built from exactly what `cdk deploy` would create.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { App } from 'aws-cdk-lib';
import { buildStage } from '../app.ts';
import { STAGES } from '../config/stages.ts';

export const LOCAL_REGION = 'ap-southeast-2';
export const LOCAL_ACCOUNT = '000000000000';

export interface CfnResource {
  readonly Type: string;
  readonly Properties?: Record<string, unknown>;
  readonly Metadata?: Record<string, unknown>;
}

export interface CfnTemplate {
  readonly Resources: Record<string, CfnResource>;
  readonly Outputs?: Record<string, { Value: unknown; Export?: { Name: unknown } }>;
}

export interface SynthesizedApp {
  readonly stateful: CfnTemplate;
  readonly service: CfnTemplate;
}

export function synthesizeLocalApp(): SynthesizedApp {
  const outdir = mkdtempSync(path.join(tmpdir(), 'pms-synth-'));
  try {
    const app = new App({ outdir, context: { 'aws:cdk:bundling-stacks': [] } });
    const { stateful, service } = buildStage(app, STAGES.local, { nag: false });
    const assembly = app.synth();
    return {
      stateful: assembly.getStackArtifact(stateful.artifactId).template as CfnTemplate,
      service: assembly.getStackArtifact(service.artifactId).template as CfnTemplate,
    };
  } finally {
    rmSync(outdir, { recursive: true, force: true });
  }
}

/** Local physical values of template resources: what Ref and Fn::GetAtt resolve to. */
export interface PhysicalResources {
  ref(logicalId: string): string;
  attribute(logicalId: string, attribute: string): string;
}

type Intrinsic = Record<string, unknown>;

/** Resolves Ref, Fn::GetAtt, Fn::Join, Fn::Select, Fn::Split, Fn::Sub (simple) and Fn::ImportValue. */
export class TemplateResolver {
  constructor(
    private readonly physical: PhysicalResources,
    private readonly exports: ReadonlyMap<string, unknown> = new Map(),
  ) {}

  resolve(value: unknown): unknown {
    if (Array.isArray(value)) return value.map((v) => this.resolve(v));
    if (typeof value !== 'object' || value === null) return value;
    const entries = Object.entries(value as Intrinsic);
    if (entries.length === 1) {
      const [fn, arg] = entries[0]!;
      switch (fn) {
        case 'Ref':
          return this.pseudo(String(arg)) ?? this.physical.ref(String(arg));
        case 'Fn::GetAtt': {
          const [id, attr] = Array.isArray(arg) ? (arg as string[]) : String(arg).split('.');
          return this.physical.attribute(id!, attr!);
        }
        case 'Fn::Join': {
          const [sep, parts] = arg as [string, unknown[]];
          return (this.resolve(parts) as unknown[]).join(sep);
        }
        case 'Fn::Select': {
          const [index, list] = arg as [number, unknown];
          return (this.resolve(list) as unknown[])[Number(index)];
        }
        case 'Fn::Split': {
          const [sep, source] = arg as [string, unknown];
          return String(this.resolve(source)).split(sep);
        }
        case 'Fn::Sub': {
          const template = Array.isArray(arg) ? String(arg[0]) : String(arg);
          const vars = Array.isArray(arg) ? (this.resolve(arg[1]) as Record<string, unknown>) : {};
          return template.replace(/\$\{([^}]+)\}/g, (_, name: string) => {
            if (name in vars) return String(vars[name]);
            const [id, attr] = name.split('.');
            return String(
              attr ? this.physical.attribute(id!, attr) : (this.pseudo(id!) ?? this.physical.ref(id!)),
            );
          });
        }
        case 'Fn::ImportValue': {
          const name = String(this.resolve(arg));
          if (!this.exports.has(name)) throw new Error(`Template imports '${name}', which no stack exports`);
          return this.exports.get(name);
        }
        default:
          if (fn.startsWith('Fn::'))
            throw new Error(`Template function ${fn} is not supported by the local stack`);
      }
    }
    return Object.fromEntries(entries.map(([k, v]) => [k, this.resolve(v)]));
  }

  private pseudo(name: string): string | undefined {
    switch (name) {
      case 'AWS::Region':
        return LOCAL_REGION;
      case 'AWS::AccountId':
        return LOCAL_ACCOUNT;
      case 'AWS::Partition':
        return 'aws';
      case 'AWS::URLSuffix':
        return 'amazonaws.com';
      case 'AWS::StackName':
        return 'local';
      case 'AWS::NoValue':
        return undefined;
      default:
        return undefined;
    }
  }
}

/** The export name → value map of a template's outputs, resolved in that template's own context. */
export function exportsOf(template: CfnTemplate, resolver: TemplateResolver): Map<string, unknown> {
  const map = new Map<string, unknown>();
  for (const output of Object.values(template.Outputs ?? {})) {
    if (output.Export) map.set(String(resolver.resolve(output.Export.Name)), resolver.resolve(output.Value));
  }
  return map;
}

export function resourcesOfType(template: CfnTemplate, type: string): Array<[string, CfnResource]> {
  return Object.entries(template.Resources).filter(([, r]) => r.Type === type);
}
