// Workflow steps of markup V2: generate (site model → the framed 3840x2160 aerial with its georeference
// and suggested boundary) and edit (the boundary, its style and the annotations composited onto it).
import sharp from 'sharp';
import type { z } from 'zod';
import { mediaKey } from '../../core/media/media-store.ts';
import type { Stored } from '../../core/schemas/outputs.ts';
import { jobRef, type StepEvent } from '../../core/workflows/step-runtime.ts';
import { polygonCentroid } from '../../domain/geometry/polygon.ts';
import { detectFrontage } from '../../media/frontage/detect-frontage.ts';
import { fromLocalMetres, toLocalMetres } from '../../media/geo/local-metric.ts';
import type { Georeference } from '../../media/geo/types.ts';
import { boundaryMeasures, resolveAnnotations } from '../../media/markup/annotation-layout.ts';
import { CODING_STRIPS, compositeMarkup } from '../../media/markup/compositor.ts';
import {
  groundToNormalized,
  MARKUP_HEIGHT,
  MARKUP_WIDTH,
  markupRotation,
  metersPerPixelFor,
} from '../../media/markup/framing.ts';
import { encodeStrips, splitFrame } from '../../media/markup/jpeg-strips.ts';
import { labelFont } from '../../media/markup/label-font.ts';
import { defineStep, type StepPorts } from '../define-step.ts';
import { parsedAddressOf, type ResolvedLocation } from '../shared/resolve-location.ts';
import type {
  MarkupGenerateRequest,
  MarkupStyle,
  markupEditOutput,
  markupOutput,
  NormalizedPoint,
  ResolvedCompositor,
  TextAnnotation,
} from './schema.ts';

/** What the markup image steps work through. */
export type MarkupPorts = Pick<StepPorts, 'providers' | 'media'>;

/** Ground radius of the site model: enough to fill the widest frame (framing caps its half-diagonal). */
const SITE_RADIUS_M = 260;
const JPEG_QUALITY = 90;

/** The markup_v2 output as stored (media as object keys). */
export type StoredMarkupOutput = Stored<z.infer<typeof markupOutput>>;
/** The markup_v2_edit output as stored. */
export type StoredMarkupEditOutput = Stored<z.infer<typeof markupEditOutput>>;
type MarkupGeoreferenceOutput = StoredMarkupOutput['georeference'];

const round = (v: number, digits: number) => Math.round(v * 10 ** digits) / 10 ** digits;

function georeferenceOutput(georef: Georeference): MarkupGeoreferenceOutput {
  return {
    center: { lat: round(georef.center.lat, 7), lng: round(georef.center.lng, 7) },
    meters_per_pixel: georef.metersPerPixel,
    rotation: round(georef.rotationDeg, 3),
    width: georef.width,
    height: georef.height,
  };
}

export interface GenerateMarkupEvent extends StepEvent {
  readonly address: string;
  readonly options: MarkupGenerateRequest['options'];
  readonly location: ResolvedLocation;
}

export async function generateMarkup(
  event: GenerateMarkupEvent,
  ports: MarkupPorts,
): Promise<StoredMarkupOutput> {
  const { orientation, zoom, style, front_direction } = event.options;
  const address = parsedAddressOf(event.address);
  const position = { lat: event.location.lat, lng: event.location.lng };
  const { site: siteSource, imagery } = ports.providers;
  const site = await siteSource.siteAround(position, address, SITE_RADIUS_M);
  const lot = site.parcels.find((p) => p.addressed)?.polygon;
  const rotationDeg = markupRotation(front_direction, orientation);
  const metersPerPixel = metersPerPixelFor({ zoom, rotationDeg, lot });
  // The property centred: the lot's centroid where the site source knows the lot, else the geocode.
  const centerLocal = lot && lot.length >= 3 ? polygonCentroid(lot) : toLocalMetres(site.origin, position);
  const rendered = await imagery.render({
    center: fromLocalMetres(site.origin, centerLocal),
    width: MARKUP_WIDTH,
    height: MARKUP_HEIGHT,
    metersPerPixel,
    rotationDeg,
    site,
  });
  const { georef } = rendered;
  // Coded in strips joined by restart markers, which lets edits decode it in parallel.
  const rgb =
    rendered.channels === 3
      ? rendered.data
      : await sharp(rendered.data, { raw: { width: georef.width, height: georef.height, channels: 4 } })
          .removeAlpha()
          .raw()
          .toBuffer();
  const jpeg = await encodeStrips(
    splitFrame(rgb, georef.width, georef.height, CODING_STRIPS),
    georef.width,
    georef.height,
    {
      quality: JPEG_QUALITY,
    },
  );
  const ref = jobRef(event.job);
  const image = await ports.media.put(mediaKey(ref.tenant, ref.jobId, 'markup.jpg'), jpeg, 'image/jpeg', {
    width: georef.width,
    height: georef.height,
  });
  const toImage = groundToNormalized(georef, centerLocal);
  const clamp = (v: number) => round(Math.min(1, Math.max(0, v)), 5);
  const detection = site.streets.length > 0 ? detectFrontage(site) : undefined;
  return {
    image,
    georeference: georeferenceOutput(georef),
    suggested_boundary:
      lot && lot.length >= 3 ? lot.map(toImage).map((p) => ({ x: clamp(p.x), y: clamp(p.y) })) : null,
    orientation,
    front_direction,
    zoom,
    style,
    detected_front_direction:
      detection && detection.method !== 'default'
        ? { bearing: detection.bearingDeg, direction: detection.label, confidence: detection.confidence }
        : null,
    location: event.location,
    providers: { geocoder: event.location.provider, site: site.provider, imagery: imagery.name },
  };
}

export const generate = defineStep(generateMarkup, ['media', 'sharp', 'mapTiles']);

export interface EditMarkupEvent extends StepEvent {
  readonly input: {
    readonly boundary_polygon: NormalizedPoint[];
    readonly text_annotations?: TextAnnotation[];
    readonly options: { readonly style: MarkupStyle; readonly compositor: ResolvedCompositor };
  };
  readonly parent: { readonly job_id: string; readonly output: StoredMarkupOutput };
}

export async function editMarkup(
  event: EditMarkupEvent,
  ports: Pick<StepPorts, 'media'>,
): Promise<StoredMarkupEditOutput> {
  const markup = event.parent.output;
  const { boundary_polygon: boundary, text_annotations = [], options } = event.input;
  const georef = markup.georeference;
  const scale = { metersPerPixel: georef.meters_per_pixel, width: georef.width, height: georef.height };
  const annotations = resolveAnnotations(text_annotations, boundary, scale);
  const composited = await compositeMarkup({
    image: await ports.media.get(markup.image.s3_key),
    boundary,
    style: options.style,
    settings: options.compositor,
    annotations,
    font: labelFont(),
    jpegQuality: JPEG_QUALITY,
  });
  const ref = jobRef(event.job);
  const image = await ports.media.put(
    mediaKey(ref.tenant, ref.jobId, 'markup-edit.jpg'),
    composited.jpeg,
    'image/jpeg',
    { width: composited.width, height: composited.height },
  );
  const measures = boundaryMeasures(boundary, scale);
  return {
    image,
    source_image: markup.image,
    markup_job_id: event.parent.job_id,
    style: options.style,
    compositor: options.compositor,
    boundary_polygon: boundary,
    boundary: { area_m2: round(measures.areaM2, 1), perimeter_m: round(measures.perimeterM, 1) },
    annotations,
    georeference: georef,
  };
}

export const edit = defineStep(editMarkup, ['media', 'sharp', 'labelFont']);
