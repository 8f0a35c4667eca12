// A video job's renders as one batch, and its output around them: the main video (16:9), each social shape
// asked for (rendered again in that shape by the kind), and with `branding` each of them once more with
// the end card — the unbranded version is always made beside it, for portals that forbid branding in
// videos. The kinds (the reveal, drone footage) plan their renders in this order; the store step reads
// the results back with the same plan.
import type { MediaStore } from '../../core/media/media-store.ts';
import type { StoredMedia } from '../../core/schemas/outputs.ts';
import type { EndCardBranding, SocialShape } from '../../core/schemas/renditions.ts';
import type { ImageFetcher } from '../../media/images/fetch-image.ts';
import type { RenderRequest } from '../../media/rendering/renderer.ts';
import type { FinishedRender, RenderBatch } from './render.ts';

export type VideoShape = Extract<SocialShape, 'social_square' | 'social_story'>;

/** One render of a video job: which shape, whether it carries the end card, its size and how it was made. */
export interface VideoRenderEntry {
  readonly shape: 'main' | VideoShape;
  readonly branded: boolean;
  readonly width: number;
  readonly height: number;
}

/** The render step's request: one render as before, or the batch. */
export function renderBatch(requests: readonly RenderRequest[]): RenderRequest | RenderBatch {
  return requests.length === 1 ? requests[0]! : { renders: requests };
}

/** The renders of a video job in their order: each shape unbranded, then branded when there is branding. */
export function videoRenderPlan(
  main: { readonly width: number; readonly height: number },
  shapes: readonly { readonly shape: VideoShape; readonly width: number; readonly height: number }[],
  branded: boolean,
): VideoRenderEntry[] {
  return [{ shape: 'main' as const, ...main }, ...shapes].flatMap((frame) =>
    branded
      ? [
          { ...frame, branded: false },
          { ...frame, branded: true },
        ]
      : [{ ...frame, branded: false }],
  );
}

type StoredVideo = StoredMedia & {
  branded?: StoredMedia;
  renditions?: Partial<
    Record<VideoShape, StoredMedia & { fit: 'reframed' | 'relaid_out'; branded?: StoredMedia }>
  >;
};

/** The job's video as stored: the main one, its branded version and its renditions, from the batch's results. */
export function storedVideo(
  plan: readonly VideoRenderEntry[],
  results: readonly FinishedRender[],
  fit: 'reframed' | 'relaid_out',
): StoredVideo {
  if (results.length !== plan.length)
    throw new Error(`The render step made ${results.length} videos; ${plan.length} were planned.`);
  const file = (i: number): StoredMedia => ({
    s3_key: results[i]!.output_key,
    content_type: 'video/mp4',
    width: plan[i]!.width,
    height: plan[i]!.height,
    size_bytes: results[i]!.size_bytes ?? undefined,
  });
  let video: StoredVideo | undefined;
  const renditions: NonNullable<StoredVideo['renditions']> = {};
  plan.forEach((entry, i) => {
    if (entry.shape === 'main') {
      if (entry.branded) video = { ...video!, branded: file(i) };
      else video = file(i);
    } else if (entry.branded) {
      const unbranded = renditions[entry.shape]!;
      renditions[entry.shape] = { ...unbranded, branded: file(i) };
    } else renditions[entry.shape] = { ...file(i), fit };
  });
  return Object.keys(renditions).length ? { ...video!, renditions } : video!;
}

/**
 * The end card's logo, downloaded with the stage's image rules (never by the renderer, which would fetch
 * the caller's URL itself) and stored beside the job's media: its presigned URL and pixel size.
 */
export async function storedLogo(
  branding: EndCardBranding | undefined,
  ports: { readonly fetchImage: ImageFetcher; readonly media: MediaStore; readonly now: Date },
  key: string,
): Promise<{ src: string; width: number; height: number } | undefined> {
  if (!branding?.agency_logo_url) return undefined;
  const logo = await ports.fetchImage(branding.agency_logo_url);
  const stored = await ports.media.put(key, logo.bytes, logo.contentType, {
    width: logo.width,
    height: logo.height,
  });
  return {
    src: (await ports.media.sign(stored.s3_key, ports.now)).url,
    width: logo.width,
    height: logo.height,
  };
}
