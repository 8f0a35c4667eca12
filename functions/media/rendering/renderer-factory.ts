// Chooses the Renderer adapter from the stage's configuration (RENDERER_PROVIDER: local |
// remotion-lambda); the steps never know which one runs.
import { ENV, requireEnv } from '../../core/config/env.ts';
import type { MediaStore } from '../../core/media/media-store.ts';
import { secretReaderFromEnv } from '../../core/secrets/secret-reader-from-env.ts';
import { LocalRenderer } from './local-renderer.ts';
import { RemotionLambdaRenderer } from './remotion-lambda-renderer.ts';
import type { Renderer } from './renderer.ts';
import { withSecretEnv } from './secret-env.ts';

export type RendererChoice = 'local' | 'remotion-lambda';

/** The stage's renderer adapter; the step ports call this once per container. */
export function rendererFromEnv(media: MediaStore): Renderer {
  let cached: Renderer;
  const choice = requireEnv(ENV.rendererProvider);
  if (choice === 'local') {
    cached = new LocalRenderer({
      serveUrl: requireEnv(ENV.remotionServeUrl),
      workDir: requireEnv(ENV.localRenderDir),
      media,
    });
  } else if (choice === 'remotion-lambda') {
    cached = new RemotionLambdaRenderer({
      region: requireEnv('AWS_REGION'),
      functionName: requireEnv(ENV.remotionFunctionName),
      serveUrl: requireEnv(ENV.remotionServeUrl),
      renderBucket: requireEnv(ENV.remotionRenderBucket),
      mediaBucket: requireEnv(ENV.mediaBucket),
    });
  } else {
    throw new Error(`${ENV.rendererProvider} must be 'local' or 'remotion-lambda', got '${choice}'`);
  }
  // Requests may name secrets their page needs (secretEnv): read when the render starts.
  return withSecretEnv(cached, secretReaderFromEnv);
}
