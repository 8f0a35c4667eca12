// Re-framing a drone shot for another aspect ratio (the social renditions): the same subject, the addressed
// parcel, drawn by a camera framed for the new frame rather than cropped out of the 16:9 picture. Pure
// math over the camera model, in the scene's local metres (x east, y north, z up, the property centre at
// the origin), so the job steps plan with it and the tests check it against three.js's own projection.
//
// The still rule (reframeStill):
//   1. Keep the camera where it is and looking where it looks; choose only the vertical field of view. In
//      tan space (a point's offset from the view axis over its depth) the frame is a rectangle of half
//      height tan(fov/2) and half width that times the aspect, so both conditions are bounds on tan(fov/2):
//      every parcel corner inside the frame with FRAME_MARGIN clear on each side is a lower bound, and the
//      parcel covering at least the share of the frame it covered in the 16:9 original is an upper bound
//      (the share falls as the square of tan(fov/2)). Within those bounds the lens is the one whose frame
//      has the original's area in tan space (the original's lens turned to the new shape: a 9:16 frame is
//      the 16:9 one stood on its side), narrowed if the share needs it and widened if the corners need it.
//      It is also narrowed so that a frame whose original showed only ground does not reach over the
//      horizon (SKY_FREE_TOP_DEG): a tall frame would otherwise gain a band of haze and sky on top.
//   2. When no lens at that viewpoint meets both (a wide parcel in a tall frame, say), move the camera as a
//      pilot would: orbit by up to 90° either way so the parcel's long side runs along the frame's long
//      side, look down more steeply (down to straight down), pitch the gimbal down toward the property, or
//      back off (up to twice the distance), and choose the lens for each pose as in 1. Of the poses that
//      meet both conditions the one closest to the original wins: closeness is how far the camera moved,
//      seen from the property (metres over the original distance), plus the angles its look direction and
//      its image's up direction turned through.
//   3. If no pose meets both, the corners still go inside the frame: the pose whose share comes nearest
//      the original's is used with the tightest lens that contains the parcel, and the result says so.
// The footage rule (reframeFootage): the flight path does not change. One lens for the whole clip, chosen
// as in 1 at the path's end framing (the poster, the property centred) with the lower bound taken over
// the whole path, so the property stays inside the new frame from the first frame to the last; if the
// share at the end cannot also be kept, the property fitting wins and the result says so. Each frame then
// narrows that lens while its top would look over the horizon (SKY_FREE_TOP_DEG) higher than the
// original's did, never below the lens that holds the parcel (cappedFov, applied by AerialScene).
import type { Point } from '../../domain/geo-types.ts';
import {
  type CameraPose,
  cross3,
  DEG,
  dot3,
  PITCH_MIN_TILT_DEG,
  type ResolvedCamera,
  resolveCamera,
  type Vec3,
} from './camera-model.ts';
import { type FootagePath, poseAlong } from './presets.ts';

/** Share of the frame's width (left and right) and height (top and bottom) the parcel keeps clear of. */
export const FRAME_MARGIN = 0.05;
/**
 * The re-framed share is aimed this much above the original's, so a renderer projecting in its own
 * floating point arithmetic cannot land a hair below it.
 */
export const SHARE_HEADROOM = 1.001;
/**
 * The widest lens a re-frame picks while the conditions can be met (a wider one shows mostly sky and distant
 * ground); only keeping the parcel inside the frame, when nothing else can, goes wider.
 */
export const MAX_VERTICAL_FOV_DEG = 90;
/**
 * Without a parcel (a site source that knows no cadastre) the subject is a disc of this radius around the
 * property centre: a suburban lot's reach from its middle.
 */
export const NOMINAL_LOT_RADIUS_M = 20;

/** The subject to frame: the parcel's ring, or the nominal lot when the site knows no parcel. */
export function subjectOf(parcel: readonly Point[] | null | undefined): readonly Point[] {
  if (parcel && parcel.length >= 3) return parcel;
  return Array.from({ length: 16 }, (_, i) => ({
    x: NOMINAL_LOT_RADIUS_M * Math.cos((i * Math.PI) / 8),
    y: NOMINAL_LOT_RADIUS_M * Math.sin((i * Math.PI) / 8),
  }));
}

/** The near plane the composition gives a camera at this distance (aerial-scene.tsx's Rig). */
const nearPlane = (camera: ResolvedCamera) => Math.max(1, camera.pose.distance * 0.02);

interface CameraPoint {
  /** Along the image's right, its up, and the look direction, metres from the camera. */
  readonly x: number;
  readonly y: number;
  readonly depth: number;
}

function toCamera(camera: ResolvedCamera, p: Point): CameraPoint {
  const right = cross3(camera.forward, camera.up);
  const rel: Vec3 = { x: p.x - camera.position.x, y: p.y - camera.position.y, z: -camera.position.z };
  return { x: dot3(rel, right), y: dot3(rel, camera.up), depth: dot3(rel, camera.forward) };
}

/** Sutherland-Hodgman: the part of a polygon where `side` (linear along edges) is not negative. */
function clip<P>(poly: readonly P[], side: (p: P) => number, lerp: (a: P, b: P, t: number) => P): P[] {
  const out: P[] = [];
  poly.forEach((a, i) => {
    const b = poly[(i + 1) % poly.length]!;
    const sa = side(a);
    const sb = side(b);
    if (sa >= 0) out.push(a);
    if (sa >= 0 !== sb >= 0) out.push(lerp(a, b, sa / (sa - sb)));
  });
  return out;
}

function area(poly: readonly Point[]): number {
  let twice = 0;
  poly.forEach((a, i) => {
    const b = poly[(i + 1) % poly.length]!;
    twice += a.x * b.y - b.x * a.y;
  });
  return Math.abs(twice) / 2;
}

/** The subject's corners in tan space, or null when one is not in front of the near plane. */
function tanCorners(camera: ResolvedCamera, subject: readonly Point[]): Point[] | null {
  const near = nearPlane(camera);
  const out: Point[] = [];
  for (const corner of subject) {
    const c = toCamera(camera, corner);
    if (c.depth < near) return null;
    out.push({ x: c.x / c.depth, y: c.y / c.depth });
  }
  return out;
}

/**
 * Share of the frame (of this aspect, through the camera's own lens) the subject covers, the part outside
 * the frame or behind the near plane clipped away.
 */
export function subjectShare(camera: ResolvedCamera, aspect: number, subject: readonly Point[]): number {
  const near = nearPlane(camera);
  const inFront = clip(
    subject.map((p) => toCamera(camera, p)),
    (c) => c.depth - near,
    (a, b, t) => ({
      x: a.x + (b.x - a.x) * t,
      y: a.y + (b.y - a.y) * t,
      depth: a.depth + (b.depth - a.depth) * t,
    }),
  );
  const ty = Math.tan((camera.verticalFovDeg * DEG) / 2);
  const tx = ty * aspect;
  let poly = inFront.map((c) => ({ x: c.x / c.depth, y: c.y / c.depth }));
  const lerp = (a: Point, b: Point, t: number) => ({ x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t });
  for (const side of [
    (p: Point) => tx - p.x,
    (p: Point) => tx + p.x,
    (p: Point) => ty - p.y,
    (p: Point) => ty + p.y,
  ]) {
    if (poly.length === 0) break;
    poly = clip(poly, side, lerp);
  }
  return poly.length < 3 ? 0 : area(poly) / (4 * tx * ty);
}

/**
 * The subject's corners in the picture, in normalized picture coordinates (0-1, y down), each kept to the
 * frame: what a crop of the picture (the portal file) must keep in view. Corners behind the camera are left
 * out; none in front gives the picture's centre.
 */
export function subjectInPicture(camera: ResolvedCamera, aspect: number, subject: readonly Point[]): Point[] {
  const ty = Math.tan((camera.verticalFovDeg * DEG) / 2);
  const tx = ty * aspect;
  const near = nearPlane(camera);
  const clamp01 = (v: number) => Math.min(1, Math.max(0, v));
  const out = subject
    .map((p) => toCamera(camera, p))
    .filter((c) => c.depth >= near)
    .map((c) => ({ x: clamp01((c.x / c.depth / tx + 1) / 2), y: clamp01((1 - c.y / c.depth / ty) / 2) }));
  return out.length > 0 ? out : [{ x: 0.5, y: 0.5 }];
}

/**
 * How far out the subject's corners reach, as a share of the half-frame (1: on the frame's edge; framed with
 * the margin: at most 1 − 2·FRAME_MARGIN). Infinity when a corner is not in front of the camera.
 */
export function subjectReach(camera: ResolvedCamera, aspect: number, subject: readonly Point[]): number {
  const corners = tanCorners(camera, subject);
  if (!corners) return Number.POSITIVE_INFINITY;
  const ty = Math.tan((camera.verticalFovDeg * DEG) / 2);
  return Math.max(...corners.map((c) => Math.max(Math.abs(c.y) / ty, Math.abs(c.x) / (ty * aspect))));
}

const TAN_MAX = Math.tan((MAX_VERTICAL_FOV_DEG * DEG) / 2);
const fovOf = (tanHalf: number) => (2 * Math.atan(tanHalf)) / DEG;

/** The lens bounds of one viewpoint (tan of the half vertical field of view). */
interface LensFit {
  /** The narrowest lens that keeps every corner inside the frame with the margin. */
  readonly contain: number;
  /** The widest lens that keeps the share at the floor (capped at MAX_VERTICAL_FOV_DEG). */
  readonly widest: number;
  /** The lens chosen: the preferred one within the bounds (when they cross, the containing one). */
  readonly chosen: number;
}

function lensFit(
  camera: ResolvedCamera,
  subject: readonly Point[],
  aspect: number,
  floorShare: number,
  preferred: number,
): LensFit | null {
  const corners = tanCorners(camera, subject);
  if (!corners) return null;
  // A hair wider than exact, so a corner on the margin's line is not left a rounding error outside it.
  const contain =
    (Math.max(...corners.map((c) => Math.max(Math.abs(c.y), Math.abs(c.x) / aspect))) * (1 + 1e-9)) /
    (1 - 2 * FRAME_MARGIN);
  // share = area / (4·aspect·tan²): the floor is met while tan stays at or below this.
  const forShare = floorShare > 0 ? Math.sqrt(area(corners) / (4 * aspect * floorShare)) : Infinity;
  const widest = Math.min(forShare, TAN_MAX);
  return { contain, widest, chosen: Math.max(contain, Math.min(preferred, widest)) };
}

/**
 * How far from nadir the top of a re-framed frame may look when its original showed no sky: a wider
 * lens on a tall frame would otherwise reach over the horizon and add a band of haze and sky the 16:9
 * picture never had (AerialScene draws the sky once the top passes 86°).
 */
export const SKY_FREE_TOP_DEG = 84;

/** Where the top of the frame looks, in degrees from nadir (the composition's sky test reads the same). */
const frameTopDeg = (camera: ResolvedCamera) =>
  camera.pose.tilt + camera.pose.pitch + camera.verticalFovDeg / 2;

/**
 * A footage rendition's lens limit along its path (AerialScene applies it at every frame): the frame's top
 * looks no higher than `topDeg` from nadir, unless `minFovDeg` (the original's lens, or what keeps the
 * parcel in view) reaches higher, so a frame gains no sky the original did not have.
 */
export type SkyCap = { readonly topDeg: number; readonly minFovDeg: number };

/** The vertical field of view of a frame drawn through `fovDeg` under `cap` (none: `fovDeg`). */
export function cappedFov(
  fovDeg: number,
  pose: { readonly tilt: number; readonly pitch: number },
  cap: SkyCap | null | undefined,
): number {
  if (!cap) return fovDeg;
  return Math.min(fovDeg, 2 * Math.max(cap.topDeg - pose.tilt - pose.pitch, cap.minFovDeg / 2));
}

/**
 * The widest lens (tan of the half vertical field of view) that keeps this camera's frame below the
 * horizon, when the original's was; unbounded when the original showed the sky.
 */
function skyFreeLens(original: ResolvedCamera, camera: ResolvedCamera): number {
  if (frameTopDeg(original) > SKY_FREE_TOP_DEG) return Number.POSITIVE_INFINITY;
  const half = SKY_FREE_TOP_DEG - camera.pose.tilt - camera.pose.pitch;
  return half > 0 ? Math.tan(half * DEG) : 0;
}

/** The original's lens turned to the new shape: the same frame area in tan space. */
function lensFor(original: ResolvedCamera, originalAspect: number, aspect: number): number {
  return Math.tan((original.verticalFovDeg * DEG) / 2) * Math.sqrt(originalAspect / aspect);
}

export interface ReframeRequest {
  /** The subject's ring on the ground, scene metres (subjectOf: the parcel or the nominal lot). */
  readonly subject: readonly Point[];
  /** The original shot's camera, its own lens included. */
  readonly original: ResolvedCamera;
  /** The front direction the original was resolved with (azimuths are relative to it). */
  readonly frontDirection: number | undefined;
  /** Width over height of the original frame and of the new one. */
  readonly originalAspect: number;
  readonly aspect: number;
}

export interface Reframed {
  /** The camera for the new frame: pose (as resolved) and vertical field of view. */
  readonly camera: ResolvedCamera;
  /**
   * 'lens': the original pose with a new lens; 'pose': the pose moved too (step 2 of the rule);
   * 'contain': no pose kept the share, so the corners are inside but the share is below the original's.
   */
  readonly rule: 'lens' | 'pose' | 'contain';
  /** The subject's share of the original frame (clipped to it), and of the new one. */
  readonly originalShare: number;
  readonly share: number;
  /** subjectReach of the new camera: at most 1 − 2·FRAME_MARGIN. */
  readonly reach: number;
}

const angle = (a: Vec3, b: Vec3) => Math.acos(Math.min(1, Math.max(-1, dot3(a, b))));

/** How far a camera is from the original: its move seen from the property, plus its turns (radians). */
function poseCost(original: ResolvedCamera, camera: ResolvedCamera): number {
  const p = original.position;
  const q = camera.position;
  const moved = Math.hypot(q.x - p.x, q.y - p.y, q.z - p.z) / original.pose.distance;
  return moved + angle(original.forward, camera.forward) + angle(original.up, camera.up);
}

/** Every step from `from` down to 0 in `step`s, `from` first. */
function downTo0(from: number, step: number): number[] {
  const out = [from];
  for (let x = Math.ceil(from / step - 1e-9) * step - step; x > 0; x -= step) out.push(x);
  if (from > 0) out.push(0);
  return out;
}

const AZIMUTH_OFFSETS = [0, ...Array.from({ length: 18 }, (_, i) => [(i + 1) * 5, -(i + 1) * 5]).flat()];
const DISTANCE_FACTORS = [1, 1.25, 1.5, 2];

/** The poses a pilot might fly instead of the original, nearest changes first (step 2 of the rule). */
function candidatePoses(original: CameraPose): CameraPose[] {
  const poses: CameraPose[] = [];
  for (const factor of DISTANCE_FACTORS)
    for (const tilt of downTo0(original.tilt, 5))
      for (const pitch of tilt < PITCH_MIN_TILT_DEG ? [0] : downTo0(original.pitch, 5))
        for (const offset of AZIMUTH_OFFSETS)
          poses.push({
            azimuth: original.azimuth + offset,
            tilt,
            distance: original.distance * factor,
            pitch,
          });
  return poses;
}

/** The camera for the same subject in a frame of another aspect (the still rule at the top of the file). */
export function reframeStill(request: ReframeRequest): Reframed {
  const { subject, original, frontDirection, aspect } = request;
  const originalShare = subjectShare(original, request.originalAspect, subject);
  const floor = originalShare * SHARE_HEADROOM;
  const preferred = Math.min(lensFor(original, request.originalAspect, aspect), TAN_MAX);
  const done = (camera: ResolvedCamera, tan: number, rule: Reframed['rule']): Reframed => {
    const framed = { ...camera, verticalFovDeg: fovOf(tan) };
    return {
      camera: framed,
      rule,
      originalShare,
      share: subjectShare(framed, aspect, subject),
      reach: subjectReach(framed, aspect, subject),
    };
  };

  // Preferred, but not so wide that a frame that showed only ground gains sky.
  const preferredFor = (camera: ResolvedCamera) => Math.min(preferred, skyFreeLens(original, camera));
  const same = lensFit(original, subject, aspect, floor, preferredFor(original));
  if (same && same.contain <= same.widest) return done(original, same.chosen, 'lens');

  let best: { camera: ResolvedCamera; tan: number; cost: number } | undefined;
  let nearest: { camera: ResolvedCamera; tan: number; slack: number } | undefined;
  for (const pose of candidatePoses(original.pose)) {
    const resolved = resolveCamera(pose, frontDirection);
    // The request's pitch and what the pitch rule did to it stay as they were; the pose shows the move.
    const camera: ResolvedCamera = {
      ...resolved,
      pitchRequested: original.pitchRequested,
      pitchClamped: original.pitchClamped,
      pitchIgnored: original.pitchIgnored,
      verticalFovDeg: original.verticalFovDeg,
    };
    const fit = lensFit(camera, subject, aspect, floor, preferredFor(camera));
    if (!fit) continue;
    if (fit.contain <= fit.widest) {
      const cost = poseCost(original, camera);
      if (!best || cost < best.cost) best = { camera, tan: fit.chosen, cost };
    } else if (!best) {
      const slack = fit.widest / fit.contain;
      if (!nearest || slack > nearest.slack) nearest = { camera, tan: fit.contain, slack };
    }
  }
  if (best) return done(best.camera, best.tan, 'pose');
  if (nearest) return done(nearest.camera, nearest.tan, 'contain');
  // Nothing in front of any camera: a parcel under the drone itself. The lens alone, as wide as allowed.
  return done(original, TAN_MAX, 'contain');
}

export interface FootageReframeRequest {
  readonly subject: readonly Point[];
  readonly path: FootagePath;
  readonly frontDirection: number | undefined;
  /** The original clip's lens (VERTICAL_FOV_DEG unless it was given one). */
  readonly originalVerticalFovDeg: number;
  readonly originalAspect: number;
  readonly aspect: number;
}

export interface FootageFraming {
  /** The clip's widest lens; each frame's is this under skyCap (cappedFov). */
  readonly verticalFovDeg: number;
  /** The lens limit applied at every frame, so no frame shows more sky than the original's. */
  readonly skyCap: SkyCap;
  /** 'share': the end framing keeps at least the original's share; 'contain': fitting the property won. */
  readonly rule: 'share' | 'contain';
  /** The subject's share of the original end frame (clipped to it), and of the new one. */
  readonly originalEndShare: number;
  readonly endShare: number;
  /** The largest subjectReach over the sampled path: at most 1 − 2·FRAME_MARGIN. */
  readonly reach: number;
}

/** Points along the path where the corners are checked (the path is smooth; the end is one of them). */
export const FOOTAGE_SAMPLES = 241;

/** The lens for a footage path in a frame of another aspect (the footage rule at the top of the file). */
export function reframeFootage(request: FootageReframeRequest): FootageFraming {
  const { subject, path, frontDirection, aspect } = request;
  const cameraAt = (t: number): ResolvedCamera => ({
    ...resolveCamera(poseAlong(path, t), frontDirection),
    verticalFovDeg: request.originalVerticalFovDeg,
  });
  const end = cameraAt(1);
  const originalEndShare = subjectShare(end, request.originalAspect, subject);
  const preferred = Math.min(lensFor(end, request.originalAspect, aspect), TAN_MAX);
  const endFit = lensFit(end, subject, aspect, originalEndShare * SHARE_HEADROOM, preferred);
  let contain = endFit?.contain ?? TAN_MAX;
  const samples: ResolvedCamera[] = [];
  for (let i = 0; i < FOOTAGE_SAMPLES; i++) samples.push(cameraAt(i / (FOOTAGE_SAMPLES - 1)));
  for (const camera of samples)
    contain = Math.max(contain, lensFit(camera, subject, aspect, 0, 0)?.contain ?? 0);
  const widest = endFit?.widest ?? TAN_MAX;
  const tan = Math.max(contain, Math.min(preferred, widest));
  const verticalFovDeg = fovOf(tan);
  // Each frame narrows from there while its top would look over the horizon the original kept below,
  // never below what holds the parcel (contain) nor below the original's own lens.
  const skyCap: SkyCap = {
    topDeg: SKY_FREE_TOP_DEG,
    minFovDeg: Math.max(fovOf(contain), request.originalVerticalFovDeg),
  };
  const framed = (c: ResolvedCamera): ResolvedCamera => ({
    ...c,
    verticalFovDeg: cappedFov(verticalFovDeg, c.pose, skyCap),
  });
  return {
    verticalFovDeg,
    skyCap,
    rule: contain <= widest ? 'share' : 'contain',
    originalEndShare,
    endShare: subjectShare(framed(end), aspect, subject),
    reach: Math.max(...samples.map((c) => subjectReach(framed(c), aspect, subject))),
  };
}
