// The renderer row's factory: the stage's Renderer and StillRenderer adapters, chosen by its variables
// (RENDERER_PROVIDER: local | remotion-lambda); the steps never know which one runs. Locally a render
// runs in the calling worker with Chromium and waits in the machine's render queue (LOCAL_RENDER_DIR,
// LOCAL_RENDER_CONCURRENCY); in AWS it runs on the Remotion render function, since a step's Lambda has
// no Chromium. Requests may name secrets their page needs (secretEnv), read when the render starts.
import { availableParallelism } from 'node:os';
import { s3Client } from '../../adapters/aws-clients.ts';
import type { MediaStore } from '../../core/media/media-store.ts';
import { LocalRenderer } from '../../media/rendering/local-renderer.ts';
import { LocalStillRenderer } from '../../media/rendering/local-still-renderer.ts';
import { RemotionLambdaRenderer } from '../../media/rendering/remotion-lambda-renderer.ts';
import { RemotionLambdaStillRenderer } from '../../media/rendering/remotion-lambda-still-renderer.ts';
import { localRenderQueue, localRenderSlots } from '../../media/rendering/render-slots.ts';
import type { Renderer } from '../../media/rendering/renderer.ts';
import { withSecretEnv, withSecretEnvStill } from '../../media/rendering/secret-env.ts';
import type { StillRenderer } from '../../media/rendering/still-renderer.ts';
import { stageSecretReader } from '../secrets.ts';

export interface RendererVariables {
  readonly provider: string | undefined;
  readonly serveUrl: string | undefined;
  readonly functionName: string | undefined;
  readonly renderBucket: string | undefined;
  readonly mediaBucket: string | undefined;
  readonly localRenderDir: string | undefined;
  readonly localRenderConcurrency: string | undefined;
  readonly region: string | undefined;
  readonly secretsFile: string | undefined;
}

function required(v: RendererVariables, role: keyof RendererVariables, variable: string): string {
  const value = v[role];
  if (value === undefined)
    throw new Error(
      `Environment variable ${variable} is not set; the deployment (or local stack) must set it.`,
    );
  return value;
}

function choice(v: RendererVariables): 'local' | 'remotion-lambda' {
  const value = required(v, 'provider', 'RENDERER_PROVIDER');
  if (value !== 'local' && value !== 'remotion-lambda')
    throw new Error(`RENDERER_PROVIDER must be 'local' or 'remotion-lambda', got '${value}'`);
  return value;
}

function remotionLambda(v: RendererVariables) {
  return {
    region: required(v, 'region', 'AWS_REGION'),
    functionName: required(v, 'functionName', 'REMOTION_FUNCTION_NAME'),
    serveUrl: required(v, 'serveUrl', 'REMOTION_SERVE_URL'),
    renderBucket: required(v, 'renderBucket', 'REMOTION_RENDER_BUCKET'),
    s3: s3Client(),
  };
}

/** The stage's video renderer; the step ports build it once per container. */
export function stageRenderer(v: RendererVariables, media: MediaStore): Renderer {
  const renderer =
    choice(v) === 'local'
      ? new LocalRenderer({
          serveUrl: required(v, 'serveUrl', 'REMOTION_SERVE_URL'),
          workDir: required(v, 'localRenderDir', 'LOCAL_RENDER_DIR'),
          media,
        })
      : new RemotionLambdaRenderer({
          ...remotionLambda(v),
          mediaBucket: required(v, 'mediaBucket', 'MEDIA_BUCKET_NAME'),
        });
  return withSecretEnv(renderer, () => stageSecretReader(v.secretsFile));
}

/** The stage's still renderer; the step ports build it once per container. */
export function stageStillRenderer(v: RendererVariables): StillRenderer {
  const renderer =
    choice(v) === 'local'
      ? new LocalStillRenderer({
          serveUrl: required(v, 'serveUrl', 'REMOTION_SERVE_URL'),
          queue: localRenderQueue(
            required(v, 'localRenderDir', 'LOCAL_RENDER_DIR'),
            localRenderSlots(v.localRenderConcurrency, availableParallelism()),
          ),
          // A loaded machine is slow to start a page (LocalRenderer allows as long for the same reason).
          timeoutMs: 90_000,
        })
      : new RemotionLambdaStillRenderer(remotionLambda(v));
  return withSecretEnvStill(renderer, () => stageSecretReader(v.secretsFile));
}
