// A brand kit's images in a job's step: the job's input names the kit's kept copies (brand_kit.logo,
// brand_kit.agent_photo, object keys in the media bucket), not URLs, so a logo URL that has died since
// the kit was made breaks nothing. The step's image fetcher reads those copies from the bucket; the
// drawing code sees them as the branding's logo and headshot, as if given by URL.

import { brandKitsPrefix } from '../../core/brand-kits/brand-kits.ts';
import type { BrandKitImageRef, BrandKitUse } from '../../core/brand-kits/resolve.ts';
import { JobError } from '../../core/errors.ts';
import type { Tenant } from '../../core/jobs/job-types.ts';
import type { MediaStore } from '../../core/media/media-store.ts';
import type { FetchedImage, ImageFetcher } from '../../media/images/fetch-image.ts';
import type { ImageFormat } from '../../media/images/image-header.ts';

/** How a kept copy is named where the drawing code expects a URL (never stored, never shown). */
const KIT_IMAGE_SCHEME = 'brand-kit-image:';

const FORMATS: Readonly<Record<string, ImageFormat>> = {
  'image/png': 'png',
  'image/jpeg': 'jpeg',
  'image/webp': 'webp',
};

interface KitBrandingImages {
  readonly agency_logo_url?: string;
  readonly agent_headshot_url?: string;
}

/**
 * The input with the kit's images as its branding's logo and headshot (resolve.ts put them in brand_kit
 * only where the request gave no URL of its own).
 */
export function withKitImages<
  I extends { readonly branding?: KitBrandingImages; readonly brand_kit?: BrandKitUse },
>(input: I): I {
  const kit = input.brand_kit;
  if (!kit?.logo && !kit?.agent_photo) return input;
  return {
    ...input,
    branding: {
      ...input.branding,
      ...(kit.logo ? { agency_logo_url: `${KIT_IMAGE_SCHEME}${kit.logo.key}` } : {}),
      ...(kit.agent_photo ? { agent_headshot_url: `${KIT_IMAGE_SCHEME}${kit.agent_photo.key}` } : {}),
    },
  };
}

/**
 * The step's fetcher with the kit's copies read from the media bucket (only under the job's own tenant's
 * kits); every other URL goes to `fetch`, under the customer-image rules.
 */
export function kitImageFetcher(
  fetch: ImageFetcher,
  media: Pick<MediaStore, 'get'>,
  tenant: Tenant,
  kit: BrandKitUse | undefined,
): ImageFetcher {
  const refs = new Map<string, BrandKitImageRef>(
    [kit?.logo, kit?.agent_photo].flatMap((ref) => (ref ? [[`${KIT_IMAGE_SCHEME}${ref.key}`, ref]] : [])),
  );
  return async (url): Promise<FetchedImage> => {
    const ref = refs.get(url);
    if (!ref) return fetch(url);
    if (!ref.key.startsWith(brandKitsPrefix(tenant)))
      throw new Error(`a brand kit image outside the job's tenant: ${ref.key}`);
    let bytes: Buffer;
    try {
      bytes = await media.get(ref.key);
    } catch (error) {
      throw new JobError(
        'IMAGE_DOWNLOAD_FAILED',
        `Could not read the brand kit ${kit!.id}'s kept image (${error instanceof Error ? error.message : String(error)}).`,
      );
    }
    return {
      url,
      bytes,
      format: FORMATS[ref.content_type] ?? 'png',
      contentType: ref.content_type,
      width: ref.width,
      height: ref.height,
    };
  };
}
