// Every service function's code, bundled by one esbuild build per app instead of one esbuild process per
// function. A stage has about 45 functions over about 27 handler modules that share most of their imports:
// built one by one (NodejsFunction's way) they took about 45 s of a `cdk synth`, built together about 7 s,
// because esbuild reads, parses and resolves each shared module once.
//
// How: a function's code is a FunctionBundleCode. Binding it only records the handler module; once the whole
// app is built (an aspect on the app, which CDK runs at synthesis before any template is written), each
// function gets its asset. The first asset CDK asks to bundle runs the one build of every recorded module
// (into a scratch directory), and each asset copies its own bundle, its source map and its extra files.
// A stack whose bundling is skipped (`aws:cdk:bundling-stacks`) never bundles, as with NodejsFunction.
import { copyFileSync, cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import {
  Annotations,
  Aspects,
  AssetHashType,
  type CfnResource,
  DockerImage,
  type IAspect,
  Lazy,
  Stack,
  Stage,
} from 'aws-cdk-lib';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as s3assets from 'aws-cdk-lib/aws-s3-assets';
import { type Construct, type IConstruct, Node } from 'constructs';
import { PROJECT_ROOT } from './function-facts.ts';

/** What one function's bundle is made of. Functions with equal specs get byte-equal bundles (one asset). */
export interface FunctionBundleSpec {
  /** Handler module relative to the project root. */
  readonly entry: string;
  /** Modules left out of the bundle (the runtime's AWS SDK, layers' native modules). */
  readonly externalModules: readonly string[];
  /** Project files copied next to the bundle, by base name. */
  readonly bundledFiles: readonly string[];
}

/** The esbuild options every bundle is built with (what NodejsFunction passed for ESM on Node 22). */
const BUILD_OPTIONS = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  mainFields: ['module', 'main'],
  minify: true,
  sourcemap: true,
  // ESM bundles need a require shim for the CommonJS dependencies they inline.
  banner: {
    js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);",
  },
  outExtension: { '.js': '.mjs' },
  logLevel: 'warning',
} as const;

const NEVER_USED_IMAGE = DockerImage.fromRegistry('public.ecr.aws/docker/library/node:22');

/** The functions of one app and, once the first bundle is asked for, the built bundles. */
class AppBundles implements IAspect {
  private readonly codes: FunctionBundleCode[] = [];
  private attached = false;
  private built?: { dir: string; byKey: Map<string, string> };

  static of(scope: IConstruct): AppBundles {
    const root = Stage.of(scope) ?? Node.of(scope).root;
    const found = APPS.get(root);
    if (found) return found;
    const made = new AppBundles();
    APPS.set(root, made);
    Aspects.of(root).add(made);
    return made;
  }

  add(code: FunctionBundleCode): void {
    if (this.attached) throw new Error('a service function was added after its app was synthesized');
    this.codes.push(code);
  }

  /** The aspect: on the root, once, every recorded function gets its asset. */
  visit(node: IConstruct): void {
    if (this.attached || APPS.get(node) !== this) return;
    this.attached = true;
    try {
      for (const code of this.codes) code.attach(this);
    } finally {
      if (this.built) rmSync(this.built.dir, { recursive: true, force: true });
      this.built = undefined;
    }
  }

  /** The directory holding this spec's index.mjs and index.mjs.map, building every recorded spec at first. */
  bundleDir(spec: FunctionBundleSpec): string {
    this.built ??= this.buildAll();
    const dir = this.built.byKey.get(specKey(spec));
    if (!dir) throw new Error(`no bundle was built for ${spec.entry}`);
    return dir;
  }

  private buildAll(): { dir: string; byKey: Map<string, string> } {
    // Loaded here: only a synthesis that bundles needs esbuild (it is a dev dependency, as for NodejsFunction).
    const esbuild = loadEsbuild();
    const dir = mkdtempSync(path.join(tmpdir(), 'pms-function-bundles-'));
    const byKey = new Map<string, string>();
    // One build per set of external modules (esbuild's externals apply to a whole build).
    const groups = new Map<string, Map<string, string>>();
    // Only the functions of stacks being bundled (`cdk deploy` of one stack skips the others').
    for (const { spec } of this.codes.filter((code) => code.bundled)) {
      const key = specKey(spec);
      if (byKey.has(key)) continue;
      const name = `b${byKey.size}`;
      byKey.set(key, path.join(dir, name));
      const externals = JSON.stringify([...spec.externalModules].sort());
      const group = groups.get(externals) ?? new Map<string, string>();
      group.set(`${name}/index`, path.join(PROJECT_ROOT, spec.entry));
      groups.set(externals, group);
    }
    for (const [externals, entryPoints] of groups) {
      esbuild.buildSync({
        ...BUILD_OPTIONS,
        mainFields: [...BUILD_OPTIONS.mainFields],
        absWorkingDir: PROJECT_ROOT,
        entryPoints: Object.fromEntries(entryPoints),
        external: JSON.parse(externals) as string[],
        outdir: dir,
      });
    }
    return { dir, byKey };
  }
}

const APPS = new WeakMap<IConstruct, AppBundles>();

function specKey(spec: FunctionBundleSpec): string {
  return JSON.stringify([spec.entry, [...spec.externalModules].sort(), spec.bundledFiles]);
}

function loadEsbuild(): typeof import('esbuild') {
  return createRequire(import.meta.url)('esbuild') as typeof import('esbuild');
}

/** A function's code: its bundle from the app's one build (see the top of this file). */
export class FunctionBundleCode extends lambda.Code {
  readonly isInline = false;
  private scope?: Construct;
  private resource?: CfnResource;
  private asset?: s3assets.Asset;

  constructor(readonly spec: FunctionBundleSpec) {
    super();
  }

  bind(scope: Construct): lambda.CodeConfig {
    if (this.scope) throw new Error('a FunctionBundleCode belongs to one function');
    this.scope = scope;
    AppBundles.of(scope).add(this);
    const made = () => {
      if (!this.asset)
        throw new Error(`${scope.node.path}: its code was never bundled (its app was not synthesized)`);
      return this.asset;
    };
    return {
      s3Location: {
        bucketName: Lazy.string({ produce: () => made().s3BucketName }),
        objectKey: Lazy.string({ produce: () => made().s3ObjectKey }),
      },
    };
  }

  override bindToResource(resource: CfnResource): void {
    this.resource = resource;
  }

  /** Whether CDK bundles this function's stack in this synthesis. */
  get bundled(): boolean {
    return this.scope !== undefined && Stack.of(this.scope).bundlingRequired;
  }

  /** Makes the asset (CDK bundles it now unless the stack's bundling is skipped). */
  attach(bundles: AppBundles): void {
    const { spec } = this;
    this.asset = new s3assets.Asset(this.scope!, 'Code', {
      path: PROJECT_ROOT,
      deployTime: true,
      assetHashType: AssetHashType.OUTPUT,
      bundling: {
        image: NEVER_USED_IMAGE, // the local bundling below always succeeds
        // Names what the bundle is made of: CDK keys its bundling directory and its asset cache on the options.
        command: [
          'bundle',
          spec.entry,
          ...spec.externalModules.map((m) => `--external:${m}`),
          ...spec.bundledFiles,
        ],
        local: {
          tryBundle(outputDir: string) {
            const built = bundles.bundleDir(spec);
            cpSync(built, outputDir, { recursive: true });
            for (const file of spec.bundledFiles) {
              mkdirSync(outputDir, { recursive: true });
              copyFileSync(path.join(PROJECT_ROOT, file), path.join(outputDir, path.basename(file)));
            }
            return true;
          },
        },
      },
    });
    if (!this.asset.isZipArchive)
      Annotations.of(this.scope!).addError('a function bundle must be a directory');
    if (this.resource) this.asset.addResourceMetadata(this.resource, 'Code');
  }
}
