// Chooses the StillRenderer adapter from the stage's configuration, like rendererFromEnv for videos
// (RENDERER_PROVIDER: local | remotion-lambda). Locally the still renders in the calling worker with
// Chromium and waits in the machine's render queue (LOCAL_RENDER_DIR, LOCAL_RENDER_CONCURRENCY); in AWS
// it renders on the Remotion render function, since a step's Lambda has no Chromium.
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import * as path from 'node:path';
import { ENV, optionalEnv, requireEnv } from '../../core/config/env.ts';
import { secretReaderFromEnv } from '../../core/secrets/secret-reader-from-env.ts';
import { LocalStillRenderer } from './local-still-renderer.ts';
import { RemotionLambdaStillRenderer } from './remotion-lambda-still-renderer.ts';
import { localRenderSlots, RenderSlots } from './render-slots.ts';
import { withSecretEnvStill } from './secret-env.ts';
import type { StillRenderer } from './still-renderer.ts';

/** As LocalRenderer: a queued or running render whose record is older than this has died. */
const STALE_AFTER_MS = 60_000;

/** The local render queue in `dir`, judging a render alive as LocalRenderer does (a fresh record). */
export function localRenderQueue(dir: string): { slots: RenderSlots; dir: string } {
  const slots = new RenderSlots({
    dir,
    slots: localRenderSlots(optionalEnv(ENV.localRenderConcurrency), availableParallelism()),
    staleAfterMs: STALE_AFTER_MS,
    alive: (renderId) => {
      try {
        const record = JSON.parse(readFileSync(path.join(dir, `${renderId}.json`), 'utf8')) as {
          state?: string;
          updatedAt?: number;
        };
        return (
          (record.state === 'queued' || record.state === 'rendering') &&
          Date.now() - (record.updatedAt ?? 0) <= STALE_AFTER_MS
        );
      } catch {
        return false;
      }
    },
  });
  return { slots, dir };
}

/** The stage's still renderer; the step ports build it once per container. */
export function stillRendererFromEnv(): StillRenderer {
  // Requests may name secrets their page needs (secretEnv): read when the still renders.
  return withSecretEnvStill(stillAdapterFromEnv(), secretReaderFromEnv);
}

function stillAdapterFromEnv(): StillRenderer {
  const choice = requireEnv(ENV.rendererProvider);
  if (choice === 'local') {
    return new LocalStillRenderer({
      serveUrl: requireEnv(ENV.remotionServeUrl),
      queue: localRenderQueue(requireEnv(ENV.localRenderDir)),
      // A loaded machine is slow to start a page (LocalRenderer allows 90 s for the same reason).
      timeoutMs: 90_000,
    });
  }
  if (choice === 'remotion-lambda') {
    return new RemotionLambdaStillRenderer({
      region: requireEnv('AWS_REGION'),
      functionName: requireEnv(ENV.remotionFunctionName),
      serveUrl: requireEnv(ENV.remotionServeUrl),
      renderBucket: requireEnv(ENV.remotionRenderBucket),
    });
  }
  throw new Error(`${ENV.rendererProvider} must be 'local' or 'remotion-lambda', got '${choice}'`);
}
