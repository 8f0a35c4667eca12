// Workflow steps of markup V2: generate (site model → the framed 3840x2160 aerial with its georeference
// and suggested boundary) and edit (the boundary, its style and the annotations composited onto it).
import sharp from 'sharp';
import type { z } from 'zod';
import { JobError } from '../../core/errors.ts';
import { mediaKey } from '../../core/media/media-store.ts';
import type { Stored } from '../../core/schemas/outputs.ts';
import type { RenditionName } from '../../core/schemas/renditions.ts';
import { jobRef, type StepEvent } from '../../core/workflows/step-runtime.ts';
import type { Point } from '../../domain/geo-types.ts';
import { polygonCentroid, simplifyRing } from '../../domain/geometry/polygon.ts';
import { fromLocalMetres, toLocalMetres } from '../../media/geo/local-metric.ts';
import { nadirPictureGround, pixelToGround } from '../../media/imagery/picture-ground.ts';
import {
  boundaryMeasures,
  type GroundScale,
  resolveAnnotations,
} from '../../media/markup/annotation-layout.ts';
import { CODING_STRIPS, compositeMarkup } from '../../media/markup/compositor.ts';
import {
  MARKUP_HEIGHT,
  MARKUP_WIDTH,
  markupRotation,
  metersPerPixelFor,
} from '../../media/markup/framing.ts';
import { encodeStrips, splitFrame } from '../../media/markup/jpeg-strips.ts';
import type { LotLookup } from '../../media/providers/cadastre/cadastre.ts';
import { defineStep, type StepPorts } from '../define-step.ts';
import { frontageOf } from '../shared/frontage-of.ts';
import {
  type ImageryInput,
  noParcel,
  type Parcel,
  parcelFor,
  parcelPolygon,
  withParcel,
} from '../shared/parcel.ts';
import {
  cameraOutput,
  decodePhoto,
  georeferenceOutput,
  imageryOfJob,
  loadImageryOf,
  requireVisible,
} from '../shared/property-imagery.ts';
import { locationOutput, parsedAddressOf, type ResolvedLocation } from '../shared/resolve-location.ts';
import {
  normalizedBox,
  requirePortalLicence,
  type StoredRenditions,
  storeStillRenditions,
  usesOf,
} from '../shared/still-renditions.ts';
import { EDIT_MARKUP, GENERATE_MARKUP } from './functions.ts';
import {
  boundaryPolygon,
  MARKUP_LIMITS,
  type MarkupGenerateRequest,
  type MarkupStyle,
  type markupEditOutput,
  type markupOutput,
  type NormalizedPoint,
  type ResolvedCompositor,
  type TextAnnotation,
} from './schema.ts';

/** What the markup image steps work through. */
type MarkupPorts = Pick<StepPorts, 'providers' | 'media' | 'fetchImagery' | 'ownImagery'>;

/** Ground radius of the site model: enough to fill the widest frame (framing caps its half-diagonal). */
const SITE_RADIUS_M = 260;
const JPEG_QUALITY = 90;

/** The markup_v2 output as stored (media as object keys). */
export type StoredMarkupOutput = Stored<z.infer<typeof markupOutput>>;
/** The markup_v2_edit output as stored. */
export type StoredMarkupEditOutput = Stored<z.infer<typeof markupEditOutput>>;

const round = (v: number, digits: number) => Math.round(v * 10 ** digits) / 10 ** digits;

export interface GenerateMarkupEvent extends StepEvent {
  readonly address: string;
  readonly options: MarkupGenerateRequest['options'];
  readonly location: ResolvedLocation;
  /** The whole request, for its imagery and boundary (absent: the stage's imagery and the site's parcel). */
  readonly input?: ImageryInput & { readonly renditions?: readonly RenditionName[] };
}

/** Normalized 0-1 image coordinates of a pixel ring, at most the edit's vertex limit. */
function normalizedRing(ring: readonly Point[], width: number, height: number): NormalizedPoint[] | null {
  if (ring.length < 3) return null;
  const limited = simplifyRing(ring, MARKUP_LIMITS.polygonVertices.max);
  const clamp = (v: number) => round(Math.min(1, Math.max(0, v)), 5);
  const points = limited.map((p) => ({ x: clamp(p.x / width), y: clamp(p.y / height) }));
  // Rounding can fold a sliver; a boundary the edit would refuse is not suggested.
  return boundaryPolygon.safeParse(points).success ? points : null;
}

/** The picture coded in strips joined by restart markers (edits decode it in parallel) and stored. */
async function storePicture(
  event: StepEvent,
  ports: Pick<StepPorts, 'media'>,
  rgb: Buffer,
  width: number,
  height: number,
) {
  const jpeg = await encodeStrips(splitFrame(rgb, width, height, CODING_STRIPS), width, height, {
    quality: JPEG_QUALITY,
  });
  const ref = jobRef(event.job);
  const stored = await ports.media.put(mediaKey(ref.tenant, ref.jobId, 'markup.jpg'), jpeg, 'image/jpeg', {
    width,
    height,
  });
  return { stored, jpeg };
}

/**
 * The markup image's renditions: it carries no text, so it is its own portal source; the social cuts keep
 * the suggested boundary in view (the picture's centre when there is none).
 */
function markupRenditions(
  event: GenerateMarkupEvent,
  ports: Pick<StepPorts, 'media'>,
  jpeg: Buffer,
  boundary: readonly NormalizedPoint[] | null,
  imagery: { readonly attribution?: string | null } | undefined,
): Promise<StoredRenditions | undefined> {
  return storeStillRenditions(
    jpeg,
    {
      wanted: event.input?.renditions,
      subject: { points: boundary ?? [] },
      textFree: { source: 'original' },
      metadata: imagery?.attribution ? { copyright: imagery.attribution } : undefined,
    },
    ports,
    jobRef(event.job),
    'markup',
  );
}

/** Where the suggested boundary came from (or why there is none) and, for a cadastre lot, its polygon. */
function parcelOutputs(parcel: Parcel | undefined, lot: LotLookup | undefined) {
  if (!parcel) return { boundary_source: noParcel(lot) };
  return {
    boundary_source: parcel.source,
    ...(parcel.source.kind === 'cadastre' ? { parcel_polygon: parcelPolygon(parcel.ring) } : {}),
  };
}

export async function generateMarkup(
  event: GenerateMarkupEvent,
  ports: MarkupPorts,
): Promise<StoredMarkupOutput> {
  const { orientation, zoom, style, front_direction } = event.options;
  const input = event.input ?? {};
  const address = parsedAddressOf(event.address);
  const position = { lat: event.location.lat, lng: event.location.lng };
  const [site, loaded] = await Promise.all([
    ports.providers.site.siteAround(position, address, SITE_RADIUS_M),
    loadImageryOf(input, ports, event.job),
  ]);
  const lot = event.location.lot;
  let parcel = parcelFor(input, site, loaded !== undefined, lot);
  const detection = frontageOf(withParcel(site, parcel), parcel);
  const common = {
    orientation,
    front_direction,
    zoom,
    style,
    detected_front_direction:
      detection && detection.method !== 'default'
        ? { bearing: detection.bearingDeg, direction: detection.label, confidence: detection.confidence }
        : null,
    location: locationOutput(event.location),
    ...parcelOutputs(parcel, lot),
  };

  if (loaded?.kind === 'drone_photo') {
    const { ground } = loaded;
    const outline = parcel ? ground.visibleOutline(parcel.ring) : undefined;
    requireVisible(parcel, outline, 'the drone photo');
    requirePortalLicence(input.renditions, loaded.provenance);
    const rgb = await decodePhoto(loaded);
    const { stored, jpeg } = await storePicture(event, ports, rgb, loaded.width, loaded.height);
    const suggested = outline ? normalizedRing(outline.ring, ground.width, ground.height) : null;
    const renditions = await markupRenditions(event, ports, jpeg, suggested, loaded.provenance);
    return {
      image: renditions ? { ...stored, renditions } : stored,
      georeference: georeferenceOutput(ground),
      suggested_boundary: suggested,
      boundary_visible_fraction: outline ? round(outline.visibleFraction, 4) : null,
      ...common,
      camera: cameraOutput(loaded),
      providers: {
        geocoder: event.location.provider,
        site: site.provider,
        imagery: loaded.provenance.source,
      },
      imagery: loaded.provenance,
    };
  }

  const imagery = loaded?.imagery ?? (await imageryOfJob(ports, event.job));
  if (loaded) requirePortalLicence(input.renditions, loaded.provenance);
  const lotLocal = parcel?.ring.map((p) => toLocalMetres(site.origin, p));
  const rotationDeg = markupRotation(front_direction, orientation);
  const metersPerPixel = metersPerPixelFor({ zoom, rotationDeg, lot: lotLocal });
  // The property centred: the lot's centroid where there is a lot, else the geocode.
  const centerLocal = lotLocal ? polygonCentroid(lotLocal) : toLocalMetres(site.origin, position);
  const center = fromLocalMetres(site.origin, centerLocal);
  if (loaded?.kind === 'orthophoto' && !loaded.imagery.covers(center)) {
    if (parcel) requireVisible(parcel, undefined, 'the orthophoto');
    throw new JobError(
      'BOUNDARY_NOT_IN_IMAGE',
      `The property (${center.lat.toFixed(6)}, ${center.lng.toFixed(6)}) lies outside the orthophoto. Send the orthophoto that shows it, or the property's boundary or options.lat and options.lng.`,
    );
  }
  const rendered = await imagery.render({
    center,
    width: MARKUP_WIDTH,
    height: MARKUP_HEIGHT,
    metersPerPixel,
    rotationDeg,
    site,
    uses: usesOf(input.renditions),
  });
  const provenance = loaded?.provenance ?? rendered.provenance ?? ports.providers.imageryProvenance;
  requirePortalLicence(input.renditions, provenance);
  // A made-up parcel is never drawn on a real photograph.
  if (parcel?.source.kind === 'site' && parcel.source.synthetic && !provenance.synthetic) parcel = undefined;
  const { georef } = rendered;
  const rgb =
    rendered.channels === 3
      ? rendered.data
      : await sharp(rendered.data, { raw: { width: georef.width, height: georef.height, channels: 4 } })
          .removeAlpha()
          .raw()
          .toBuffer();
  const ground = nadirPictureGround(georef);
  const outline = parcel ? ground.visibleOutline(parcel.ring) : undefined;
  requireVisible(parcel, outline, 'the orthophoto');
  const { stored, jpeg } = await storePicture(event, ports, rgb, georef.width, georef.height);
  const suggested = outline ? normalizedRing(outline.ring, georef.width, georef.height) : null;
  const renditions = await markupRenditions(event, ports, jpeg, suggested, provenance);
  return {
    image: renditions ? { ...stored, renditions } : stored,
    georeference: georeferenceOutput(ground),
    suggested_boundary: suggested,
    boundary_visible_fraction: outline ? round(outline.visibleFraction, 4) : null,
    ...common,
    ...parcelOutputs(parcel, lot),
    providers: {
      geocoder: event.location.provider,
      site: site.provider,
      imagery: loaded ? provenance.source : rendered.provider,
    },
    imagery: provenance,
  };
}

export const generate = defineStep(generateMarkup, GENERATE_MARKUP);

export interface EditMarkupEvent extends StepEvent {
  readonly input: {
    readonly boundary_polygon: NormalizedPoint[];
    readonly text_annotations?: TextAnnotation[];
    readonly options: { readonly style: MarkupStyle; readonly compositor: ResolvedCompositor };
    readonly renditions?: readonly RenditionName[];
  };
  readonly parent: { readonly job_id: string; readonly output: StoredMarkupOutput };
}

/**
 * How the edit measures on the markup's picture: through its homography when the markup has one (a
 * perspective photo's scale changes across the frame), else its metres per pixel (markups made before).
 */
function groundScaleOf(georef: StoredMarkupOutput['georeference']): GroundScale {
  const scale = { metersPerPixel: georef.meters_per_pixel, width: georef.width, height: georef.height };
  const h = georef.image_to_ground;
  if (h?.length !== 9) return scale;
  const homography = h as unknown as Parameters<typeof pixelToGround>[0];
  return { ...scale, toGround: (pixel) => pixelToGround(homography, georef.lens, pixel) };
}

export async function editMarkup(
  event: EditMarkupEvent,
  ports: Pick<StepPorts, 'media' | 'labelFont'>,
): Promise<StoredMarkupEditOutput> {
  const markup = event.parent.output;
  const { boundary_polygon: boundary, text_annotations = [], options } = event.input;
  const georef = markup.georeference;
  const scale = groundScaleOf(georef);
  const measures = boundaryMeasures(boundary, scale);
  if (!measures) {
    throw new JobError(
      'BOUNDARY_NOT_IN_IMAGE',
      'A vertex of boundary_polygon lies on the sky of the photo (above its horizon), where there is no ground to measure: keep the boundary on the ground.',
    );
  }
  requirePortalLicence(event.input.renditions, markup.imagery ?? undefined);
  const annotations = resolveAnnotations(text_annotations, boundary, scale);
  const source = await ports.media.get(markup.image.s3_key);
  const composite = (drawn: typeof annotations) =>
    compositeMarkup({
      image: source,
      boundary,
      style: options.style,
      settings: options.compositor,
      annotations: drawn,
      font: ports.labelFont,
      jpegQuality: JPEG_QUALITY,
    });
  const composited = await composite(annotations);
  const ref = jobRef(event.job);
  const [stored, renditions] = await Promise.all([
    ports.media.put(mediaKey(ref.tenant, ref.jobId, 'markup-edit.jpg'), composited.jpeg, 'image/jpeg', {
      width: composited.width,
      height: composited.height,
    }),
    storeStillRenditions(
      composited.jpeg,
      {
        wanted: event.input.renditions,
        subject: {
          points: boundary,
          boxes: composited.labelBoxes.map((b) => normalizedBox(b, composited.width, composited.height)),
        },
        // Labels are text, which the portals refuse on photos: the portal file is the same edit drawn
        // without them (its twin), never this picture.
        textFree:
          annotations.length === 0
            ? { source: 'original' }
            : { source: 'text_free_twin', picture: () => composite([]).then((twin) => twin.jpeg) },
        metadata: markup.imagery?.attribution ? { copyright: markup.imagery.attribution } : undefined,
      },
      ports,
      ref,
      'markup-edit',
    ),
  ]);
  return {
    image: renditions ? { ...stored, renditions } : stored,
    source_image: withoutRenditions(markup.image),
    markup_job_id: event.parent.job_id,
    style: options.style,
    compositor: options.compositor,
    boundary_polygon: boundary,
    boundary: { area_m2: round(measures.areaM2, 1), perimeter_m: round(measures.perimeterM, 1) },
    annotations,
    georeference: georef,
    ...(markup.imagery ? { imagery: markup.imagery } : {}),
  };
}

export const edit = defineStep(editMarkup, EDIT_MARKUP);

/** A media file without the renditions it carries (the edit names its source, not the source's renditions). */
function withoutRenditions<T extends { renditions?: unknown }>(media: T): Omit<T, 'renditions'> {
  const { renditions: _, ...file } = media;
  return file;
}
