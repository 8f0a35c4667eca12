// A brochure slide's renditions (docs/readme/brochure.md#renditions), made in the slide's own step once
// the 1920x1080 PNG and the A4 PDF are stored:
// - `web`: the slide PNG as WebP and AVIF for a srcset (jobs/shared/still-renditions.ts);
// - `social_square`, `social_portrait`, `social_story`: the slide laid out again for that shape (the same
//   content, photos and checks as the landscape slide: media/brochure/slide-layouts*.ts) and rendered as a
//   PNG by that shape's still, one after another on the stage's still renderer;
// - `print`: the A4 PDF made print-ready by the listing kit's deck module: one sheet trimmed to the slide
//   (its area on the A4 page, 297 x 167 mm), 3 mm bleed continuing the slide's edges, crop marks.
// All hang off the slide's PNG (`png.renditions`), print included: it is the slide for print, and the
// listing kit's manifest shows a slide's renditions there.
import type { Tenant } from '../../core/jobs/job-types.ts';
import type { StoredMedia } from '../../core/schemas/outputs.ts';
import type { RenditionName } from '../../core/schemas/renditions.ts';
import { printDeck } from '../../media/brochure/deck-pdf.ts';
import {
  type BrochurePorts,
  generateSlideRendition,
  type RenderedSlide,
  type SlideRequest,
  slidePdfTitle,
} from '../../media/brochure/generate-slide.ts';
import type { FetchedImage, ImageFetcher } from '../../media/images/fetch-image.ts';
import { SOCIAL_SLIDE_SHAPES, type SocialSlideShape } from '../../media/remotion/brochure-scene.ts';
import type { StepPorts } from '../define-step.ts';
import { type StoredRenditions, storeStillRenditions } from '../shared/still-renditions.ts';

export interface SlideRenditions {
  /** What was made; undefined when none was wanted (the output then has no `renditions`, as before). */
  readonly renditions?: StoredRenditions;
  /** Per social shape laid out, the text fields that needed cutting there (only shapes that cut any). */
  readonly textTruncated: Partial<Record<SocialSlideShape, string[]>>;
}

/** The renditions the request names of a slide already made (`slide`). */
export async function slideRenditions(
  request: SlideRequest & { readonly renditions?: readonly RenditionName[] },
  slide: RenderedSlide,
  brochure: BrochurePorts,
  ports: Pick<StepPorts, 'media'>,
  ref: { readonly tenant: Tenant; readonly jobId: string },
  keyOf: (fileName: string) => string,
): Promise<SlideRenditions> {
  const wanted = new Set(request.renditions ?? []);
  const name = `brochure-${request.slide.type}`;
  const social = SOCIAL_SLIDE_SHAPES.filter((shape) => wanted.has(shape));
  const [web, print, relaidOut] = await Promise.all([
    wanted.has('web')
      ? storeStillRenditions(
          slide.png,
          // The slide is resized whole for the web; nothing is cut, so no subject to keep in view.
          { wanted: ['web'], subject: { points: [] }, textFree: { source: 'original' } },
          ports,
          ref,
          name,
        )
      : undefined,
    wanted.has('print') ? printFile(request, slide, ports, keyOf(`${name}.print.pdf`)) : undefined,
    socialRenditions(request, social, brochure, keyOf),
  ]);
  const made: StoredRenditions = { ...web, ...relaidOut.files, ...(print ? { print } : {}) };
  return {
    ...(Object.keys(made).length > 0 ? { renditions: made } : {}),
    textTruncated: relaidOut.truncated,
  };
}

/** The print sheet of the slide's A4 PDF, with the PNG's edges continued into the bleed. */
async function printFile(
  request: SlideRequest,
  slide: RenderedSlide,
  ports: Pick<StepPorts, 'media'>,
  key: string,
): Promise<StoredMedia & { size_bytes: number }> {
  const sheet = await printDeck([{ pdf: slide.pdf, png: slide.png }], {
    title: slidePdfTitle(request),
    ...(request.branding.agency_name ? { author: request.branding.agency_name } : {}),
  });
  const stored = await ports.media.put(key, sheet.bytes, 'application/pdf');
  return { ...stored, size_bytes: stored.size_bytes ?? sheet.bytes.length };
}

/** Each social shape laid out and rendered in turn (one still at a time on the renderer). */
async function socialRenditions(
  request: SlideRequest,
  shapes: readonly SocialSlideShape[],
  brochure: BrochurePorts,
  keyOf: (fileName: string) => string,
): Promise<{ files: StoredRenditions; truncated: SlideRenditions['textTruncated'] }> {
  const files: StoredRenditions = {};
  const truncated: SlideRenditions['textTruncated'] = {};
  for (const shape of shapes) {
    const { png, text_truncated } = await generateSlideRendition(request, shape, brochure, keyOf);
    files[shape] = {
      ...png,
      width: png.width!,
      height: png.height!,
      size_bytes: png.size_bytes!,
      fit: 'relaid_out',
    };
    if (text_truncated.length > 0) truncated[shape] = [...text_truncated];
  }
  return { files, truncated };
}

/**
 * An image fetcher that downloads each URL once: the slide and its renditions show the same photos,
 * logo and headshot, each laid out (and cropped) again from the same download.
 */
export function fetchingOnce(fetch: ImageFetcher): ImageFetcher {
  const seen = new Map<string, Promise<FetchedImage>>();
  return (url) => {
    let fetched = seen.get(url);
    if (!fetched) {
      fetched = fetch(url);
      seen.set(url, fetched);
    }
    return fetched;
  };
}
