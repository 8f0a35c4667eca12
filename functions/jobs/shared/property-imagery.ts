// Step logic the imagery-aware kinds share (markup, frontage): the caller's own imagery, loaded under the
// stage's fetch policy, the check that the caller's parcel is in the picture, and, without the caller's
// imagery, the stage's sources with the organization's own subscriptions tried first.

import sharp from 'sharp';
import type { z } from 'zod';
import { JobError } from '../../core/errors.ts';
import type { MediaStore } from '../../core/media/media-store.ts';
import { jobRef, type StepJob } from '../../core/workflows/step-runtime.ts';
import { normalizeHomography } from '../../domain/geometry/homography.ts';
import type { NadirImagery } from '../../media/geo/types.ts';
import type { LoadedDronePhoto } from '../../media/imagery/caller/caller-imagery.ts';
import { type LoadedImagery, loadCallerImagery } from '../../media/imagery/caller/caller-imagery.ts';
import type { PictureGround, VisibleOutline } from '../../media/imagery/picture-ground.ts';
import type { ImageryFetcher } from '../../media/images/fetch-image.ts';
import { IMAGERY_FETCH_LIMITS, undecodablePicture } from '../../media/images/fetch-image.ts';
import { IMAGE_CONTENT_TYPES, sniffFormat } from '../../media/images/image-header.ts';
import { type OwnImagery, withOwnSources } from '../../media/providers/imagery/own-imagery.ts';
import type { Providers } from '../../media/providers/providers.ts';
import type { droneCameraOutput, pictureGeoreference } from './imagery-schema.ts';
import { ownImageryFetcher } from './own-media-images.ts';
import type { ImageryInput, Parcel } from './parcel.ts';

/** A picture's georeference as outputs show it. */
type GeoreferenceOutput = {
  center: { lat: number; lng: number };
  meters_per_pixel: number;
  rotation: number;
  width: number;
  height: number;
} & { [K in keyof typeof pictureGeoreference]?: z.infer<(typeof pictureGeoreference)[K]> };
type CameraOutput = z.infer<typeof droneCameraOutput>;

const round = (v: number, digits: number) => Math.round(v * 10 ** digits) / 10 ** digits;

/**
 * What an address's picture is drawn from: the stage's imagery sources, with the job's organization's own
 * subscriptions (its mode's) tried first. Read only where the caller sent no imagery of their own.
 */
export async function imageryOfJob(
  ports: { readonly providers: Pick<Providers, 'imagery'>; readonly ownImagery: OwnImagery },
  job: StepJob,
): Promise<NadirImagery> {
  return withOwnSources(ports.providers.imagery, await ports.ownImagery.candidatesOf(jobRef(job).tenant));
}

/**
 * Loads the request's imagery, if it has any (lens calibration applied: see docs/readme/imagery.md). A
 * picture that is one of the job's organization's own media is read from the bucket, not downloaded.
 */
export async function loadImageryOf(
  input: ImageryInput,
  ports: { readonly fetchImagery: ImageryFetcher; readonly media: Pick<MediaStore, 'get' | 'keyOf'> },
  job: StepJob,
): Promise<LoadedImagery | undefined> {
  if (!input.imagery) return undefined;
  const fetch = ownImageryFetcher(ports.fetchImagery, ports.media, jobRef(job).tenant);
  return loadCallerImagery(input.imagery, fetch, { applyLensCalibration: true });
}

/** Share of a picture an outline must cover to count as in it. */
const MIN_VISIBLE = 0.01;

/**
 * BOUNDARY_NOT_IN_IMAGE when the caller's own parcel is (almost) not in the picture; a site source's
 * parcel out of view is only left out.
 */
export function requireVisible(
  parcel: Parcel | undefined,
  outline: VisibleOutline | undefined,
  what: string,
): void {
  if (parcel?.source.kind !== 'caller') return;
  if (outline && outline.ring.length >= 3 && outline.visibleFraction >= MIN_VISIBLE) return;
  const share = outline ? `${(outline.visibleFraction * 100).toFixed(1)} % of it` : 'none of it';
  throw new JobError(
    'BOUNDARY_NOT_IN_IMAGE',
    `The parcel in boundary lies outside ${what} (${share} is in the picture). Check that boundary is this property's parcel in [longitude, latitude] order, and that the picture shows it${what.includes('photo') ? ' (and the camera pose: imagery.camera corrects it)' : ''}.`,
  );
}

/** A picture's georeference as the output shows it: centre, scale and rotation, and its homography. */
export function georeferenceOutput(ground: PictureGround): GeoreferenceOutput {
  const h = normalizeHomography(ground.imageToGround);
  return {
    center: { lat: round(ground.center.lat, 7), lng: round(ground.center.lng, 7) },
    meters_per_pixel: round(ground.metersPerPixel, 6),
    rotation: round(ground.rotationDeg, 3),
    width: ground.width,
    height: ground.height,
    kind: ground.kind,
    origin: { lat: round(ground.origin.lat, 8), lng: round(ground.origin.lng, 8) },
    image_to_ground: h.map((v) => Number(v.toPrecision(10))),
    ...(ground.lens ? { lens: ground.lens } : {}),
  };
}

/** The camera a drone photo was taken with, as used, and where each value came from. */
export function cameraOutput(loaded: LoadedDronePhoto): CameraOutput {
  const { pose } = loaded;
  const p = pose.camera.pose;
  return {
    lat: round(pose.position.lat, 8),
    lng: round(pose.position.lng, 8),
    height_m: round(p.heightM, 2),
    yaw_deg: round(p.yawDeg, 2),
    pitch_deg: round(p.pitchDeg, 2),
    roll_deg: round(p.rollDeg, 2),
    horizontal_fov_deg: round(pose.camera.horizontalFovDeg, 3),
    sources: pose.sources,
    lens_calibration: pose.lensCalibration,
  };
}

/** A drone photo's pixels as stored: turned upright by its EXIF orientation, scaled down if too large. */
export async function decodePhoto(loaded: LoadedDronePhoto): Promise<Buffer> {
  let pipeline = sharp(loaded.file, { limitInputPixels: IMAGERY_FETCH_LIMITS.maxPixels }).rotate();
  if (loaded.scale < 1)
    pipeline = pipeline.resize(loaded.width, loaded.height, { fit: 'fill', kernel: 'lanczos3' });
  return pipeline
    .removeAlpha()
    .toColourspace('srgb')
    .raw({ depth: 'uchar' })
    .toBuffer()
    .catch((error: unknown) => {
      throw undecodablePicture('drone photo', error);
    });
}

/**
 * The caller's imagery as a job stored it (a frontage detection keeps the file it downloaded), served to
 * loadCallerImagery in place of a download.
 */
export function storedImagery(media: Pick<MediaStore, 'get'>, key: string): ImageryFetcher {
  return async (url) => {
    const bytes = await media.get(key);
    const format = sniffFormat(bytes);
    if (format === undefined || format === 'unknown')
      throw new Error(`stored imagery ${key} is not an image`);
    const { width = 0, height = 0 } = await sharp(bytes, {
      limitInputPixels: IMAGERY_FETCH_LIMITS.maxPixels,
    }).metadata();
    return { url, bytes, format, contentType: IMAGE_CONTENT_TYPES[format], width, height };
  };
}
