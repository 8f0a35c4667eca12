// `cdk synth` through the real CLI, offline and without AWS credentials: bundles every function with
// esbuild, builds the sharp layer, runs cdk-nag, and writes both stacks' templates. Then every function's
// package is checked against Lambda's limits (lambda-packages.ts); the bundles are the same on every stage.
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { LABEL_FONT_FILE_NAME } from '../../functions/media/markup/label-font.ts';
import { HANDLER_METADATA_KEY, PROJECT_ROOT } from '../../lib/constructs/service-function.ts';
import { packageFigures, packageViolations } from './lambda-packages.ts';

const run = promisify(execFile);
const TIMEOUT_MS = 5 * 60_000;

/** The environment without AWS credentials or profiles, so the CLI cannot reach an account. */
function offlineEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (!/^(AWS_|CDK_DEFAULT_)/.test(key)) env[key] = value;
  }
  const bin = path.join(PROJECT_ROOT, 'node_modules', '.bin');
  return {
    ...env,
    PATH: `${bin}${path.delimiter}${process.env.PATH ?? ''}`,
    AWS_EC2_METADATA_DISABLED: 'true',
    AWS_CONFIG_FILE: path.join(tmpdir(), 'pms-no-aws-config'),
    AWS_SHARED_CREDENTIALS_FILE: path.join(tmpdir(), 'pms-no-aws-credentials'),
    CI: 'true',
  };
}

describe('cdk synth (CLI)', () => {
  const outdir = mkdtempSync(path.join(tmpdir(), 'pms-cli-synth-'));
  afterAll(() => rmSync(outdir, { recursive: true, force: true }));

  it(
    'synthesizes stage dev offline into a cloud assembly with both stacks and bundled functions',
    async () => {
      const cdk = path.join(PROJECT_ROOT, 'node_modules', '.bin', 'cdk');
      await run(cdk, ['synth', '-c', 'stage=dev', '-q', '--output', outdir], {
        cwd: PROJECT_ROOT,
        env: offlineEnv(),
        timeout: TIMEOUT_MS - 10_000,
        maxBuffer: 64 * 1024 * 1024,
      });

      const manifest = JSON.parse(readFileSync(path.join(outdir, 'manifest.json'), 'utf8')) as {
        artifacts: Record<string, { type: string; properties?: { templateFile?: string } }>;
      };
      const stacks = Object.entries(manifest.artifacts).filter(
        ([, a]) => a.type === 'aws:cloudformation:stack',
      );
      expect(stacks.map(([id]) => id).sort()).toEqual(['pms-dev-service', 'pms-dev-stateful']);

      for (const [id, artifact] of stacks) {
        const template = JSON.parse(
          readFileSync(path.join(outdir, artifact.properties!.templateFile!), 'utf8'),
        ) as {
          Resources: Record<
            string,
            { Type: string; Properties?: { Code?: { S3Key?: unknown } }; Metadata?: Record<string, string> }
          >;
        };
        expect(Object.keys(template.Resources).length, id).toBeGreaterThan(0);
        if (id !== 'pms-dev-service') continue;
        // Every service function's asset was bundled into an index.mjs; the annotation font ships beside
        // the functions that draw annotations.
        const functions = Object.values(template.Resources).filter(
          (r) => r.Type === 'AWS::Lambda::Function' && r.Metadata?.[HANDLER_METADATA_KEY],
        );
        expect(functions.length).toBeGreaterThan(0);
        for (const fn of functions) {
          const assetDir = path.join(outdir, fn.Metadata!['aws:asset:path']!);
          expect(existsSync(path.join(assetDir, 'index.mjs')), assetDir).toBe(true);
          const handler = fn.Metadata![HANDLER_METADATA_KEY]!;
          if (/functions\/jobs\/markup\/(steps|video-steps)\.ts#(edit|prepare)$/.test(handler)) {
            expect(existsSync(path.join(assetDir, LABEL_FONT_FILE_NAME)), assetDir).toBe(true);
          }
          // Brochure slides measure and draw text in both faces.
          if (handler.endsWith('functions/jobs/brochure/steps.ts#generate')) {
            for (const face of [LABEL_FONT_FILE_NAME, 'DejaVuSans.ttf'])
              expect(existsSync(path.join(assetDir, face)), `${assetDir}/${face}`).toBe(true);
          }
        }
        // Remotion Lambda: the render function is the zip from the @remotion/lambda package, and the site
        // deployment carries the bundled compositions.
        const render = Object.values(template.Resources).find(
          (r) =>
            r.Type === 'AWS::Lambda::Function' &&
            (r.Properties as { Runtime?: string } | undefined)?.Runtime === 'nodejs24.x',
        )!;
        expect(render.Metadata!['aws:asset:path']).toMatch(/\.zip$/);
        const siteAsset = readdirSync(outdir).find(
          (entry) =>
            existsSync(path.join(outdir, entry, 'index.html')) &&
            existsSync(path.join(outdir, entry, 'bundle.js')),
        );
        expect(siteAsset, 'bundled Remotion site among the assets').toBeDefined();
        // And the sharp layer holds sharp with the linux-arm64 binaries.
        const layer = Object.values(template.Resources).find((r) => r.Type === 'AWS::Lambda::LayerVersion')!;
        const modules = path.join(outdir, layer.Metadata!['aws:asset:path']!, 'nodejs', 'node_modules');
        expect(readdirSync(modules)).toContain('sharp');
        expect(readdirSync(path.join(modules, '@img'))).toContain('sharp-linux-arm64');
      }
    },
    TIMEOUT_MS,
  );

  it("keeps every function's package within Lambda's limits: 250 MB unzipped with its layers, 50 MB zipped", () => {
    const figures = packageFigures(outdir);
    const largest = [...figures].sort((a, b) => b.unzippedBytesWithLayers - a.unzippedBytesWithLayers);
    console.log(
      'Lambda packages: the largest, unzipped with layers (limit 262,144,000 bytes) and zipped (limit 52,428,800)',
    );
    console.table(
      largest
        .slice(0, 5)
        .map(({ unmeasuredLayers, ...f }) => ({ ...f, unmeasuredLayers: unmeasuredLayers.length })),
    );
    expect(figures.length).toBeGreaterThan(40);
    expect(packageViolations(figures)).toEqual([]);
    // Only the render function names layers the assembly does not hold (Remotion's public layers).
    expect(figures.filter((f) => f.unmeasuredLayers.length > 0).map((f) => f.function)).toEqual([
      expect.stringMatching(/^pms-dev-service\/RendererRenderFunction[0-9A-F]{8}$/),
    ]);
  });
});
