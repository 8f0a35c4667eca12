// Workflow steps of the frontage job kinds: detect (site model → bearing → reference image) and edit
// (the parent's site and location, re-rendered at the caller's bearing and centre).

import { JobError } from '../../core/errors.ts';
import { mediaKey } from '../../core/media/media-store.ts';
import type { Stored } from '../../core/schemas/outputs.ts';
import type { RenditionName } from '../../core/schemas/renditions.ts';
import { jobRef, type StepEvent } from '../../core/workflows/step-runtime.ts';
import type { LatLng, ParsedAddress } from '../../domain/geo-types.ts';
import { bearingLabel } from '../../domain/geometry/bearing.ts';
import {
  rearBearing,
  resoDirectionFaces,
  winterSolsticeDate,
  winterSunHours,
} from '../../domain/geometry/solar.ts';
import { detectFrontage } from '../../media/frontage/detect-frontage.ts';
import type { FrontageReferenceImage } from '../../media/frontage/reference-image.ts';
import { photoFrontageReference, renderFrontageReference } from '../../media/frontage/reference-image.ts';
import { fromLocalMetres } from '../../media/geo/local-metric.ts';
import { type LoadedImagery, loadCallerImagery } from '../../media/imagery/caller/caller-imagery.ts';
import { nadirPictureGround } from '../../media/imagery/picture-ground.ts';
import { IMAGE_CONTENT_TYPES } from '../../media/images/image-header.ts';
import type { LotLookup } from '../../media/providers/cadastre/cadastre.ts';
import { defineStep, type StepPorts } from '../define-step.ts';
import { frontageOf } from '../shared/frontage-of.ts';
import {
  type ImageryInput,
  type NoParcel,
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
  storedImagery,
} from '../shared/property-imagery.ts';
import { locationOutput, parsedAddressOf, type ResolvedLocation } from '../shared/resolve-location.ts';
import { requirePortalLicence, storeStillRenditions, usesOf } from '../shared/still-renditions.ts';
import { DETECT_FRONTAGE, EDIT_FRONTAGE } from './functions.ts';
import type { FrontageOutput } from './schema.ts';

/** What the frontage steps work through. */
type FrontagePorts = Pick<StepPorts, 'providers' | 'media' | 'fetchImagery' | 'ownImagery'>;

/** Ground radius of the site model around the property: the street in front and the neighbours. */
const SITE_RADIUS_M = 150;

export type StoredFrontageOutput = Stored<FrontageOutput>;

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

/**
 * The site around the property with the parcel the pictures draw (the caller's, the cadastre's lot, the
 * site's, or none) and, when there is none, why.
 */
async function siteAndImagery(
  ports: FrontagePorts,
  location: LatLng,
  address: ParsedAddress,
  input: ImageryInput,
  imagery: () => Promise<LoadedImagery | undefined>,
  /** The lot the location step looked up, or the parent's parcel as it found it (an edit). */
  lot: { readonly lookup?: LotLookup; readonly parcel?: Parcel },
) {
  const [site, loaded] = await Promise.all([
    ports.providers.site.siteAround(location, address, SITE_RADIUS_M),
    imagery(),
  ]);
  const parcel = lot.parcel ?? parcelFor(input, site, loaded !== undefined, lot.lookup);
  return { site: withParcel(site, parcel), parcel, loaded, noParcel: parcel ? null : noParcel(lot.lookup) };
}

/** The reference image on the stage's imagery, the caller's orthophoto or the caller's drone photo. */
async function renderAndStore(
  ports: FrontagePorts,
  event: StepEvent,
  scene: Awaited<ReturnType<typeof siteAndImagery>>,
  center: LatLng,
  bearingDeg: number,
  edited: boolean,
  renditions: readonly RenditionName[] | undefined,
) {
  const { site, parcel, loaded } = scene;
  const ref = jobRef(event.job);
  const name = edited ? 'frontage-edit' : 'frontage-reference';
  // The arrow, compass and label are drawn text and marks: the portal file is the twin without them.
  const store = async (image: Omit<FrontageReferenceImage, 'georef' | 'contentType'>) => {
    const [stored, made] = await Promise.all([
      ports.media.put(mediaKey(ref.tenant, ref.jobId, `${name}.jpg`), image.jpeg, 'image/jpeg', {
        width: image.width,
        height: image.height,
      }),
      storeStillRenditions(
        image.jpeg,
        {
          wanted: renditions,
          subject: image.subject,
          textFree: { source: 'text_free_twin', picture: image.textFree },
        },
        ports,
        ref,
        name,
      ),
    ]);
    return made ? { ...stored, renditions: made } : stored;
  };
  if (loaded?.kind === 'drone_photo') {
    requireVisible(parcel, parcel ? loaded.ground.visibleOutline(parcel.ring) : undefined, 'the drone photo');
    requirePortalLicence(renditions, loaded.provenance);
    const image = await photoFrontageReference({
      rgb: await decodePhoto(loaded),
      ground: loaded.ground,
      site,
      bearingDeg,
      edited,
      ...(edited ? { center } : {}),
    });
    return {
      stored: await store(image),
      georeference: georeferenceOutput(loaded.ground),
      imagery: loaded.provenance,
      camera: cameraOutput(loaded),
      providerNames: { site: site.provider, imagery: loaded.provenance.source },
      parcelDrawn: true,
    };
  }
  const imagery = loaded?.imagery ?? (await imageryOfJob(ports, event.job));
  if (loaded?.kind === 'orthophoto' && !loaded.imagery.covers(center)) {
    if (parcel) requireVisible(parcel, undefined, 'the orthophoto');
    throw new JobError(
      'BOUNDARY_NOT_IN_IMAGE',
      `The property (${center.lat.toFixed(6)}, ${center.lng.toFixed(6)}) lies outside the orthophoto. Send the orthophoto that shows it, or the property's boundary or options.lat and options.lng.`,
    );
  }
  if (loaded) requirePortalLicence(renditions, loaded.provenance);
  const image = await renderFrontageReference({
    imagery,
    site,
    center,
    bearingDeg,
    edited,
    uses: usesOf(renditions),
    parcelIsReal: parcel !== undefined && parcel.source.kind !== 'site',
  });
  const provenance = loaded?.provenance ?? image.provenance ?? ports.providers.imageryProvenance;
  requirePortalLicence(renditions, provenance);
  return {
    stored: await store(image),
    georeference: georeferenceOutput(nadirPictureGround(image.georef)),
    imagery: provenance,
    camera: undefined,
    providerNames: {
      site: site.provider,
      imagery: loaded ? provenance.source : (image.provider ?? imagery.name),
    },
    parcelDrawn: image.parcelDrawn,
  };
}

/** The caller's imagery file kept beside the job, so that an edit redraws on the same picture. */
async function keepSource(ports: FrontagePorts, event: StepEvent, loaded: LoadedImagery | undefined) {
  if (!loaded) return undefined;
  const { file, format } = loaded;
  const ref = jobRef(event.job);
  return ports.media.put(
    mediaKey(ref.tenant, ref.jobId, `frontage-source.${format === 'jpeg' ? 'jpg' : format}`),
    file,
    IMAGE_CONTENT_TYPES[format],
  );
}

export interface DetectFrontageEvent extends StepEvent {
  readonly address: string;
  readonly location: ResolvedLocation;
  /** The whole request, for its imagery and boundary. */
  readonly input?: ImageryInput & { readonly renditions?: readonly RenditionName[] };
}

export async function detectFrontageStep(
  event: DetectFrontageEvent,
  ports: FrontagePorts,
): Promise<StoredFrontageOutput> {
  const address = parsedAddressOf(event.address);
  const position = { lat: event.location.lat, lng: event.location.lng };
  const input = event.input ?? {};
  const scene = await siteAndImagery(
    ports,
    position,
    address,
    input,
    () => loadImageryOf(input, ports, event.job),
    { lookup: event.location.lot },
  );
  const detection = frontageOf(scene.site, scene.parcel) ?? detectFrontage(scene.site);
  const [drawn, source] = await Promise.all([
    renderAndStore(ports, event, scene, position, detection.bearingDeg, false, input.renditions),
    keepSource(ports, event, scene.loaded),
  ]);
  return {
    bearing: detection.bearingDeg,
    direction: detection.label,
    ...orientationOutput(detection.bearingDeg, event.location.lat),
    confidence: detection.confidence,
    method: detection.method,
    edited: false,
    location: locationOutput(event.location) as FrontageOutput['location'],
    street: {
      name: scene.site.addressedStreet,
      front_point:
        detection.method === 'default' ? null : fromLocalMetres(scene.site.origin, detection.frontPoint),
    },
    reference_image: drawn.stored,
    georeference: drawn.georeference,
    providers: { geocoder: event.location.provider, ...drawn.providerNames },
    imagery: drawn.imagery,
    ...parcelOutputs(scene.parcel, drawn.parcelDrawn, scene.noParcel),
    ...(drawn.camera ? { camera: drawn.camera } : {}),
    ...(source ? { source_image: source } : {}),
  };
}

/**
 * What the output says of the parcel: where it came from (or why there is none) and, for a cadastre lot,
 * its polygon; a made-up parcel left off a photograph is no boundary at all.
 */
function parcelOutputs(parcel: Parcel | undefined, drawn: boolean, none: NoParcel) {
  if (!parcel || (!drawn && parcel.source.kind === 'site')) return { boundary_source: none };
  return {
    boundary_source: parcel.source,
    ...(parcel.source.kind === 'cadastre' ? { parcel_polygon: parcelPolygon(parcel.ring) } : {}),
  };
}

/** A frontage's cadastre lot, as the edit redraws it. */
function parentLot(output: StoredFrontageOutput): Parcel | undefined {
  const source = output.boundary_source;
  const polygon = output.parcel_polygon;
  if (source?.kind !== 'cadastre' || !polygon) return undefined;
  const ring = polygon.coordinates[0]!.slice(0, -1).map((p) => ({ lat: p[1]!, lng: p[0]! }));
  return { ring, source };
}

export const detect = defineStep(detectFrontageStep, DETECT_FRONTAGE);

export interface EditFrontageEvent extends StepEvent {
  readonly input: {
    readonly direction: number;
    readonly center_lat?: number;
    readonly center_lng?: number;
    readonly renditions?: readonly RenditionName[];
  };
  readonly parent: {
    readonly input: { readonly address: string } & ImageryInput;
    readonly output: StoredFrontageOutput;
  };
}

export async function editFrontageStep(
  event: EditFrontageEvent,
  ports: FrontagePorts,
): Promise<StoredFrontageOutput> {
  const parentOutput = event.parent.output;
  const parentInput = event.parent.input;
  const address = parsedAddressOf(parentInput.address);
  const location = { lat: parentOutput.location.lat, lng: parentOutput.location.lng };
  const { center_lat, center_lng, direction } = event.input;
  const center =
    center_lat !== undefined && center_lng !== undefined ? { lat: center_lat, lng: center_lng } : location;
  // The parent's own picture: the caller's imagery as the detection downloaded it.
  const source = parentOutput.source_image;
  const scene = await siteAndImagery(
    ports,
    location,
    address,
    parentInput,
    async () =>
      parentInput.imagery && source
        ? loadCallerImagery(parentInput.imagery, storedImagery(ports.media, source.s3_key), {
            applyLensCalibration: true,
          })
        : undefined,
    // The parent's lot as it found it (no lookup again: the same lot, even if the cadastre changed since).
    { parcel: parentLot(parentOutput) },
  );
  const drawn = await renderAndStore(ports, event, scene, center, direction, true, event.input.renditions);
  return {
    ...parentOutput,
    bearing: direction,
    direction: bearingLabel(direction),
    ...orientationOutput(direction, parentOutput.location.lat),
    confidence: 1,
    method: 'manual',
    edited: true,
    reference_image: drawn.stored,
    georeference: drawn.georeference,
    providers: { ...parentOutput.providers, ...drawn.providerNames },
    imagery: drawn.imagery,
  };
}

export const edit = defineStep(editFrontageStep, EDIT_FRONTAGE);
