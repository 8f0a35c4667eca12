// The workflow step of a brochure slide: download the images the chosen layout shows (SSRF-checked,
// size-capped), lay the slide out, render the 1920x1080 PNG on the stage's still renderer and draw the
// A4 PDF, all in one step (a still takes seconds; no start/poll loop as for videos). The renditions a
// request names are made in the same step after the slide (renditions.ts): the still renderer renders one
// still per call, so the social shapes are rendered one after another here.
import type { z } from 'zod';
import { type BrandKitUse, brandKitOutput } from '../../core/brand-kits/resolve.ts';
import { JobError } from '../../core/errors.ts';
import { mediaKey } from '../../core/media/media-store.ts';
import { logger } from '../../core/observability.ts';
import type { Stored } from '../../core/schemas/outputs.ts';
import { jobRef, type StepEvent } from '../../core/workflows/step-runtime.ts';
import type { LatLng, SiteModel } from '../../domain/geo-types.ts';
import { polygonCentroid } from '../../domain/geometry/polygon.ts';
import { type BrochurePorts, renderBrochureSlide } from '../../media/brochure/generate-slide.ts';
import { fromLocalMetres } from '../../media/geo/local-metric.ts';
import type { Providers } from '../../media/providers/providers.ts';
import { defineStep, type StepPorts } from '../define-step.ts';
import { withKitImages } from '../shared/brand-kit-images.ts';
import { jobImageFetcher } from '../shared/own-media-images.ts';
import { parsedAddressOf } from '../shared/resolve-location.ts';
import { GENERATE_SLIDE } from './functions.ts';
import { fetchingOnce, slideRenditions } from './renditions.ts';
import type { BrochureSlideRequest, brochureSlideOutput } from './schema.ts';

type StoredBrochureSlideOutput = Stored<z.infer<typeof brochureSlideOutput>>;

/** The job input as recorded: the request without its webhook fields, and the brand kit it resolved. */
type BrochureSlideInput = Omit<BrochureSlideRequest, 'webhook_url' | 'callback_metadata'> & {
  readonly brand_kit?: BrandKitUse;
};

interface BrochureSlideEvent extends StepEvent {
  readonly input: BrochureSlideInput;
}

/** Metres around the property the site source is asked for: the map's ground span and some margin. */
const SITE_RADIUS_M = 340;

/** The location slide's port: where the address is, and the site model the offline imagery draws. */
function locateWith(providers: Pick<Providers, 'geocoder' | 'site'>) {
  return async (address: string): Promise<{ position: LatLng; site?: SiteModel }> => {
    const parsed = parsedAddressOf(address);
    const geocoded = await providers.geocoder.geocode(parsed);
    if (!geocoded) {
      throw new JobError(
        'ADDRESS_NOT_FOUND',
        `No Australian address matches '${address}', so the location slide has nothing to map. Check the suburb, state and postcode.`,
      );
    }
    const site = await providers.site.siteAround(geocoded.position, parsed, SITE_RADIUS_M);
    // The pin goes on the addressed lot when the site source knows it (a street-level geocode lands on
    // the road in front).
    const lot = site.parcels.find((p) => p.addressed);
    const position = lot ? fromLocalMetres(site.origin, polygonCentroid(lot.polygon)) : geocoded.position;
    return { position, site };
  };
}

export async function generateSlide(
  event: BrochureSlideEvent,
  ports: Pick<StepPorts, 'media' | 'clock' | 'providers' | 'fetchImage' | 'stillRenderer' | 'slideFonts'>,
): Promise<StoredBrochureSlideOutput> {
  const ref = jobRef(event.job);
  const started = Date.now();
  // A brand kit's logo and headshot are its kept copies, read from the media bucket (never its URLs again).
  const input = withKitImages(event.input) as BrochureSlideInput & BrochureSlideRequest;
  const locate = locateWith(ports.providers);
  const located = new Map<string, ReturnType<typeof locate>>();
  const brochure: BrochurePorts = {
    media: {
      put: (key, bytes, contentType, extra) => ports.media.put(key, bytes, contentType, extra),
      urlOf: async (key) => (await ports.media.sign(key, ports.clock.now())).url,
    },
    // A failed download throws an ImageFetchError named by its job code (IMAGE_DOWNLOAD_FAILED or
    // UNSUPPORTED_IMAGE), as on staging: no mapping of our own (one made every failure a download one).
    // The renditions show the same images and place, so each is downloaded (and geocoded) once.
    // The organization's own media (a kit's stills) are read from the bucket, not downloaded by URL.
    fetchImage: fetchingOnce(jobImageFetcher(ports.fetchImage, ports.media, ref.tenant, input.brand_kit)),
    renderer: ports.stillRenderer,
    imagery: ports.providers.imagery,
    locate: (address) => {
      if (!located.has(address)) located.set(address, locate(address));
      return located.get(address)!;
    },
    fonts: ports.slideFonts,
  };
  const keyOf = (fileName: string) => mediaKey(ref.tenant, ref.jobId, fileName);
  const slide = await renderBrochureSlide(input, brochure, keyOf);
  const { result } = slide;
  const { renditions, textTruncated } = await slideRenditions(input, slide, brochure, ports, ref, keyOf);
  logger.info('brochure slide generated', {
    slide_type: result.slide_type,
    layout: result.layout.id,
    renderer: ports.stillRenderer.name,
    renditions: input.renditions ?? [],
    ms: Date.now() - started,
  });
  return {
    ...result,
    png: { ...result.png, ...(renditions ? { renditions } : {}) },
    layout: { ...result.layout },
    images_used: [...result.images_used],
    text_truncated: [...result.text_truncated],
    ...(Object.keys(textTruncated).length > 0 ? { renditions_text_truncated: textTruncated } : {}),
    ...brandKitOutput(input.brand_kit),
  };
}

export const generate = defineStep(generateSlide, GENERATE_SLIDE);
