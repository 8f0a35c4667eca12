// The social renditions of a drone shot are framed again by the camera: checked here against three.js's
// own projection, not the framing code's. For every angle preset and distance, free poses, a long wide
// parcel and a site without a parcel, each rendition's camera is built as AerialScene builds it (the pose
// resolved, its props' lens, the composition's aspect) and the parcel's corners are projected: all inside
// the frame with the margin, and covering at least the share of the frame they cover in the 16:9 original
// (that original's polygon clipped to its frame first). Footage is checked at every frame of the clip.
import * as THREE from 'three';
import { afterAll, describe, expect, it } from 'vitest';
import { parseAustralianAddress } from '../../../functions/domain/address/address-parser.ts';
import type { Point } from '../../../functions/domain/geo-types.ts';
import { polygonCentroid } from '../../../functions/domain/geometry/polygon.ts';
import { planFootage, planPresetStill, planStill } from '../../../functions/jobs/drone/outputs.ts';
import { planFootageRendition, planStillRendition } from '../../../functions/jobs/drone/renditions.ts';
import type { PreparedAerialScene } from '../../../functions/jobs/drone/scene-input.ts';
import {
  type CameraPose,
  resolveCamera,
  VERTICAL_FOV_DEG,
} from '../../../functions/media/camera/camera-model.ts';
import {
  ANGLE_PRESETS,
  DISTANCE_PRESETS,
  type DistancePreset,
  FOOTAGE_PATHS,
  FOOTAGE_STYLES,
  poseAlong,
} from '../../../functions/media/camera/presets.ts';
import { FRAME_MARGIN, SKY_FREE_TOP_DEG } from '../../../functions/media/camera/reframe.ts';
import {
  AERIAL_FOOTAGE,
  AERIAL_FOOTAGE_RENDITIONS,
  AERIAL_STILL,
  AERIAL_STILL_RENDITIONS,
  type AerialSceneProps,
  SOCIAL_RENDITIONS,
} from '../../../functions/media/remotion/aerial-compositions.ts';
import { SyntheticSiteSource, syntheticLayout } from '../../../functions/media/site/synthetic-site.ts';
import { SYNTHETIC_PROVENANCE } from '../../support/fakes.ts';

const baseScene: PreparedAerialScene = {
  sceneProps: {
    sceneUrl: 'https://media.test/scene.json',
    groundImage: 'https://media.test/ground.jpg',
    groundSizeM: 768,
    farGroundImage: 'https://media.test/far.jpg',
    farTileM: 400,
  },
  propertyCenter: { lat: -33.882, lng: 151.2 },
  siteProvider: 'offline-synthetic',
  imageryProvider: 'offline-synthetic-render',
  buildings: 1,
  imagery: SYNTHETIC_PROVENANCE,
};

/** The addressed parcel of the synthetic site around the centroid, as the scene preparation records it. */
async function syntheticParcel(address: string): Promise<{ parcel: Point[]; front: number }> {
  const parsed = parseAustralianAddress(address);
  if (!parsed.ok) throw new Error(parsed.problems.join('; '));
  const site = await new SyntheticSiteSource().siteAround({ lat: -33.882, lng: 151.2 }, parsed.address, 550);
  const lot = site.parcels.find((p) => p.addressed)!;
  const c = polygonCentroid(lot.polygon);
  return {
    parcel: lot.polygon.map((p) => ({ x: p.x - c.x, y: p.y - c.y })),
    front: syntheticLayout(parsed.address).frontBearingDeg,
  };
}

/** A 100 m by 25 m lot, its long side 20° off east-west: wider than a 9:16 frame holds from the front. */
const LONG_WIDE: Point[] = [
  [-50, -12.5],
  [50, -12.5],
  [50, 12.5],
  [-50, 12.5],
].map(([x, y]) => {
  const a = (20 * Math.PI) / 180;
  return { x: x! * Math.cos(a) - y! * Math.sin(a), y: x! * Math.sin(a) + y! * Math.cos(a) };
});

/** An L-shaped lot (concave), to check the area is the polygon's, not its hull's. */
const L_SHAPED: Point[] = [
  { x: -20, y: -25 },
  { x: 20, y: -25 },
  { x: 20, y: 0 },
  { x: 0, y: 0 },
  { x: 0, y: 25 },
  { x: -20, y: 25 },
];

/** Where the nominal lot is drawn when the site knows no parcel: a 20 m disc (16 corners). */
const NOMINAL: Point[] = Array.from({ length: 16 }, (_, i) => ({
  x: 20 * Math.cos((i * Math.PI) / 8),
  y: 20 * Math.sin((i * Math.PI) / 8),
}));

/** The camera AerialScene's Rig sets up for these props in a composition of this size. */
function compositionCamera(props: Record<string, unknown>, width: number, height: number, frame = 0) {
  const p = props as unknown as AerialSceneProps;
  const pose =
    p.camera.kind === 'pose'
      ? p.camera.pose
      : poseAlong(
          FOOTAGE_PATHS[p.camera.style],
          p.durationInFrames > 1 ? frame / (p.durationInFrames - 1) : 1,
        );
  const resolved = resolveCamera(pose, p.frontDirection ?? undefined);
  let fov = p.verticalFovDeg ? p.verticalFovDeg : resolved.verticalFovDeg;
  // A footage rendition's limit, as AerialScene applies it at each frame: the top of the frame no higher
  // than skyCap.topDeg from nadir, unless the floor lens reaches higher.
  if (p.skyCap) {
    const look = resolved.pose.tilt + resolved.pose.pitch;
    fov = Math.min(fov, 2 * Math.max(p.skyCap.topDeg - look, p.skyCap.minFovDeg / 2));
  }
  const camera = new THREE.PerspectiveCamera(fov, width / height, Math.max(1, pose.distance * 0.02), 60_000);
  const { position: o, forward: f, up: u } = resolved;
  camera.position.set(o.x, o.y, o.z);
  camera.up.set(u.x, u.y, u.z);
  camera.lookAt(o.x + f.x, o.y + f.y, o.z + f.z);
  camera.updateProjectionMatrix();
  camera.updateMatrixWorld();
  return camera;
}

/** How far from nadir the top centre of the frame looks, in degrees. */
function topFromNadir(camera: THREE.PerspectiveCamera): number {
  const ray = new THREE.Vector3(0, 1, 0.5).unproject(camera).sub(camera.position).normalize();
  return (Math.acos(-ray.z) * 180) / Math.PI;
}

/** The parcel's corners in normalised device coordinates (the frame is -1..1 both ways). */
function projected(camera: THREE.PerspectiveCamera, parcel: readonly Point[]): Point[] {
  return parcel.map((p) => {
    const v = new THREE.Vector3(p.x, p.y, 0);
    // In front of the camera (three looks down its own -z), so the projection is the picture.
    expect(v.clone().applyMatrix4(camera.matrixWorldInverse).z).toBeLessThan(-camera.near);
    const n = v.project(camera);
    return { x: n.x, y: n.y };
  });
}

function polygonArea(poly: readonly Point[]): number {
  let twice = 0;
  for (let i = 0; i < poly.length; i++) {
    const a = poly[i]!;
    const b = poly[(i + 1) % poly.length]!;
    twice += a.x * b.y - b.x * a.y;
  }
  return Math.abs(twice) / 2;
}

/** The polygon cut to the frame (-1..1 both ways), one edge of the frame at a time. */
function clipToFrame(poly: readonly Point[]): Point[] {
  let out = [...poly];
  const edges: ((p: Point) => number)[] = [(p) => 1 - p.x, (p) => 1 + p.x, (p) => 1 - p.y, (p) => 1 + p.y];
  for (const inside of edges) {
    const input = out;
    out = [];
    for (let i = 0; i < input.length; i++) {
      const a = input[i]!;
      const b = input[(i + 1) % input.length]!;
      const [da, db] = [inside(a), inside(b)];
      if (da >= 0) out.push(a);
      if (da >= 0 !== db >= 0) {
        const t = da / (da - db);
        out.push({ x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t });
      }
    }
  }
  return out;
}

/** Share of the frame the parcel covers: its projected polygon, clipped to the frame, over the frame's area (4). */
const shareOf = (ndc: readonly Point[]) => polygonArea(clipToFrame(ndc)) / 4;
const reachOf = (ndc: readonly Point[]) =>
  Math.max(...ndc.map((p) => Math.max(Math.abs(p.x), Math.abs(p.y))));

/** The worst cases found, printed at the end. */
const worst = { slack: Number.POSITIVE_INFINITY, ratio: Number.POSITIVE_INFINITY, slackAt: '', ratioAt: '' };
const rules = new Map<string, number>();
function record(label: string, reach: number, ratio: number, rule: string) {
  const slack = 1 - 2 * FRAME_MARGIN - reach;
  if (slack < worst.slack) Object.assign(worst, { slack, slackAt: label });
  if (ratio < worst.ratio) Object.assign(worst, { ratio, ratioAt: label });
  rules.set(rule, (rules.get(rule) ?? 0) + 1);
}
afterAll(() => {
  console.log(
    `reframe: worst margin slack ${worst.slack.toExponential(2)} (NDC, ${worst.slackAt}); worst share ratio ${worst.ratio.toFixed(4)} (${worst.ratioAt}); rules ${JSON.stringify(Object.fromEntries(rules))}`,
  );
});

/** Checks a still rendition of `original` against three.js; returns the rule used. */
function checkStill(
  scene: PreparedAerialScene,
  parcel: readonly Point[],
  original: ReturnType<typeof planStill>,
  label: string,
): string[] {
  const before = projected(
    compositionCamera(original.request.inputProps, AERIAL_STILL.width, AERIAL_STILL.height),
    parcel,
  );
  const originalShare = shareOf(before);
  return SOCIAL_RENDITIONS.map((rendition) => {
    const plan = planStillRendition(scene, original, rendition);
    const format = AERIAL_STILL_RENDITIONS[rendition];
    expect(plan.request.composition).toBe(format.id);
    expect([plan.width, plan.height]).toEqual([format.width, format.height]);
    const ndc = projected(compositionCamera(plan.request.inputProps, format.width, format.height), parcel);
    const reach = reachOf(ndc);
    const share = shareOf(ndc);
    const at = `${label} ${rendition}`;
    expect(reach, at).toBeLessThanOrEqual(1 - 2 * FRAME_MARGIN + 1e-9);
    expect(share, at).toBeGreaterThanOrEqual(originalShare);
    // The report is the pose drawn.
    const drawn = (plan.request.inputProps as unknown as AerialSceneProps).camera;
    expect(drawn).toEqual({ kind: 'pose', pose: plan.camera.pose });
    expect(plan.pose.tilt).toBeCloseTo(plan.camera.pose.tilt, 2);
    record(at, reach, share / originalShare, plan.framing.rule);
    return plan.framing.rule;
  });
}

const sceneWith = (parcel: readonly Point[] | undefined): PreparedAerialScene =>
  parcel ? { ...baseScene, parcel } : baseScene;

describe('re-framed drone stills, checked with three.js', () => {
  const addresses = [
    '10 Wattle Street, Ultimo NSW 2007',
    '3 Smith Road, Parramatta NSW 2150',
    '88 Long Avenue, Ballarat VIC 3350',
  ];

  it.each(addresses)(
    'frame the synthetic parcel of %s for every preset and distance by the lens alone',
    async (address) => {
      const { parcel, front } = await syntheticParcel(address);
      const scene = sceneWith(parcel);
      for (const angle of ANGLE_PRESETS)
        for (const distance of Object.keys(DISTANCE_PRESETS) as DistancePreset[]) {
          const original = planPresetStill(scene, { angle, distance, front_direction: front });
          const used = checkStill(scene, parcel, original, `${address} ${angle} ${distance}`);
          // A house lot fits every social shape from every preset without moving the drone.
          expect(used).toEqual(['lens', 'lens', 'lens']);
        }
    },
  );

  const free: [string, CameraPose, number | undefined][] = [
    ['pitched toward the horizon', { azimuth: 10, tilt: 60, distance: 250, pitch: 20 }, 90],
    ['low and close', { azimuth: -30, tilt: 70, distance: 80, pitch: 0 }, 200],
    ['straight down, close', { azimuth: 0, tilt: 0, distance: 90, pitch: 0 }, undefined],
    ['shallow and far', { azimuth: 120, tilt: 78, distance: 500, pitch: 5 }, 15],
    ['pitch clamped', { azimuth: 200, tilt: 70, distance: 300, pitch: 40 }, 330],
  ];

  it.each(free)('frame a free pose (%s) for every parcel shape', (_label, pose, front) => {
    for (const [name, parcel] of [
      ['long wide', LONG_WIDE],
      ['L-shaped', L_SHAPED],
    ] as const) {
      const scene = sceneWith(parcel);
      checkStill(scene, parcel, planStill(scene, pose, front, undefined), `${_label} ${name}`);
    }
  });

  it('frame a long wide parcel from every preset and distance, moving the drone where the lens cannot', () => {
    const scene = sceneWith(LONG_WIDE);
    const used = new Set<string>();
    for (const front of [0, 20, 110])
      for (const angle of ANGLE_PRESETS)
        for (const distance of Object.keys(DISTANCE_PRESETS) as DistancePreset[]) {
          const original = planPresetStill(scene, { angle, distance, front_direction: front });
          for (const rule of checkStill(
            scene,
            LONG_WIDE,
            original,
            `long wide ${front} ${angle} ${distance}`,
          ))
            used.add(rule);
        }
    // Both halves of the rule are exercised, and nothing falls back to fitting alone.
    expect(used).toContain('lens');
    expect(used).toContain('pose');
    expect(used).not.toContain('contain');
  });

  it('frame the nominal lot where the site knows no parcel', () => {
    for (const angle of ANGLE_PRESETS)
      checkStill(
        baseScene,
        NOMINAL,
        planPresetStill(baseScene, { angle, front_direction: 45 }),
        `no parcel ${angle}`,
      );
  });

  it('still frame the whole parcel when the original showed only part of it, saying the share fell', () => {
    // A 160 m by 40 m lot straight below a drone 90 m up: the 16:9 original crops it, so no square frame that
    // holds all of it can give it that much of the frame; the corners go in and the plan says so.
    const huge = LONG_WIDE.map((p) => ({ x: p.x * 1.6, y: p.y * 1.6 }));
    const scene = sceneWith(huge);
    const original = planStill(scene, { azimuth: 0, tilt: 0, distance: 90, pitch: 0 }, undefined, undefined);
    const before = shareOf(
      projected(
        compositionCamera(original.request.inputProps, AERIAL_STILL.width, AERIAL_STILL.height),
        huge,
      ),
    );
    const plan = planStillRendition(scene, original, 'social_square');
    expect(plan.framing.rule).toBe('contain');
    const format = AERIAL_STILL_RENDITIONS.social_square;
    const ndc = projected(compositionCamera(plan.request.inputProps, format.width, format.height), huge);
    expect(reachOf(ndc)).toBeLessThanOrEqual(1 - 2 * FRAME_MARGIN + 1e-9);
    expect(shareOf(ndc)).toBeLessThan(before);
    expect(shareOf(ndc)).toBeCloseTo(plan.framing.share, 9);
  });

  it('keep the lens alone when it can: the pose reported is the original one', async () => {
    const { parcel, front } = await syntheticParcel(addresses[0]!);
    const scene = sceneWith(parcel);
    // Steep enough that the 16:9 lens stood on its side stays below the horizon.
    const original = planStill(scene, { azimuth: 20, tilt: 35, distance: 200, pitch: 0 }, front, undefined);
    const story = planStillRendition(scene, original, 'social_story');
    expect(story.pose).toEqual(original.pose);
    expect(story.shotType).toBe(original.shotType);
    expect(story.request).toMatchObject({ composition: 'AerialStillStory', format: 'jpeg', gl: 'swangle' });
    // The 16:9 lens stood on its side: the story's horizontal field of view is the original's vertical one.
    const horizontal = 2 * Math.atan(Math.tan((story.verticalFovDeg * Math.PI) / 360) * (1080 / 1920));
    expect((horizontal * 180) / Math.PI).toBeCloseTo(VERTICAL_FOV_DEG, 1);
  });

  it('add no sky to a frame whose original showed only ground', async () => {
    const { parcel, front } = await syntheticParcel(addresses[0]!);
    const scene = sceneWith(parcel);
    const topOf = (props: Record<string, unknown>, width: number, height: number) =>
      topFromNadir(compositionCamera(props, width, height));
    for (const tilt of [45, 55, 60]) {
      const original = planStill(scene, { azimuth: 20, tilt, distance: 200, pitch: 0 }, front, undefined);
      const top = topOf(original.request.inputProps, AERIAL_STILL.width, AERIAL_STILL.height);
      expect(top).toBeLessThan(SKY_FREE_TOP_DEG);
      for (const rendition of SOCIAL_RENDITIONS) {
        const plan = planStillRendition(scene, original, rendition);
        const format = AERIAL_STILL_RENDITIONS[rendition];
        expect(plan.framing.rule).toBe('lens');
        expect(
          topOf(plan.request.inputProps, format.width, format.height),
          `${tilt} ${rendition}`,
        ).toBeLessThanOrEqual(SKY_FREE_TOP_DEG + 1e-6);
      }
    }
    // The story at tilt 55 would reach over the horizon with the 16:9 lens stood on its side (74°): it
    // keeps below it with a narrower one.
    const original = planStill(scene, { azimuth: 20, tilt: 55, distance: 200, pitch: 0 }, front, undefined);
    expect(planStillRendition(scene, original, 'social_story').verticalFovDeg).toBeLessThan(74);
  });

  it('leave the 16:9 plan as it was (no lens in its props)', () => {
    const plan = planStill(
      baseScene,
      { azimuth: 0, tilt: 55, distance: 200, pitch: 0 },
      undefined,
      undefined,
    );
    expect(plan.request.composition).toBe(AERIAL_STILL.id);
    expect(plan.request.inputProps).not.toHaveProperty('verticalFovDeg');
  });
});

describe('re-framed drone footage, checked with three.js at every frame', () => {
  it('keeps the flight path and the parcel inside every frame, with the end framing share kept', async () => {
    for (const address of ['10 Wattle Street, Ultimo NSW 2007', '88 Long Avenue, Ballarat VIC 3350']) {
      const { parcel, front } = await syntheticParcel(address);
      const scene = sceneWith(parcel);
      for (const style of FOOTAGE_STYLES) {
        const options = { style, duration: 4, front_direction: front };
        const original = planFootage(scene, options, 'k/original.mp4', 0.5);
        const props = original.request.inputProps;
        const frames = (props as unknown as AerialSceneProps).durationInFrames;
        const end = projected(
          compositionCamera(props, AERIAL_FOOTAGE.width, AERIAL_FOOTAGE.height, frames - 1),
          parcel,
        );
        for (const rendition of ['social_square', 'social_story'] as const) {
          const plan = planFootageRendition(scene, options, rendition, 'k/rendition.mp4', 0.5);
          const format = AERIAL_FOOTAGE_RENDITIONS[rendition];
          const at = `${address} ${style} ${rendition}`;
          expect(plan.request.composition).toBe(format.id);
          expect([plan.width, plan.height]).toEqual([format.width / 2, format.height / 2]);
          // The same flight: props but the lens, key poses and poster frame are the original's.
          const { verticalFovDeg, skyCap, ...rest } = plan.request.inputProps as unknown as AerialSceneProps;
          expect(rest).toEqual(props);
          expect(verticalFovDeg).toBe(plan.verticalFovDeg);
          expect(skyCap).toEqual(plan.framing.skyCap);
          expect(plan.keyPoses).toEqual(original.keyPoses);
          expect(plan.posterFrame).toBe(original.posterFrame);
          let reach = 0;
          for (let frame = 0; frame < frames; frame++) {
            const camera = compositionCamera(plan.request.inputProps, format.width, format.height, frame);
            reach = Math.max(reach, reachOf(projected(camera, parcel)));
            // No more sky than the original: the frame's top looks no higher above nadir than 84° or
            // than the original frame's top, from three.js's own cameras.
            const before = compositionCamera(props, AERIAL_FOOTAGE.width, AERIAL_FOOTAGE.height, frame);
            expect(topFromNadir(camera), `${at} frame ${frame}`).toBeLessThanOrEqual(
              Math.max(SKY_FREE_TOP_DEG, topFromNadir(before)) + 1e-6,
            );
          }
          expect(reach, at).toBeLessThanOrEqual(1 - 2 * FRAME_MARGIN + 1e-9);
          const last = projected(
            compositionCamera(plan.request.inputProps, format.width, format.height, frames - 1),
            parcel,
          );
          expect(plan.framing.rule).toBe('share');
          expect(shareOf(last), at).toBeGreaterThanOrEqual(shareOf(end));
          record(`footage ${at}`, reach, shareOf(last) / shareOf(end), `footage-${plan.framing.rule}`);
        }
      }
    }
  });
});
