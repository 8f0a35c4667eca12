// The image fetcher of steps that download customer images (brochure photos, logos, room photos), with
// the stage's policy: https and public hosts only, except on the local stack.
import { ENV, requireEnv } from '../../core/config/env.ts';
import { type ImageFetcher, imageFetcher } from '../../media/images/fetch-image.ts';

let fetcher: ImageFetcher | undefined;

/** Built once per container from IMAGE_FETCH_ALLOW_HTTP / IMAGE_FETCH_ALLOW_LOOPBACK. */
export function lambdaImageFetcher(): ImageFetcher {
  fetcher ??= imageFetcher({
    allowHttp: requireEnv(ENV.imageFetchAllowHttp) === 'true',
    allowLoopback: requireEnv(ENV.imageFetchAllowLoopback) === 'true',
  });
  return fetcher;
}
