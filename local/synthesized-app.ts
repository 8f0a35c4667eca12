// Synthesizes the CDK app for the `local` stage in process (asset bundling skipped: the local stack runs
// the handler sources directly) and resolves the templates' intrinsic functions to local names, so the
// local stack is built from exactly what `cdk deploy` would create.
import { createHash } from 'node:crypto';
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { PROJECT_ROOT } from '../lib/constructs/function-facts.ts';

export const LOCAL_REGION = 'ap-southeast-2';
export const LOCAL_ACCOUNT = '000000000000';

interface CfnResource {
  readonly Type: string;
  readonly Properties?: Record<string, unknown>;
  readonly Metadata?: Record<string, unknown>;
}

export interface CfnTemplate {
  readonly Resources: Record<string, CfnResource>;
  readonly Outputs?: Record<string, { Value: unknown; Export?: { Name: unknown } }>;
}

interface SynthesizedApp {
  readonly stateful: CfnTemplate;
  readonly service: CfnTemplate;
}

/** Synthesized local templates, one file per hash of their inputs (a later `npm start` skips CDK). */
const CACHE_DIR = path.join(PROJECT_ROOT, 'node_modules', '.cache', 'property-media-local');
/** What the synthesis reads: the CDK app and the modules it imports, the dependencies' versions. */
const SYNTH_INPUT_DIRS = ['lib', 'functions', 'layers'];
const SYNTH_INPUT_FILES = ['package-lock.json', 'cdk.json', 'tsconfig.json'];
/** The environment the app reads while it is built (lib/app.ts). */
const SYNTH_INPUT_ENV = ['CDK_DEFAULT_ACCOUNT', 'CDK_DEFAULT_REGION'];

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}

/** A hash of every input of the local synthesis: file contents, their paths, and the environment read. */
function synthesisInputsHash(root = PROJECT_ROOT): string {
  const hash = createHash('sha256');
  const files = [
    ...SYNTH_INPUT_DIRS.flatMap((dir) => filesUnder(path.join(root, dir))),
    ...SYNTH_INPUT_FILES.map((file) => path.join(root, file)),
  ];
  for (const file of files) {
    hash.update(path.relative(root, file)).update('\0').update(readFileSync(file)).update('\0');
  }
  for (const name of SYNTH_INPUT_ENV) hash.update(`${name}=${process.env[name] ?? ''}\0`);
  return hash.digest('hex').slice(0, 32);
}

/**
 * The local stage's templates: from the cache when nothing they depend on changed (no CDK loaded at all,
 * the slowest part of a start), else synthesized. `cached` says which; `remember()` caches synthesized
 * templates once the caller has checked them (the state machines' definitions are validated then).
 */
export async function synthesizeLocalApp(): Promise<
  SynthesizedApp & { readonly cached: boolean; remember(): void }
> {
  const file = path.join(CACHE_DIR, `synth-${synthesisInputsHash()}.json`);
  try {
    const templates = JSON.parse(readFileSync(file, 'utf8')) as SynthesizedApp;
    // The newest file is the templates last used: the local stack's bundle takes its handler modules
    // from it (scripts/local-bundle.mjs).
    try {
      utimesSync(file, new Date(), new Date());
    } catch {
      // A read-only cache: the bundle may then name another set of handler modules (loaded from source).
    }
    return { ...templates, cached: true, remember: () => undefined };
  } catch {
    // Not cached yet (or unreadable): synthesize.
  }
  const templates = await synthesize();
  const remember = () => {
    try {
      mkdirSync(CACHE_DIR, { recursive: true });
      // Written aside, then renamed: a stack starting at the same time never reads half a file.
      const partial = `${file}.${process.pid}.tmp`;
      writeFileSync(partial, JSON.stringify(templates));
      renameSync(partial, file);
    } catch (error) {
      console.warn(`Could not cache the synthesized templates in ${CACHE_DIR}: ${(error as Error).message}`);
    }
  };
  return { ...templates, cached: false, remember };
}

async function synthesize(): Promise<SynthesizedApp> {
  const [{ App }, { buildStage }, { STAGES }] = await Promise.all([
    import('aws-cdk-lib'),
    import('../lib/app.ts'),
    import('../lib/config/stages.ts'),
  ]);
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
