// One brochure slide from a validated request, with every dependency passed in: download the images the
// chosen layout shows (SSRF-checked), lay the slide out, crop each image to its slot, store the slot
// files, render the PNG through the still renderer and draw the PDF from the same display list. A
// social rendition of the slide is the same content and photos laid out in its shape and rendered as a
// PNG alone: it is made for a screen, so there is no PDF and its images are prepared at its own pixels.

import type { StoredMedia } from '../../core/schemas/outputs.ts';
import type { LatLng, SiteModel } from '../../domain/geo-types.ts';
import type { NadirImagery } from '../geo/types.ts';
import type { FetchedImage, ImageFetcher } from '../images/fetch-image.ts';
import {
  BROCHURE_COMPOSITIONS,
  BROCHURE_SLIDE_SIZE,
  type BrochureSlideProps,
  type BrochureSlideType,
  type SlideShape,
  type SocialSlideShape,
  slideComposition,
} from '../remotion/brochure-scene.ts';
import type { StillRenderer } from '../rendering/still-renderer.ts';
import { type ChosenLayout, chooseLayout } from './layout-rules.ts';
import { renderLocationMap } from './location-map.ts';
import { PRINT_SCALE, type PreparedImage, prepareSlotImage } from './prepare-images.ts';
import { DEFAULT_COLOURS, layoutSlide, type SlideLayoutResult } from './slide-layouts.ts';
import { slidePdf } from './slide-pdf.ts';
import type { SlideFonts } from './text-fit.ts';

/** What a slide is made from: the brochure request's property, slide and branding (its schema is the job kind's). */
export interface SlideRequest {
  readonly property: {
    readonly address: string;
    readonly price_display?: string;
    readonly description?: string;
    readonly images?: readonly string[];
  };
  readonly slide: {
    readonly type: BrochureSlideType;
    readonly title?: string;
    readonly description?: string;
    readonly layout_description?: string;
    readonly selected_images?: readonly string[];
  };
  readonly branding: {
    readonly agent_name?: string;
    readonly agent_phone?: string;
    readonly agent_email?: string;
    readonly agent_headshot_url?: string;
    readonly agency_name?: string;
    readonly agency_logo_url?: string;
    readonly primary_color?: string;
    readonly secondary_color?: string;
    readonly agent_licence_number?: string;
    readonly agency_licence_number?: string;
    readonly disclaimer?: string;
  };
}

export interface BrochureMediaPort {
  put(
    key: string,
    bytes: Buffer,
    contentType: string,
    extra?: { width?: number; height?: number },
  ): Promise<StoredMedia>;
  /** A URL the renderer can load the object from (a presigned GET in AWS and on the local stack). */
  urlOf(key: string): Promise<string>;
}

export interface BrochurePorts {
  readonly media: BrochureMediaPort;
  readonly fetchImage: ImageFetcher;
  readonly renderer: StillRenderer;
  readonly imagery: NadirImagery;
  /** Location slides only: where the address is, and the site model the offline imagery draws. */
  readonly locate?: (address: string) => Promise<{ position: LatLng; site?: SiteModel }>;
  /** The faces slides are set in (default: the packaged DejaVu Sans). */
  readonly fonts?: SlideFonts;
}

interface BrochureSlideResult {
  readonly slide_type: SlideRequest['slide']['type'];
  readonly png: StoredMedia;
  readonly pdf: StoredMedia;
  readonly layout: ChosenLayout;
  readonly images_used: readonly string[];
  readonly text_truncated: readonly string[];
  readonly map_provider?: string;
}

/** A social rendition of a slide: the PNG in that shape and what its layout showed and cut. */
export interface SlideRenditionResult {
  readonly slide_type: SlideRequest['slide']['type'];
  readonly shape: SocialSlideShape;
  readonly png: StoredMedia;
  readonly layout: ChosenLayout;
  readonly images_used: readonly string[];
  readonly text_truncated: readonly string[];
  readonly map_provider?: string;
}

/** Everything up to the render: the display list, its prepared images and which URLs it shows. */
export interface PreparedSlide {
  /** The shape the display list is laid out in. */
  readonly shape: SlideShape;
  readonly layout: ChosenLayout;
  readonly scene: SlideLayoutResult;
  readonly images: ReadonlyMap<string, PreparedImage>;
  readonly imagesUsed: readonly string[];
  readonly mapProvider?: string;
}

export async function prepareSlide(
  request: SlideRequest,
  ports: Omit<BrochurePorts, 'media' | 'renderer'>,
  shape: SlideShape = 'landscape',
): Promise<PreparedSlide> {
  const { property, slide, branding } = request;
  const layout = chooseLayout(slide.type, slide.layout_description);
  const photoUrls = slide.selected_images ?? property.images ?? [];
  // The logo's size shapes the layout, so it comes first; a failed download fails the job.
  const logo = branding.agency_logo_url ? await ports.fetchImage(branding.agency_logo_url) : undefined;
  const scene = layoutSlide(
    {
      ...(ports.fonts ? { fonts: ports.fonts } : {}),
      type: slide.type,
      layout: layout.id,
      address: property.address,
      ...(slide.title ? { title: slide.title } : {}),
      ...(slide.description ? { description: slide.description } : {}),
      ...(property.description ? { propertyDescription: property.description } : {}),
      ...(property.price_display ? { price: property.price_display } : {}),
      agent: {
        ...(branding.agent_name ? { name: branding.agent_name } : {}),
        ...(branding.agent_phone ? { phone: branding.agent_phone } : {}),
        ...(branding.agent_email ? { email: branding.agent_email } : {}),
        ...(branding.agency_name ? { agency: branding.agency_name } : {}),
        ...(branding.agent_licence_number ? { licence: branding.agent_licence_number } : {}),
        ...(branding.agency_licence_number ? { agencyLicence: branding.agency_licence_number } : {}),
      },
      ...(branding.disclaimer ? { disclaimer: branding.disclaimer } : {}),
      colours: {
        primary: branding.primary_color ?? DEFAULT_COLOURS.primary,
        secondary: branding.secondary_color ?? DEFAULT_COLOURS.secondary,
      },
      photoCount: photoUrls.length,
      ...(logo ? { logo: { width: logo.width, height: logo.height } } : {}),
      hasHeadshot: branding.agent_headshot_url !== undefined,
    },
    shape,
  );
  // The landscape slide is printed from its PDF; a social rendition is only ever seen at its own size.
  const scale = shape === 'landscape' ? PRINT_SCALE : 1;

  // Only what the slide shows is downloaded, all at once.
  const sources = new Map<string, Promise<FetchedImage>>();
  const fetchOnce = (url: string) => {
    let p = sources.get(url);
    if (!p) {
      p = ports.fetchImage(url);
      sources.set(url, p);
    }
    return p;
  };
  let mapProvider: string | undefined;
  const prepared = await Promise.all(
    scene.slots.map(async (slot): Promise<PreparedImage> => {
      switch (slot.source.kind) {
        case 'photo':
          return prepareSlotImage(slot, (await fetchOnce(photoUrls[slot.source.index]!)).bytes, scale);
        case 'logo':
          return prepareSlotImage(slot, logo!.bytes, scale);
        case 'headshot':
          return prepareSlotImage(slot, (await fetchOnce(branding.agent_headshot_url!)).bytes, scale);
        case 'map': {
          if (!ports.locate)
            throw new Error('a location slide needs the locate port (geocoder and site source)');
          const where = await ports.locate(property.address);
          const map = await renderLocationMap(
            {
              property: where.position,
              ...(where.site ? { site: where.site } : {}),
              width: slot.w * scale,
              height: slot.h * scale,
              focus: scene.mapFocus ?? { x: 0.5, y: 0.5 },
            },
            ports.imagery,
          );
          mapProvider = map.provider;
          return {
            name: slot.name,
            bytes: map.bytes,
            contentType: 'image/jpeg',
            width: map.width,
            height: map.height,
          };
        }
      }
    }),
  );
  return {
    shape,
    layout,
    scene,
    images: new Map(prepared.map((p) => [p.name, p])),
    imagesUsed: scene.photosUsed.map((i) => photoUrls[i]!),
    ...(mapProvider ? { mapProvider } : {}),
  };
}

/**
 * The Remotion input props: the display list and the stored slot files' URLs. A social rendition's slot
 * files are named with its shape, so the renditions of one job do not overwrite each other's crops.
 */
export async function slideProps(
  prepared: PreparedSlide,
  media: BrochureMediaPort,
  keyOf: (fileName: string) => string,
): Promise<BrochureSlideProps> {
  const prefix = prepared.shape === 'landscape' ? 'slide' : `slide-${prepared.shape}`;
  const entries = await Promise.all(
    [...prepared.images.values()].map(async (image) => {
      const key = keyOf(`${prefix}-${image.name}.${image.contentType === 'image/png' ? 'png' : 'jpg'}`);
      await media.put(key, image.bytes, image.contentType, { width: image.width, height: image.height });
      return [image.name, await media.urlOf(key)] as const;
    }),
  );
  return {
    background: prepared.scene.background,
    elements: prepared.scene.elements,
    images: Object.fromEntries(entries),
  };
}

export async function generateBrochureSlide(
  request: SlideRequest,
  ports: BrochurePorts,
  /** The media key of a file of this job, e.g. (name) => mediaKey(tenant, jobId, name). */
  keyOf: (fileName: string) => string,
): Promise<BrochureSlideResult> {
  return (await renderBrochureSlide(request, ports, keyOf)).result;
}

/** A slide as stored, and the bytes of its PNG and PDF (what its web and print renditions are made from). */
export interface RenderedSlide {
  readonly result: BrochureSlideResult;
  readonly png: Buffer;
  readonly pdf: Buffer;
}

/** The title a slide's PDFs carry. */
export const slidePdfTitle = (request: SlideRequest): string =>
  `${request.slide.title ?? request.slide.type} – ${request.property.address}`;

/** generateBrochureSlide, keeping the bytes it stored. */
export async function renderBrochureSlide(
  request: SlideRequest,
  ports: BrochurePorts,
  keyOf: (fileName: string) => string,
): Promise<RenderedSlide> {
  const prepared = await prepareSlide(request, ports);
  const props = await slideProps(prepared, ports.media, keyOf);
  const [png, pdfBytes] = await Promise.all([
    ports.renderer.renderStill({
      composition: BROCHURE_COMPOSITIONS[request.slide.type],
      inputProps: props,
      format: 'png',
    }),
    slidePdf(props, prepared.images, {
      title: slidePdfTitle(request),
      ...(request.branding.agency_name ? { author: request.branding.agency_name } : {}),
    }),
  ]);
  const [pngMedia, pdfMedia] = await Promise.all([
    ports.media.put(keyOf(`brochure-${request.slide.type}.png`), png, 'image/png', BROCHURE_SLIDE_SIZE),
    ports.media.put(keyOf(`brochure-${request.slide.type}.pdf`), pdfBytes, 'application/pdf'),
  ]);
  return {
    result: { slide_type: request.slide.type, png: pngMedia, pdf: pdfMedia, ...outcome(prepared) },
    png,
    pdf: pdfBytes,
  };
}

/**
 * One social rendition of a slide: the request's content and photos laid out in `shape`, rendered by
 * that shape's still and stored as brochure-<type>-<shape>.png.
 */
export async function generateSlideRendition(
  request: SlideRequest,
  shape: SocialSlideShape,
  ports: BrochurePorts,
  keyOf: (fileName: string) => string,
): Promise<SlideRenditionResult> {
  const prepared = await prepareSlide(request, ports, shape);
  const composition = slideComposition(request.slide.type, shape);
  const png = await ports.renderer.renderStill({
    composition: composition.id,
    inputProps: await slideProps(prepared, ports.media, keyOf),
    format: 'png',
  });
  return {
    slide_type: request.slide.type,
    shape,
    png: await ports.media.put(keyOf(`brochure-${request.slide.type}-${shape}.png`), png, 'image/png', {
      width: composition.width,
      height: composition.height,
    }),
    ...outcome(prepared),
  };
}

/** What a slide's output reports of its layout: which ran, the photos it shows, the text it cut. */
function outcome(prepared: PreparedSlide) {
  return {
    layout: prepared.layout,
    images_used: prepared.imagesUsed,
    text_truncated: prepared.scene.truncated,
    ...(prepared.mapProvider ? { map_provider: prepared.mapProvider } : {}),
  };
}
