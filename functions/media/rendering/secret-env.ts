// Decorators of the two render ports that turn a request's secretEnv (page environment variable → secret
// id) into the page's environment when the render starts: the secret's value goes to the adapter as its
// `env` argument (Remotion's envVariables), so it is never in the request, the job, Step Functions state
// or a log. A secret that cannot be read fails the render with a message naming the secret.
import type { SecretReader } from '../../core/secrets/secrets.ts';
import { cachedSecrets } from '../../core/secrets/secrets.ts';
import type { RenderEnv, Renderer, RenderRequest, SecretEnv } from './renderer.ts';
import type { StillRenderer, StillRequest } from './still-renderer.ts';

/** The page environment of a request's secretEnv, each value read through `secrets` (cached). */
export async function resolveSecretEnv(
  secretEnv: SecretEnv | undefined,
  secrets: (secretId: string) => Promise<string>,
): Promise<RenderEnv | undefined> {
  const entries = Object.entries(secretEnv ?? {});
  if (entries.length === 0) return undefined;
  return Object.fromEntries(
    await Promise.all(entries.map(async ([name, secretId]) => [name, await secrets(secretId)] as const)),
  );
}

/** The page environment of a request: the caller's `env` plus its secretEnv, read when first needed. */
function pageEnv(reader: () => SecretReader) {
  let secrets: ((secretId: string) => Promise<string>) | undefined;
  return async (secretEnv: SecretEnv | undefined, env: RenderEnv | undefined) => {
    const resolved = await resolveSecretEnv(secretEnv, (id) => {
      secrets ??= cachedSecrets(reader());
      return secrets(id);
    });
    return resolved || env ? { ...env, ...resolved } : undefined;
  };
}

/** The renderer with its requests' secretEnv resolved (the reader is asked only when a request has one). */
export function withSecretEnv(renderer: Renderer, reader: () => SecretReader): Renderer {
  const environment = pageEnv(reader);
  return {
    name: renderer.name,
    codecs: renderer.codecs,
    start: async (request: RenderRequest, env?: RenderEnv) =>
      renderer.start(request, await environment(request.secretEnv, env)),
    status: (handle) => renderer.status(handle),
    composition: (serveUrl, id, inputProps) => renderer.composition(serveUrl, id, inputProps),
  };
}

/** The still renderer with its requests' secretEnv resolved, like withSecretEnv. */
export function withSecretEnvStill(renderer: StillRenderer, reader: () => SecretReader): StillRenderer {
  const environment = pageEnv(reader);
  return {
    name: renderer.name,
    renderStill: async (request: StillRequest, env?: RenderEnv) =>
      renderer.renderStill(request, await environment(request.secretEnv, env)),
  };
}
