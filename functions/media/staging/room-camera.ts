// A pinhole camera looking level at a room (one-point perspective, as most listing photos are
// taken): room coordinates in metres, X to the right, Y up from the floor, Z away from the camera.
// A floor point at image row v lies at depth eyeHeight * focal / (v - vy), so one vanishing point and
// an assumed eye height are enough to place and size furniture on the floor of a photo.

export interface RoomCamera {
  readonly width: number;
  readonly height: number;
  /** Vanishing point (the principal point of a level camera), pixels. */
  readonly vx: number;
  readonly vy: number;
  /** Focal length, pixels. */
  readonly focal: number;
  /** Camera height above the floor, metres. */
  readonly eyeHeight: number;
}

/** Listing photos are taken at about chest height with a wide lens (~70 degrees across). */
export const TYPICAL_EYE_HEIGHT = 1.45;
export const TYPICAL_FOCAL_PER_WIDTH = 0.7;

interface Point2 {
  readonly x: number;
  readonly y: number;
}

export function project(camera: RoomCamera, x: number, y: number, z: number): Point2 {
  const zc = Math.max(z, 0.05);
  return {
    x: camera.vx + (camera.focal * x) / zc,
    y: camera.vy + (camera.focal * (camera.eyeHeight - y)) / zc,
  };
}
