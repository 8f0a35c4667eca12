// A Lambda layer holding sharp built for linux-arm64, installed from the npm registry at synth time
// (npm picks the arm64 libvips binaries with --os/--cpu/--libc), so no Docker is needed.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { AssetHashType, DockerImage } from 'aws-cdk-lib';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { Construct } from 'constructs';
import { PROJECT_ROOT } from './service-function.ts';

export const SHARP_MODULES = ['sharp', '@img/*'] as const;

export class SharpLayer extends Construct {
  readonly layer: lambda.LayerVersion;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    const pkg = JSON.parse(readFileSync(path.join(PROJECT_ROOT, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
    };
    const version = pkg.dependencies.sharp;
    if (!version) throw new Error('package.json must depend on sharp for the sharp layer');
    this.layer = new lambda.LayerVersion(this, 'Layer', {
      description: `sharp ${version} for linux-arm64`,
      compatibleArchitectures: [lambda.Architecture.ARM_64],
      compatibleRuntimes: [lambda.Runtime.NODEJS_22_X],
      code: lambda.Code.fromAsset(path.join(PROJECT_ROOT, 'layers', 'sharp'), {
        assetHashType: AssetHashType.CUSTOM,
        assetHash: `sharp-${version}-linux-arm64-glibc`,
        bundling: {
          image: DockerImage.fromRegistry('public.ecr.aws/docker/library/node:22'),
          local: {
            tryBundle(outputDir: string) {
              execFileSync(
                'npm',
                [
                  'install',
                  '--no-save',
                  '--no-audit',
                  '--no-fund',
                  '--no-package-lock',
                  '--os=linux',
                  '--cpu=arm64',
                  '--libc=glibc',
                  '--prefix',
                  path.join(outputDir, 'nodejs'),
                  `sharp@${version}`,
                ],
                { stdio: 'inherit' },
              );
              return true;
            },
          },
        },
      }),
    });
  }
}
