// Workflow steps of the frontage job kinds: detect (site model → bearing → reference image) and edit
// (the parent's site and location, re-rendered at the caller's bearing and centre).
import { mediaKey } from '../core/media/media-store.ts';
import type { FrontageOutput } from '../core/schemas/frontage.ts';
import type { StoredMedia } from '../core/schemas/outputs.ts';
import type { LatLng, ParsedAddress, SiteModel } from '../domain/geo-types.ts';
import { bearingLabel } from '../domain/geometry/bearing.ts';
import { detectFrontage } from '../media/frontage/detect-frontage.ts';
import { renderFrontageReference } from '../media/frontage/reference-image.ts';
import { fromLocalMetres } from '../media/geo/local-metric.ts';
import type { Georeference } from '../media/geo/types.ts';
import { providers } from '../media/providers/provider-factory.ts';
import { parsedAddressOf, type ResolvedLocation } from './resolve-location.ts';
import { defineStep, jobRef, type StepEvent, stepMediaStore } from './step-runtime.ts';

/** Ground radius of the site model around the property: the street in front and the neighbours. */
const SITE_RADIUS_M = 150;

type StoredFrontageOutput = Omit<FrontageOutput, 'reference_image'> & { reference_image: StoredMedia };

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

function siteAround(location: LatLng, address: ParsedAddress): Promise<SiteModel> {
  return providers().site.siteAround(location, address, SITE_RADIUS_M);
}

async function renderAndStore(
  event: StepEvent,
  site: SiteModel,
  center: LatLng,
  bearingDeg: number,
  edited: boolean,
) {
  const { imagery } = providers();
  const image = await renderFrontageReference({ imagery, site, center, bearingDeg, edited });
  const ref = jobRef(event.job);
  const stored = await stepMediaStore().put(
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

export const detect = defineStep(async (event: DetectFrontageEvent): Promise<StoredFrontageOutput> => {
  const address = parsedAddressOf(event.address);
  const position = { lat: event.location.lat, lng: event.location.lng };
  const site = await siteAround(position, address);
  const detection = detectFrontage(site);
  const { image, stored, providerNames } = await renderAndStore(
    event,
    site,
    position,
    detection.bearingDeg,
    false,
  );
  return {
    bearing: detection.bearingDeg,
    direction: detection.label,
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
});

export interface EditFrontageEvent extends StepEvent {
  readonly input: { readonly direction: number; readonly center_lat?: number; readonly center_lng?: number };
  readonly parent: { readonly input: { readonly address: string }; readonly output: StoredFrontageOutput };
}

export const edit = defineStep(async (event: EditFrontageEvent): Promise<StoredFrontageOutput> => {
  const parentOutput = event.parent.output;
  const address = parsedAddressOf(event.parent.input.address);
  const location = { lat: parentOutput.location.lat, lng: parentOutput.location.lng };
  const { center_lat, center_lng, direction } = event.input;
  const center =
    center_lat !== undefined && center_lng !== undefined ? { lat: center_lat, lng: center_lng } : location;
  const site = await siteAround(location, address);
  const { image, stored, providerNames } = await renderAndStore(event, site, center, direction, true);
  return {
    ...parentOutput,
    bearing: direction,
    direction: bearingLabel(direction),
    confidence: 1,
    method: 'manual',
    edited: true,
    reference_image: stored,
    georeference: georeferenceOutput(image.georef),
    providers: { ...parentOutput.providers, ...providerNames },
  };
});
