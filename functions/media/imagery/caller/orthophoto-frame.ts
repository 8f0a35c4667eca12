// Where a caller's orthophoto lies on the ground: read from a GeoTIFF's own tags (a tie point and pixel
// scale, or the model transformation, in one of the coordinate systems crs.ts supports), or given by the
// caller for a plain image as the bounds of a north-up picture or the four corners of a turned one.
// Either way the result maps pixel coordinates (from the top-left corner of the top-left pixel) to
// latitude/longitude and back.
import { fromArrayBuffer } from 'geotiff';
import type { LatLng, Point } from '../../../domain/geo-types.ts';
import {
  applyHomography,
  type Homography,
  homographyFromPoints,
  invertHomography,
} from '../../../domain/geometry/homography.ts';
import { crsForEpsg, SUPPORTED_CRS_TEXT } from '../../geo/crs.ts';
import { fromLocalMetres, toLocalMetres } from '../../geo/local-metric.ts';
import { exifDateToIso } from './photo-metadata.ts';

export interface OrthophotoFrame {
  readonly width: number;
  readonly height: number;
  toLatLng(pixel: Point): LatLng;
  toPixel(position: LatLng): Point;
  /** Where the georeference came from, for the output's provenance ("GeoTIFF in GDA2020 / MGA zone 56"). */
  readonly georeferencedBy: string;
  /** The file's own date, when it has one (TIFF DateTime). */
  readonly fileDate?: string;
}

/** A georeference a file has but the service cannot use (an unsupported coordinate system, control points). */
export class UnusableGeoreference extends Error {}

export interface GeoBounds {
  readonly north_west: LatLng;
  readonly south_east: LatLng;
}

/** A frame from four ground corners, clockwise from the top-left pixel (a homography fitted to them). */
export function cornersFrame(
  width: number,
  height: number,
  corners: readonly LatLng[],
  by: string,
): OrthophotoFrame {
  const origin = {
    lat: corners.reduce((s, c) => s + c.lat, 0) / corners.length,
    lng: corners.reduce((s, c) => s + c.lng, 0) / corners.length,
  };
  const pixels = [
    { x: 0, y: 0 },
    { x: width, y: 0 },
    { x: width, y: height },
    { x: 0, y: height },
  ];
  const toGround = homographyFromPoints(
    pixels,
    corners.map((c) => toLocalMetres(origin, c)),
  );
  const toImage = invertHomography(toGround);
  return {
    width,
    height,
    toLatLng: (p) => fromLocalMetres(origin, applyHomography(toGround, p)!),
    toPixel: (position) => applyHomography(toImage, toLocalMetres(origin, position))!,
    georeferencedBy: by,
  };
}

/** A north-up frame from its north-west and south-east corners (the outer edges of the picture). */
export function boundsFrame(width: number, height: number, bounds: GeoBounds): OrthophotoFrame {
  const { north_west: nw, south_east: se } = bounds;
  return cornersFrame(
    width,
    height,
    [nw, { lat: nw.lat, lng: se.lng }, se, { lat: se.lat, lng: nw.lng }],
    'bounds given in the request',
  );
}

/** GeoTIFF GTRasterTypeGeoKey: 1 PixelIsArea (the default), 2 PixelIsPoint. */
const PIXEL_IS_POINT = 2;
/** GTModelTypeGeoKey: 1 projected, 2 geographic. */
const MODEL_GEOGRAPHIC = 2;
const METRE = 9001;
const USER_DEFINED = 32767;

const numbers = (value: unknown): number[] | undefined => {
  if (value === undefined || value === null) return undefined;
  const list = Array.from(value as ArrayLike<number>).map(Number);
  return list.length > 0 && list.every(Number.isFinite) ? list : undefined;
};

/**
 * The frame a GeoTIFF's tags give, undefined when it has no georeference at all. Throws
 * UnusableGeoreference when it has one the service cannot use, naming what and why.
 */
export async function geotiffFrame(file: Buffer): Promise<OrthophotoFrame | undefined> {
  const tiff = await fromArrayBuffer(
    file.buffer.slice(file.byteOffset, file.byteOffset + file.byteLength) as ArrayBuffer,
  );
  const image = await tiff.getImage(0);
  const directory = image.fileDirectory;
  const width = image.getWidth();
  const height = image.getHeight();
  const transformation = numbers(await directory.loadValue('ModelTransformation'));
  const tiepoints = numbers(await directory.loadValue('ModelTiepoint'));
  const scale = numbers(await directory.loadValue('ModelPixelScale'));
  const dateTime = await directory.loadValue('DateTime');
  const keys = (image.getGeoKeys() ?? {}) as Record<string, unknown>;
  if (!transformation && !tiepoints) return undefined;

  // Raster (i, j) to model (x, y): x = a i + b j + c, y = d i + e j + f.
  let affine: [number, number, number, number, number, number];
  if (transformation && transformation.length >= 16) {
    const m = transformation;
    affine = [m[0]!, m[1]!, m[3]!, m[4]!, m[5]!, m[7]!];
  } else if (tiepoints && tiepoints.length >= 6 && scale && scale.length >= 2) {
    if (tiepoints.length > 6)
      throw new UnusableGeoreference(
        `it is georeferenced by ${tiepoints.length / 6} control points; export it with a pixel scale (or a transformation matrix) instead`,
      );
    const [I, J, , X, Y] = tiepoints as [number, number, number, number, number];
    const [sx, sy] = scale as [number, number];
    affine = [sx, 0, X - I * sx, 0, -sy, Y + J * sy];
  } else {
    throw new UnusableGeoreference(
      'its georeference tags are incomplete (a tie point without a pixel scale)',
    );
  }
  // Our pixel coordinates start at the top-left corner; PixelIsPoint tags put raster (0, 0) at its centre.
  const shift = keys.GTRasterTypeGeoKey === PIXEL_IS_POINT ? -0.5 : 0;
  const geographic = keys.GTModelTypeGeoKey === MODEL_GEOGRAPHIC;
  const code = Number(geographic ? keys.GeographicTypeGeoKey : keys.ProjectedCSTypeGeoKey);
  if (!Number.isFinite(code) || code === USER_DEFINED || code === 0)
    throw new UnusableGeoreference(
      `its coordinate system is not given by an EPSG code (${geographic ? 'a user-defined geographic system' : 'a user-defined projection'}); the service reads ${SUPPORTED_CRS_TEXT}`,
    );
  const crs = crsForEpsg(code);
  if (!crs)
    throw new UnusableGeoreference(
      `its coordinate system is EPSG:${code}; the service reads ${SUPPORTED_CRS_TEXT}`,
    );
  const units = keys.ProjLinearUnitsGeoKey;
  if (!geographic && units !== undefined && units !== METRE)
    throw new UnusableGeoreference(`its projected units are EPSG unit ${units}, not metres`);

  const [a, b, c, d, e, f] = affine;
  const toModel: Homography = [a, b, c + (a + b) * shift, d, e, f + (d + e) * shift, 0, 0, 1];
  const toRaster = invertHomography(toModel);
  return {
    width,
    height,
    toLatLng: (p) => {
      const m = applyHomography(toModel, p)!;
      return crs.toLatLng(m.x, m.y);
    },
    toPixel: (position) => applyHomography(toRaster, crs.fromLatLng(position))!,
    georeferencedBy: `GeoTIFF tags in ${crs.name} (EPSG:${crs.epsg})`,
    ...(typeof dateTime === 'string' && exifDateToIso(dateTime) ? { fileDate: exifDateToIso(dateTime) } : {}),
  };
}
