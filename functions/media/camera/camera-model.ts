// The drone camera model: one pose vocabulary for V1 presets, V2 free poses and footage paths. A pose is
// an orbit position around the property (azimuth, tilt from nadir, slant distance) plus an upward pitch;
// it resolves to a camera position and look direction in local metres (x east, y north, z up). Pure math,
// no three.js, so the job steps and the composition share it.

export const DEG = Math.PI / 180;

export interface Vec3 {
  readonly x: number;
  readonly y: number;
  readonly z: number;
}

/** A requested camera pose around the property. */
export interface CameraPose {
  /** Degrees clockwise around the property; 0 is in front when frontDirection is given, else due north. */
  readonly azimuth: number;
  /** Degrees from nadir: 0 looks straight down. */
  readonly tilt: number;
  /** Slant distance in metres from the camera to the property centre. */
  readonly distance: number;
  /** Degrees the camera angles up from the property toward the horizon. */
  readonly pitch: number;
}

/** Vertical field of view of the drone camera: a 24 mm-equivalent lens on a 16:9 frame. */
export const VERTICAL_FOV_DEG = 46;
/** Below this tilt the camera is treated as nadir and pitch is ignored (as the API documents). */
export const PITCH_MIN_TILT_DEG = 5;
/** The look direction may come this close to the horizon, no closer (tilt + pitch ≤ 85°). */
export const MAX_LOOK_FROM_NADIR_DEG = 85;

/** What the camera actually does for a pose: the pose used, and the resulting position and orientation. */
export interface ResolvedCamera {
  /** The pose used, after the pitch rule and clamp. */
  readonly pose: CameraPose;
  readonly pitchRequested: number;
  /** True when pitch was lowered so tilt + pitch stays below the horizon. */
  readonly pitchClamped: boolean;
  /** True when pitch was ignored because the tilt is below PITCH_MIN_TILT_DEG. */
  readonly pitchIgnored: boolean;
  /** Compass bearing from the property to the camera. */
  readonly bearingDeg: number;
  /** Camera position, local metres relative to the ground point it orbits. */
  readonly position: Vec3;
  /** Unit look direction. */
  readonly forward: Vec3;
  /** Unit up direction of the image (perpendicular to forward). */
  readonly up: Vec3;
  readonly verticalFovDeg: number;
}

const normalizeDeg = (deg: number) => ((deg % 360) + 360) % 360;

const v = (x: number, y: number, z: number): Vec3 => ({ x, y, z });
const add = (a: Vec3, b: Vec3) => v(a.x + b.x, a.y + b.y, a.z + b.z);
const sub = (a: Vec3, b: Vec3) => v(a.x - b.x, a.y - b.y, a.z - b.z);
const scale = (a: Vec3, s: number) => v(a.x * s, a.y * s, a.z * s);
export const dot3 = (a: Vec3, b: Vec3) => a.x * b.x + a.y * b.y + a.z * b.z;
export const cross3 = (a: Vec3, b: Vec3) =>
  v(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x);
export const unit3 = (a: Vec3) => scale(a, 1 / Math.hypot(a.x, a.y, a.z));

/**
 * Resolves a pose around `target` (the property centre, local metres). The camera sits on the sphere of
 * radius `distance` at compass bearing (frontDirection ?? 0) + azimuth, `tilt` degrees off the vertical,
 * looking at the target; pitch then turns the view up about the camera's horizontal axis.
 */
export function resolveCamera(
  requested: CameraPose,
  frontDirectionDeg: number | undefined,
  target: Vec3 = v(0, 0, 0),
): ResolvedCamera {
  const { tilt, distance } = requested;
  const pitchIgnored = tilt < PITCH_MIN_TILT_DEG && requested.pitch > 0;
  const allowed = Math.max(0, MAX_LOOK_FROM_NADIR_DEG - tilt);
  const wanted = tilt < PITCH_MIN_TILT_DEG ? 0 : requested.pitch;
  const pitch = Math.min(wanted, allowed);
  const pitchClamped = wanted > allowed;
  const bearingDeg = normalizeDeg((frontDirectionDeg ?? 0) + requested.azimuth);

  // Horizontal unit vector from the target toward the camera.
  const out = v(Math.sin(bearingDeg * DEG), Math.cos(bearingDeg * DEG), 0);
  const position = add(
    target,
    add(scale(out, distance * Math.sin(tilt * DEG)), v(0, 0, distance * Math.cos(tilt * DEG))),
  );
  // Looking at the target, `look` degrees from nadir; the image top points away from the camera (−out)
  // even at nadir, so a front-facing pose shows the street at the bottom of the frame.
  const look = (tilt + pitch) * DEG;
  const away = scale(out, -1);
  const forward = unit3(add(scale(away, Math.sin(look)), v(0, 0, -Math.cos(look))));
  const up = unit3(add(scale(away, Math.cos(look)), v(0, 0, Math.sin(look))));
  return {
    pose: { azimuth: normalizeDeg(requested.azimuth), tilt, distance, pitch },
    pitchRequested: requested.pitch,
    pitchClamped,
    pitchIgnored,
    bearingDeg,
    position,
    forward,
    up,
    verticalFovDeg: VERTICAL_FOV_DEG,
  };
}

/**
 * Where a world point lands in the image: x, y in 0..1 from the top-left, and its depth along the view
 * (negative behind the camera). The same pinhole model three.js's PerspectiveCamera uses.
 */
export function projectToImage(camera: ResolvedCamera, point: Vec3, aspect: number) {
  const right = cross3(camera.forward, camera.up);
  const rel = sub(point, camera.position);
  const depth = dot3(rel, camera.forward);
  const tanHalf = Math.tan((camera.verticalFovDeg * DEG) / 2);
  const ndcX = dot3(rel, right) / (depth * tanHalf * aspect);
  const ndcY = dot3(rel, camera.up) / (depth * tanHalf);
  return { x: 0.5 + ndcX / 2, y: 0.5 - ndcY / 2, depth };
}
