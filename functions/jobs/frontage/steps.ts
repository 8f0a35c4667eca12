// Workflow steps of the frontage job kinds: detect (site model → bearing → reference image) and edit
// (the parent's site and location, re-rendered at the caller's bearing and centre).
import { mediaKey } from '../../core/media/media-store.ts';
import type { Stored } from '../../core/schemas/outputs.ts';
import { jobRef, type StepEvent } from '../../core/workflows/step-runtime.ts';
import type { LatLng, ParsedAddress, SiteModel } from '../../domain/geo-types.ts';
import { bearingLabel } from '../../domain/geometry/bearing.ts';
import {
  rearBearing,
  resoDirectionFaces,
  winterSolsticeDate,
  winterSunHours,
} from '../../domain/geometry/solar.ts';
import { detectFrontage } from '../../media/frontage/detect-frontage.ts';
import { renderFrontageReference } from '../../media/frontage/reference-image.ts';
import { fromLocalMetres } from '../../media/geo/local-metric.ts';
import type { Georeference } from '../../media/geo/types.ts';
import { defineStep, type StepPorts } from '../define-step.ts';
import { parsedAddressOf, type ResolvedLocation } from '../shared/resolve-location.ts';
import type { FrontageOutput } from './schema.ts';

/** What the frontage steps work through. */
export type FrontagePorts = Pick<StepPorts, 'providers' | 'media'>;

/** Ground radius of the site model around the property: the street in front and the neighbours. */
const SITE_RADIUS_M = 150;
/** What both frontage steps' functions have (kind.ts names the same list). */
const FRONTAGE_NEEDS = ['media', 'sharp', 'labelFont', 'mapTiles'] as const;

export type StoredFrontageOutput = Stored<FrontageOutput>;

/** The georeference as the job output shows it (snake_case). */
function georeferenceOutput(georef: Georeference): StoredFrontageOutput['georeference'] {
  return {
    center: georef.center,
    meters_per_pixel: georef.metersPerPixel,
    rotation: georef.rotationDeg,
    width: georef.width,
    height: georef.height,
  };
}

/**
 * What the front's bearing says beyond its label: its RESO DirectionFaces value, the rear, and the hours
 * of winter-solstice sun on front and rear at the site's latitude.
 */
function orientationOutput(
  bearingDeg: number,
  latitude: number,
): Pick<
  StoredFrontageOutput,
  'reso_direction_faces' | 'rear_bearing' | 'rear_direction' | 'winter_sun_hours'
> {
  const rear = rearBearing(bearingDeg);
  return {
    reso_direction_faces: resoDirectionFaces(bearingDeg),
    rear_bearing: rear,
    rear_direction: bearingLabel(rear),
    winter_sun_hours: {
      front: winterSunHours(latitude, bearingDeg),
      rear: winterSunHours(latitude, rear),
      date: winterSolsticeDate(latitude),
      latitude,
    },
  };
}

function siteAround(ports: FrontagePorts, location: LatLng, address: ParsedAddress): Promise<SiteModel> {
  return ports.providers.site.siteAround(location, address, SITE_RADIUS_M);
}

async function renderAndStore(
  ports: FrontagePorts,
  event: StepEvent,
  site: SiteModel,
  center: LatLng,
  bearingDeg: number,
  edited: boolean,
) {
  const { imagery } = ports.providers;
  const image = await renderFrontageReference({ imagery, site, center, bearingDeg, edited });
  const ref = jobRef(event.job);
  const stored = await ports.media.put(
    mediaKey(ref.tenant, ref.jobId, edited ? 'frontage-edit.jpg' : 'frontage-reference.jpg'),
    image.jpeg,
    image.contentType,
    { width: image.width, height: image.height },
  );
  return { image, stored, providerNames: { site: site.provider, imagery: imagery.name } };
}

export interface DetectFrontageEvent extends StepEvent {
  readonly address: string;
  readonly location: ResolvedLocation;
}

export async function detectFrontageStep(
  event: DetectFrontageEvent,
  ports: FrontagePorts,
): Promise<StoredFrontageOutput> {
  const address = parsedAddressOf(event.address);
  const position = { lat: event.location.lat, lng: event.location.lng };
  const site = await siteAround(ports, position, address);
  const detection = detectFrontage(site);
  const { image, stored, providerNames } = await renderAndStore(
    ports,
    event,
    site,
    position,
    detection.bearingDeg,
    false,
  );
  return {
    bearing: detection.bearingDeg,
    direction: detection.label,
    ...orientationOutput(detection.bearingDeg, event.location.lat),
    confidence: detection.confidence,
    method: detection.method,
    edited: false,
    location: event.location as FrontageOutput['location'],
    street: {
      name: site.addressedStreet,
      front_point: detection.method === 'default' ? null : fromLocalMetres(site.origin, detection.frontPoint),
    },
    reference_image: stored,
    georeference: georeferenceOutput(image.georef),
    providers: { geocoder: event.location.provider, ...providerNames },
  };
}

export const detect = defineStep(detectFrontageStep, FRONTAGE_NEEDS);

export interface EditFrontageEvent extends StepEvent {
  readonly input: { readonly direction: number; readonly center_lat?: number; readonly center_lng?: number };
  readonly parent: { readonly input: { readonly address: string }; readonly output: StoredFrontageOutput };
}

export async function editFrontageStep(
  event: EditFrontageEvent,
  ports: FrontagePorts,
): Promise<StoredFrontageOutput> {
  const parentOutput = event.parent.output;
  const address = parsedAddressOf(event.parent.input.address);
  const location = { lat: parentOutput.location.lat, lng: parentOutput.location.lng };
  const { center_lat, center_lng, direction } = event.input;
  const center =
    center_lat !== undefined && center_lng !== undefined ? { lat: center_lat, lng: center_lng } : location;
  const site = await siteAround(ports, location, address);
  const { image, stored, providerNames } = await renderAndStore(ports, event, site, center, direction, true);
  return {
    ...parentOutput,
    bearing: direction,
    direction: bearingLabel(direction),
    ...orientationOutput(direction, parentOutput.location.lat),
    confidence: 1,
    method: 'manual',
    edited: true,
    reference_image: stored,
    georeference: georeferenceOutput(image.georef),
    providers: { ...parentOutput.providers, ...providerNames },
  };
}

export const edit = defineStep(editFrontageStep, FRONTAGE_NEEDS);
