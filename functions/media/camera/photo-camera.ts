// The camera of a caller's drone photo: where it was (position and height above the ground), which way it
// looked (yaw, pitch, roll, as DJI's gimbal reports them) and its lens (field of view, optionally the
// photo's own calibration). Pure math. Ground is the flat plane z = 0 of local metres (x east, y north,
// z up) around the point under the camera; pixel coordinates run from (0, 0), the top-left corner of the
// top-left pixel, to (width, height), so a normalized image point is (x / width, y / height).
//
// Rotation convention (DJI's, the aerospace one): yaw is the compass heading of the optical axis (0 north,
// clockwise), pitch its angle above the horizon (-90 looks straight down; the top of the picture then faces
// the yaw), positive roll turns the camera clockwise about its optical axis as the photographer sees it (right
// side down).
import type { Point } from '../../domain/geo-types.ts';
import type { Homography } from '../../domain/geometry/homography.ts';
import { clipRingToHalfPlane } from '../../domain/geometry/polygon.ts';
import { cross3, DEG, dot3, type Vec3 } from './camera-model.ts';

interface PhotoPose {
  /** Height of the camera above the ground plane, metres (DJI: RelativeAltitude, from the take-off point). */
  readonly heightM: number;
  readonly yawDeg: number;
  readonly pitchDeg: number;
  readonly rollDeg: number;
}

/**
 * Brown-Conrady lens calibration in pixels of the full photo (DJI's DewarpData): focal lengths, principal
 * point and distortion coefficients. Without it the lens is an ideal pinhole centred on the frame.
 */
export interface LensCalibration {
  readonly fx: number;
  readonly fy: number;
  readonly cx: number;
  readonly cy: number;
  readonly k1: number;
  readonly k2: number;
  readonly p1: number;
  readonly p2: number;
  readonly k3: number;
}

export interface PhotoCamera {
  readonly pose: PhotoPose;
  readonly width: number;
  readonly height: number;
  /** Horizontal field of view of the ideal pinhole; ignored for the focal length when `lens` is given. */
  readonly horizontalFovDeg: number;
  readonly lens?: LensCalibration;
}

/** The camera's axes in local metres: optical axis, right and up of the picture. */
interface CameraAxes {
  readonly forward: Vec3;
  readonly right: Vec3;
  readonly up: Vec3;
}

const v = (x: number, y: number, z: number): Vec3 => ({ x, y, z });

function cameraAxes(pose: Pick<PhotoPose, 'yawDeg' | 'pitchDeg' | 'rollDeg'>): CameraAxes {
  const yaw = pose.yawDeg * DEG;
  const pitch = pose.pitchDeg * DEG;
  const roll = pose.rollDeg * DEG;
  const forward = v(Math.sin(yaw) * Math.cos(pitch), Math.cos(yaw) * Math.cos(pitch), Math.sin(pitch));
  // Level right-hand side of the view, then the picture's up; at pitch -90 up points along the yaw.
  const level = v(Math.cos(yaw), -Math.sin(yaw), 0);
  const up0 = cross3(level, forward);
  // Positive roll lowers the right-hand side (a rotation about the optical axis).
  const right = v(
    level.x * Math.cos(roll) - up0.x * Math.sin(roll),
    level.y * Math.cos(roll) - up0.y * Math.sin(roll),
    level.z * Math.cos(roll) - up0.z * Math.sin(roll),
  );
  const up = v(
    up0.x * Math.cos(roll) + level.x * Math.sin(roll),
    up0.y * Math.cos(roll) + level.y * Math.sin(roll),
    up0.z * Math.cos(roll) + level.z * Math.sin(roll),
  );
  return { forward, right, up };
}

/** Pinhole intrinsics: focal lengths and principal point in pixels. */
interface Intrinsics {
  readonly fx: number;
  readonly fy: number;
  readonly cx: number;
  readonly cy: number;
}

function intrinsicsOf(camera: PhotoCamera): Intrinsics {
  if (camera.lens) {
    const { fx, fy, cx, cy } = camera.lens;
    return { fx, fy, cx, cy };
  }
  const f = camera.width / 2 / Math.tan((camera.horizontalFovDeg * DEG) / 2);
  return { fx: f, fy: f, cx: camera.width / 2, cy: camera.height / 2 };
}

/** The camera-frame coordinates of a ground point: right, up and depth along the optical axis. */
function cameraCoordinates(camera: PhotoCamera, ground: Point): Vec3 {
  const axes = cameraAxes(camera.pose);
  const d = v(ground.x, ground.y, -camera.pose.heightM);
  return v(dot3(d, axes.right), dot3(d, axes.up), dot3(d, axes.forward));
}

/** Applies the lens's distortion to ideal normalized coordinates (a right, b down, at depth 1). */
export function distort(lens: LensCalibration, a: number, b: number): { a: number; b: number } {
  const r2 = a * a + b * b;
  const radial = 1 + lens.k1 * r2 + lens.k2 * r2 * r2 + lens.k3 * r2 * r2 * r2;
  return {
    a: a * radial + 2 * lens.p1 * a * b + lens.p2 * (r2 + 2 * a * a),
    b: b * radial + lens.p1 * (r2 + 2 * b * b) + 2 * lens.p2 * a * b,
  };
}

/** Inverts distort by fixed-point iteration (converges for the small distortions of camera lenses). */
export function undistort(lens: LensCalibration, a: number, b: number): { a: number; b: number } {
  let x = a;
  let y = b;
  for (let i = 0; i < 20; i += 1) {
    const d = distort(lens, x, y);
    const ex = d.a - a;
    const ey = d.b - b;
    x -= ex;
    y -= ey;
    if (Math.abs(ex) + Math.abs(ey) < 1e-12) break;
  }
  return { a: x, b: y };
}

/** Where a ground point appears in the photo, in pixels; undefined when it is behind the camera. */
export function groundToPixel(camera: PhotoCamera, ground: Point): Point | undefined {
  const c = cameraCoordinates(camera, ground);
  if (c.z <= 1e-6) return undefined;
  const k = intrinsicsOf(camera);
  let a = c.x / c.z;
  let b = -c.y / c.z;
  if (camera.lens) ({ a, b } = distort(camera.lens, a, b));
  return { x: k.cx + k.fx * a, y: k.cy + k.fy * b };
}

/**
 * The homography from undistorted pixel coordinates to ground metres (x east, y north) around the point
 * under the camera. A pixel at or above the horizon maps to w <= 0: not ground.
 */
export function pinholeImageToGround(camera: PhotoCamera): Homography {
  const { forward: f, right: r, up: u } = cameraAxes(camera.pose);
  const k = intrinsicsOf(camera);
  // The ray of pixel (px, py) is f + a r - b u with a = (px - cx) / fx, b = (py - cy) / fy: linear in px, py.
  const col = (px: number, py: number, one: number): Vec3 => ({
    x: (r.x * px) / k.fx - (u.x * py) / k.fy + one * (f.x - (r.x * k.cx) / k.fx + (u.x * k.cy) / k.fy),
    y: (r.y * px) / k.fx - (u.y * py) / k.fy + one * (f.y - (r.y * k.cx) / k.fx + (u.y * k.cy) / k.fy),
    z: (r.z * px) / k.fx - (u.z * py) / k.fy + one * (f.z - (r.z * k.cx) / k.fx + (u.z * k.cy) / k.fy),
  });
  const cx = col(1, 0, 0);
  const cy = col(0, 1, 0);
  const c1 = col(0, 0, 1);
  const h = camera.pose.heightM;
  // The ray from (0, 0, h) meets z = 0 at h * (dx, dy) / -dz.
  return [h * cx.x, h * cy.x, h * c1.x, h * cx.y, h * cy.y, h * c1.y, -cx.z, -cy.z, -c1.z];
}

/** Pixel coordinates with the lens's distortion taken out (the pinhole homographies work on these). */
export function undistortPixel(lens: LensCalibration | undefined, pixel: Point): Point {
  if (!lens) return pixel;
  const u = undistort(lens, (pixel.x - lens.cx) / lens.fx, (pixel.y - lens.cy) / lens.fy);
  return { x: lens.cx + lens.fx * u.a, y: lens.cy + lens.fy * u.b };
}

/** A linear function of a ground point, f(p) = a x + b y + c: one side of a clipping plane. */
interface HalfPlane {
  readonly a: number;
  readonly b: number;
  readonly c: number;
}

/** Minimum depth of a visible ground point, metres (also keeps the horizon's infinities out). */
const NEAR_M = 0.5;

/**
 * The ground under the picture, as half-planes: a ground point is in view when every function is >= 0.
 * The frame's edges are those of the undistorted picture (the pinhole's), shrunk to the part of the frame
 * the lens's distortion keeps in view when there is a calibration.
 */
function viewHalfPlanes(camera: PhotoCamera): HalfPlane[] {
  const { forward: f, right: r, up: u } = cameraAxes(camera.pose);
  const h = camera.pose.heightM;
  // Camera coordinates of ground point (x, y, 0) relative to (0, 0, h): linear functions of x, y.
  const lin = (axis: Vec3): HalfPlane => ({ a: axis.x, b: axis.y, c: -h * axis.z });
  const X = lin(r);
  const Y = lin(u);
  const Z = lin(f);
  const k = intrinsicsOf(camera);
  let aMin = -k.cx / k.fx;
  let aMax = (camera.width - k.cx) / k.fx;
  let bMin = -k.cy / k.fy;
  let bMax = (camera.height - k.cy) / k.fy;
  if (camera.lens) {
    // Undistort the frame's edge midpoints and corners; keep the innermost, so clipped points stay in frame.
    const edge = (px: number, py: number) => undistort(camera.lens!, (px - k.cx) / k.fx, (py - k.cy) / k.fy);
    const W = camera.width;
    const H = camera.height;
    aMin = Math.max(edge(0, H / 2).a, edge(0, 0).a, edge(0, H).a);
    aMax = Math.min(edge(W, H / 2).a, edge(W, 0).a, edge(W, H).a);
    bMin = Math.max(edge(W / 2, 0).b, edge(0, 0).b, edge(W, 0).b);
    bMax = Math.min(edge(W / 2, H).b, edge(0, H).b, edge(W, H).b);
  }
  const combine = (p: HalfPlane, sp: number, q: HalfPlane, sq: number): HalfPlane => ({
    a: sp * p.a + sq * q.a,
    b: sp * p.b + sq * q.b,
    c: sp * p.c + sq * q.c,
  });
  return [
    { a: Z.a, b: Z.b, c: Z.c - NEAR_M },
    // a = X / Z >= aMin  <=>  X - aMin Z >= 0 (Z > 0 in front), and so on; b = -Y / Z runs down.
    combine(X, 1, Z, -aMin),
    combine(Z, aMax, X, -1),
    combine(Y, -1, Z, -bMin),
    combine(Z, bMax, Y, 1),
  ];
}

/** The part of a ground polygon (local metres) the photo shows, as a ground polygon (maybe empty). */
export function clipToView(camera: PhotoCamera, ring: readonly Point[]): Point[] {
  let clipped: Point[] = [...ring];
  for (const plane of viewHalfPlanes(camera)) {
    if (clipped.length === 0) break;
    clipped = clipRingToHalfPlane(clipped, (p) => plane.a * p.x + plane.b * p.y + plane.c);
  }
  return clipped;
}

/**
 * Splits each edge so that no piece spans more than `maxPieceM` metres, so that a straight fence keeps its
 * curve through a distorting lens; at most `maxVertices` in all.
 */
export function densify(ring: readonly Point[], maxPieceM: number, maxVertices: number): Point[] {
  let total = 0;
  for (let i = 0; i < ring.length; i += 1) {
    const p = ring[i]!;
    const q = ring[(i + 1) % ring.length]!;
    total += Math.hypot(q.x - p.x, q.y - p.y);
  }
  const piece = Math.max(maxPieceM, total / Math.max(1, maxVertices - ring.length));
  const out: Point[] = [];
  for (let i = 0; i < ring.length; i += 1) {
    const p = ring[i]!;
    const q = ring[(i + 1) % ring.length]!;
    const n = Math.max(1, Math.ceil(Math.hypot(q.x - p.x, q.y - p.y) / piece));
    for (let k = 0; k < n; k += 1)
      out.push({ x: p.x + ((q.x - p.x) * k) / n, y: p.y + ((q.y - p.y) * k) / n });
  }
  return out;
}
