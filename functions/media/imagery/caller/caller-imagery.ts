// A caller's own imagery of the listing (the request's `imagery`), downloaded under the stage's fetch
// policy and made ready to draw on: an orthophoto becomes nadir imagery any frame can be cut from; a drone
// photo becomes the picture itself with the camera that took it. Each carries its provenance.
import { JobError } from '../../../core/errors.ts';
import type { LatLng } from '../../../domain/geo-types.ts';
import type { FetchedImage, ImageryFetcher } from '../../images/fetch-image.ts';
import type { AnyImageFormat } from '../../images/image-header.ts';
import { type PictureGround, photoPictureGround, scaledCamera } from '../picture-ground.ts';
import type { ImageryProvenance } from '../provenance.ts';
import {
  boundsFrame,
  cornersFrame,
  type GeoBounds,
  geotiffFrame,
  type OrthophotoFrame,
  UnusableGeoreference,
} from './orthophoto-frame.ts';
import { OrthophotoImagery } from './orthophoto-imagery.ts';
import { readPhotoMetadata } from './photo-metadata.ts';
import { type CameraOverride, type ResolvedPhotoPose, resolvePhotoPose } from './photo-pose.ts';

/** The request's `imagery` object, as the schemas parse it. */
type CallerImageryRequest = {
  readonly image_url: string;
  readonly captured_at?: string;
  readonly attribution?: string;
  readonly licence?: { readonly print?: boolean; readonly portal?: boolean };
} & (
  | { readonly type: 'orthophoto'; readonly bounds?: GeoBounds; readonly corners?: readonly LatLng[] }
  | { readonly type: 'drone_photo'; readonly camera?: CameraOverride }
);

/** The longest side of a drone photo the service keeps; larger photos are scaled down to it. */
const MAX_PHOTO_SIDE_PX = 8192;

/** The file as downloaded, which both kinds keep (a frontage edit redraws on it). */
interface DownloadedFile {
  readonly file: Buffer;
  readonly format: AnyImageFormat;
}

export interface LoadedOrthophoto extends DownloadedFile {
  readonly kind: 'orthophoto';
  readonly imagery: OrthophotoImagery;
  readonly provenance: ImageryProvenance;
  /** How the georeference was found: GeoTIFF tags (and their CRS), or the request's bounds or corners. */
  readonly georeferencedBy: string;
}

export interface LoadedDronePhoto extends DownloadedFile {
  readonly kind: 'drone_photo';
  /** The picture as the service stores it: turned by its EXIF orientation, scaled down to MAX_PHOTO_SIDE_PX. */
  readonly width: number;
  readonly height: number;
  readonly orientation: number;
  /** Stored size ÷ downloaded size (1 unless the photo was larger than the service keeps). */
  readonly scale: number;
  readonly ground: PictureGround;
  readonly pose: ResolvedPhotoPose;
  readonly provenance: ImageryProvenance;
}

export type LoadedImagery = LoadedOrthophoto | LoadedDronePhoto;

interface CallerImageryOptions {
  /** Apply a drone photo's lens calibration (DJI DewarpData) when it has one. */
  readonly applyLensCalibration: boolean;
}

function provenanceOf(
  request: CallerImageryRequest,
  source: ImageryProvenance['source'],
  fileDate: string | undefined,
): ImageryProvenance {
  return {
    source,
    synthetic: false,
    captured_at: request.captured_at ?? fileDate ?? null,
    attribution: request.attribution ?? null,
    // The caller's own imagery: stored and used as the caller says, every use unless the request limits it.
    licence: { store: true, print: request.licence?.print ?? true, portal: request.licence?.portal ?? true },
  };
}

export async function loadCallerImagery(
  request: CallerImageryRequest,
  fetchImagery: ImageryFetcher,
  options: CallerImageryOptions,
): Promise<LoadedImagery> {
  const image = await fetchImagery(request.image_url);
  return request.type === 'orthophoto'
    ? loadOrthophoto(request, image)
    : loadDronePhoto(request, image, options);
}

async function loadOrthophoto(
  request: Extract<CallerImageryRequest, { type: 'orthophoto' }>,
  image: FetchedImage<AnyImageFormat>,
): Promise<LoadedOrthophoto> {
  let frame: OrthophotoFrame | undefined;
  let fileDate: string | undefined;
  if (request.corners) {
    frame = cornersFrame(image.width, image.height, request.corners, 'corners given in the request');
  } else if (request.bounds) {
    frame = boundsFrame(image.width, image.height, request.bounds);
  }
  if (image.format === 'tiff') {
    try {
      const own = await geotiffFrame(image.bytes);
      fileDate = own?.fileDate;
      frame ??= own;
    } catch (error) {
      // A georeference given in the request makes the file's unusable one irrelevant.
      if (!(error instanceof UnusableGeoreference) || !frame) {
        if (error instanceof UnusableGeoreference)
          throw new JobError(
            'UNSUPPORTED_IMAGE',
            `The orthophoto at ${request.image_url} cannot be placed on the ground: ${error.message}. Reproject it, or send imagery.bounds or imagery.corners.`,
          );
        throw new JobError(
          'UNSUPPORTED_IMAGE',
          `The orthophoto at ${request.image_url} is not a readable GeoTIFF (${(error as Error).message}).`,
        );
      }
    }
  }
  if (!frame) {
    throw new JobError(
      'IMAGERY_NOT_GEOREFERENCED',
      `The orthophoto at ${request.image_url} is a ${image.format.toUpperCase()} without a georeference. Send imagery.bounds ({north_west, south_east} of a north-up image) or imagery.corners (four {lat, lng}, clockwise from the top-left pixel), or a GeoTIFF with its georeference tags.`,
    );
  }
  return {
    kind: 'orthophoto',
    file: image.bytes,
    format: image.format,
    imagery: new OrthophotoImagery(image.bytes, frame),
    provenance: provenanceOf(request, 'caller-orthophoto', fileDate),
    georeferencedBy: frame.georeferencedBy,
  };
}

async function loadDronePhoto(
  request: Extract<CallerImageryRequest, { type: 'drone_photo' }>,
  image: FetchedImage<AnyImageFormat>,
  options: CallerImageryOptions,
): Promise<LoadedDronePhoto> {
  const metadata = await readPhotoMetadata(image.bytes, image.width);
  const pose = resolvePhotoPose(metadata, request.camera, image.width, image.height, options);
  const scale = Math.min(1, MAX_PHOTO_SIDE_PX / Math.max(image.width, image.height));
  const camera = scaledCamera(pose.camera, scale);
  const ground = photoPictureGround(camera, pose.position, metadata.orientation);
  return {
    kind: 'drone_photo',
    file: image.bytes,
    format: image.format,
    width: ground.width,
    height: ground.height,
    orientation: metadata.orientation,
    scale,
    ground,
    pose,
    provenance: provenanceOf(request, 'caller-drone-photo', metadata.capturedAt),
  };
}
