// The job's own organization's media given back to it by URL: a listing kit hands its slides its stills as
// presigned URLs, and a caller may pass one of its jobs' outputs on to another job the same way. Such a URL
// expires an hour after it was signed, and on the local stack names the S3 emulator's port of the run that
// signed it: a slide that waited for capacity past the hour, or ran after a restart, could no longer
// download it. The step's fetcher reads those objects from the bucket by key instead (only under the
// job's own organization and mode); every other URL is downloaded as before.
import type { BrandKitUse } from '../../core/brand-kits/resolve.ts';
import type { Tenant } from '../../core/jobs/job-types.ts';
import { type MediaStore, tenantMediaPrefix } from '../../core/media/media-store.ts';
import {
  type ImageFetcher,
  type ImageryFetcher,
  imageFromBytes,
  imageryFromBytes,
} from '../../media/images/fetch-image.ts';
import { kitImageFetcher } from './brand-kit-images.ts';

export function ownMediaFetcher(
  fetch: ImageFetcher,
  media: Pick<MediaStore, 'get' | 'keyOf'>,
  tenant: Tenant,
): ImageFetcher {
  return readingOwnMedia(fetch, media, tenant, imageFromBytes);
}

/**
 * The same for a caller's aerial imagery (`imagery.image_url`, a drone photo or orthophoto): one of the
 * organization's own outputs given back as the picture to draw on is read from the bucket, with the
 * checks an imagery download gets.
 */
export function ownImageryFetcher(
  fetch: ImageryFetcher,
  media: Pick<MediaStore, 'get' | 'keyOf'>,
  tenant: Tenant,
): ImageryFetcher {
  return readingOwnMedia(fetch, media, tenant, imageryFromBytes);
}

function readingOwnMedia<I>(
  fetch: (url: string) => Promise<I>,
  media: Pick<MediaStore, 'get' | 'keyOf'>,
  tenant: Tenant,
  fromBytes: (url: string, bytes: Buffer) => Promise<I>,
): (url: string) => Promise<I> {
  const prefix = tenantMediaPrefix(tenant);
  return async (url) => {
    const key = media.keyOf(url);
    if (!key?.startsWith(prefix)) return fetch(url);
    let bytes: Buffer;
    try {
      bytes = await media.get(key);
    } catch {
      // Gone (deleted, expired by retention): the download says so in its own words.
      return fetch(url);
    }
    return fromBytes(url, bytes);
  };
}

/**
 * The image fetcher of a step that draws the caller's images (a brochure's photos and logo, a video's
 * end-card logo): the brand kit's kept copies and the organization's own media read from the bucket,
 * every other URL downloaded under the customer-image rules.
 */
export function jobImageFetcher(
  fetch: ImageFetcher,
  media: Pick<MediaStore, 'get' | 'keyOf'>,
  tenant: Tenant,
  kit: BrandKitUse | undefined,
): ImageFetcher {
  return kitImageFetcher(ownMediaFetcher(fetch, media, tenant), media, tenant, kit);
}
