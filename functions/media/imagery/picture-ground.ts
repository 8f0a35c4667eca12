// How a picture sits on the ground, whatever made it: a top-down frame (the synthetic render, satellite
// tiles, a caller's orthophoto turned and cropped) or a caller's drone photo seen through its camera.
// Either way it maps image pixels to metres east and north of an origin with a homography (affine for a
// top-down frame, projective for a photo of flat ground), projects ground outlines into the picture
// (clipped where they leave it) and states the centre, scale and rotation where they mean something.
import type { LatLng, Point } from '../../domain/geo-types.ts';
import {
  affineHomography,
  applyHomography,
  type Homography,
  homographyWeight,
  invertHomography,
  multiplyHomographies,
} from '../../domain/geometry/homography.ts';
import { clipRingToHalfPlane, polygonArea } from '../../domain/geometry/polygon.ts';
import {
  clipToView,
  densify,
  groundToPixel,
  type LensCalibration,
  type PhotoCamera,
  pinholeImageToGround,
  undistortPixel,
} from '../camera/photo-camera.ts';
import { fromLocalMetres, toLocalMetres } from '../geo/local-metric.ts';
import type { Georeference } from '../geo/types.ts';

export interface VisibleOutline {
  /** The part of the outline the picture shows, in pixels (empty when none). */
  readonly ring: Point[];
  /** Share of the outline's ground area inside the picture, 0-1. */
  readonly visibleFraction: number;
}

export interface PictureGround {
  readonly kind: 'nadir' | 'perspective';
  readonly width: number;
  readonly height: number;
  /** What image_to_ground's metres are measured from. */
  readonly origin: LatLng;
  /** Pixels (x right, y down, from the top-left corner) to metres east and north of `origin`. */
  readonly imageToGround: Homography;
  /** The lens's distortion in pixels of this picture, when the photo's calibration is applied. */
  readonly lens?: LensCalibration;
  /** The ground at the image centre (bottom centre when the centre shows sky), its scale and bearing up. */
  readonly center: LatLng;
  readonly metersPerPixel: number;
  readonly rotationDeg: number;
  /** Where a ground position appears, in pixels (undefined when behind the camera). */
  toPixel(position: LatLng): Point | undefined;
  /** A ground outline as the picture shows it, clipped to the frame. */
  visibleOutline(ring: readonly LatLng[]): VisibleOutline;
}

const DEG = Math.PI / 180;

/** Compass bearing of a ground vector (x east, y north). */
const bearingOf = (dx: number, dy: number) => (((Math.atan2(dx, dy) / DEG) % 360) + 360) % 360;

/** A pixel ring clipped to the frame. */
function clipToFrame(ring: readonly Point[], width: number, height: number): Point[] {
  const edges: Array<(p: Point) => number> = [
    (p) => p.x,
    (p) => width - p.x,
    (p) => p.y,
    (p) => height - p.y,
  ];
  return edges.reduce<Point[]>(
    (clipped, edge) => (clipped.length ? clipRingToHalfPlane(clipped, edge) : clipped),
    [...ring],
  );
}

/** The pixels to metres east/north of the centre map of a top-down frame. */
export function nadirImageToGround(georef: Georeference): Homography {
  const { metersPerPixel: m, width: W, height: H } = georef;
  const c = Math.cos(georef.rotationDeg * DEG);
  const s = Math.sin(georef.rotationDeg * DEG);
  // u = (px - W/2) m right, v = (H/2 - py) m up; east = u cos + v sin, north = v cos - u sin.
  return affineHomography(
    m * c,
    -m * s,
    m * ((-W / 2) * c + (H / 2) * s),
    -m * s,
    -m * c,
    m * ((H / 2) * c + (W / 2) * s),
  );
}

export function nadirPictureGround(georef: Georeference): PictureGround {
  const imageToGround = nadirImageToGround(georef);
  const groundToImage = invertHomography(imageToGround);
  const origin = georef.center;
  const toPixel = (position: LatLng) => applyHomography(groundToImage, toLocalMetres(origin, position));
  return {
    kind: 'nadir',
    width: georef.width,
    height: georef.height,
    origin,
    imageToGround,
    center: georef.center,
    metersPerPixel: georef.metersPerPixel,
    rotationDeg: georef.rotationDeg,
    toPixel,
    visibleOutline(ring) {
      const pixels = ring.map((p) => toPixel(p)!);
      const visible = clipToFrame(pixels, georef.width, georef.height);
      const whole = polygonArea(pixels);
      return { ring: visible, visibleFraction: whole > 0 ? Math.min(1, polygonArea(visible) / whole) : 0 };
    },
  };
}

/** The sensor pixel → stored pixel map of an EXIF orientation, for a sensor width x height. */
function orientationHomography(orientation: number, width: number, height: number): Homography {
  switch (orientation) {
    case 2:
      return affineHomography(-1, 0, width, 0, 1, 0);
    case 3:
      return affineHomography(-1, 0, width, 0, -1, height);
    case 4:
      return affineHomography(1, 0, 0, 0, -1, height);
    case 5:
      return affineHomography(0, 1, 0, 1, 0, 0);
    case 6:
      return affineHomography(0, -1, height, 1, 0, 0);
    case 7:
      return affineHomography(0, -1, height, -1, 0, width);
    case 8:
      return affineHomography(0, 1, 0, -1, 0, width);
    default:
      return affineHomography(1, 0, 0, 0, 1, 0);
  }
}

/** The camera with its image scaled: focal lengths and principal point scale, distortion does not. */
export function scaledCamera(camera: PhotoCamera, scale: number): PhotoCamera {
  if (scale === 1) return camera;
  const lens = camera.lens
    ? {
        ...camera.lens,
        fx: camera.lens.fx * scale,
        fy: camera.lens.fy * scale,
        cx: camera.lens.cx * scale,
        cy: camera.lens.cy * scale,
      }
    : undefined;
  return {
    ...camera,
    width: Math.round(camera.width * scale),
    height: Math.round(camera.height * scale),
    ...(lens ? { lens } : {}),
  };
}

/**
 * A drone photo on flat ground: `camera` is the camera of the stored picture's sensor frame (already
 * scaled) and `position` the ground point under it. The stored picture is that frame turned by its
 * orientation; a lens calibration is kept only for an unturned photo (orientation 1).
 */
export function photoPictureGround(
  camera: PhotoCamera,
  position: LatLng,
  orientation: number,
): PictureGround {
  const orient = orientationHomography(orientation, camera.width, camera.height);
  const unorient = invertHomography(orient);
  const cam: PhotoCamera = orientation === 1 ? camera : { ...camera, lens: undefined };
  const turned = orientation >= 5;
  const width = turned ? cam.height : cam.width;
  const height = turned ? cam.width : cam.height;
  const sensorToGround = pinholeImageToGround(cam);
  const imageToGround = multiplyHomographies(sensorToGround, unorient);
  const sensorPixel = (ground: Point) => groundToPixel(cam, ground);
  const toStored = (p: Point) => applyHomography(orient, p)!;
  const toPixel = (p: LatLng) => {
    const s = sensorPixel(toLocalMetres(position, p));
    return s ? toStored(s) : undefined;
  };
  const groundOfStored = (p: Point) => pixelToGround(sensorToGround, cam.lens, applyHomography(unorient, p)!);
  // The scale and bearing where they mean something: at the centre, or at the bottom centre of a view
  // whose centre shows sky (a photo taken toward the horizon).
  const shows = (p: Point) =>
    groundOfStored(p) !== undefined && groundOfStored({ x: p.x, y: p.y - 1 }) !== undefined;
  const anchor = [0.5, 0.75, 0.95].map((share) => ({ x: width / 2, y: height * share })).find(shows);
  if (!anchor) throw new RangeError('the photo shows no ground: its camera looks at or above the horizon');
  const at = groundOfStored(anchor)!;
  const right = groundOfStored({ x: anchor.x + 1, y: anchor.y })!;
  const up = groundOfStored({ x: anchor.x, y: anchor.y - 1 })!;
  const metersPerPixel = Math.sqrt(
    Math.abs((right.x - at.x) * (up.y - at.y) - (right.y - at.y) * (up.x - at.x)),
  );
  return {
    kind: 'perspective',
    width,
    height,
    origin: position,
    imageToGround,
    ...(cam.lens ? { lens: cam.lens } : {}),
    center: fromLocalMetres(position, at),
    metersPerPixel,
    rotationDeg: bearingOf(up.x - at.x, up.y - at.y),
    toPixel,
    visibleOutline(ring) {
      const local = ring.map((p) => toLocalMetres(position, p));
      const whole = polygonArea(local);
      let visible = clipToView(cam, local);
      const visibleFraction = whole > 0 ? Math.min(1, polygonArea(visible) / whole) : 0;
      // Through a distorting lens a straight fence bows: follow it with short pieces.
      if (cam.lens && visible.length > 0) visible = densify(visible, 0.5, 480);
      const pixels = visible
        .map((g) => sensorPixel(g))
        .filter((p): p is Point => p !== undefined)
        .map(toStored);
      return { ring: clipToFrame(pixels, width, height), visibleFraction };
    },
  };
}

/**
 * The ground point (metres about the origin) under a pixel of a picture with this georeference; undefined
 * for a pixel that shows sky.
 */
export function pixelToGround(
  imageToGround: Homography,
  lens: LensCalibration | undefined,
  pixel: Point,
): Point | undefined {
  const p = undistortPixel(lens, pixel);
  return homographyWeight(imageToGround, p) > 0 ? applyHomography(imageToGround, p) : undefined;
}
