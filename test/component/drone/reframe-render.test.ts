// A re-framed drone still rendered for real by the AerialStillStory composition (Debian's Chromium, the
// machine's software WebGL, a quarter of 1080x1920): the output has the story's shape, and the parcel,
// painted magenta on an otherwise grey ground with nothing standing on it, is drawn inside the frame with
// the margin, where three.js projects it for the camera the plan chose. The parcel is a long wide lot seen
// close from the front, so the lens alone cannot frame it in 9:16 and the drone is moved: this checks the
// moved pose and its lens as the composition draws them, not only the arithmetic.
import sharp from 'sharp';
import * as THREE from 'three';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MemoryMedia, memoryMedia, syntheticAerialScene } from '../../../bench/aerial-fixture.ts';
import type { Point } from '../../../functions/domain/geo-types.ts';
import { planPresetStill } from '../../../functions/jobs/drone/outputs.ts';
import { planStillRendition } from '../../../functions/jobs/drone/renditions.ts';
import type { PreparedAerialScene } from '../../../functions/jobs/drone/scene-input.ts';
import { resolveCamera } from '../../../functions/media/camera/camera-model.ts';
import { FRAME_MARGIN } from '../../../functions/media/camera/reframe.ts';
import {
  AERIAL_STILL_RENDITIONS,
  type AerialSceneProps,
} from '../../../functions/media/remotion/aerial-compositions.ts';
import { LocalStillRenderer } from '../../../functions/media/rendering/local-still-renderer.ts';
import { ensureSiteBundle } from '../../../lib/remotion/site-bundle.ts';

const SCALE = 0.25;
const GROUND_PX = 2048;

/** A 100 m by 25 m lot, its long side 20° off east-west. */
const LOT: Point[] = [
  [-50, -12.5],
  [50, -12.5],
  [50, 12.5],
  [-50, 12.5],
].map(([x, y]) => {
  const a = (20 * Math.PI) / 180;
  return { x: x! * Math.cos(a) - y! * Math.sin(a), y: x! * Math.sin(a) + y! * Math.cos(a) };
});

let media: MemoryMedia;
let scene: PreparedAerialScene;
let still: LocalStillRenderer;

beforeAll(async () => {
  media = await memoryMedia();
  const prepared = await syntheticAerialScene(media, 'reframe');
  // The prepared scene records the addressed parcel around the property centre.
  expect(prepared.parcel?.length).toBeGreaterThanOrEqual(3);
  const { groundSizeM } = prepared.sceneProps;
  // North-up ground: grey, the lot magenta; no houses or trees to hide any of it.
  const px = (p: Point) =>
    `${((p.x / groundSizeM + 0.5) * GROUND_PX).toFixed(2)},${((0.5 - p.y / groundSizeM) * GROUND_PX).toFixed(2)}`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${GROUND_PX}" height="${GROUND_PX}">
    <rect width="100%" height="100%" fill="#808080"/><polygon points="${LOT.map(px).join(' ')}" fill="#ff00ff"/></svg>`;
  const ground = await sharp(Buffer.from(svg)).png().toBuffer();
  const far = await sharp({
    create: { width: 256, height: 256, channels: 3, background: '#808080' },
  })
    .png()
    .toBuffer();
  await media.put('reframe/lot-ground.png', ground, 'image/png');
  await media.put('reframe/grey.png', far, 'image/png');
  await media.put(
    'reframe/empty-scene.json',
    Buffer.from(JSON.stringify({ buildings: [], trees: [], windows: [] })),
    'application/json',
  );
  scene = {
    ...prepared,
    parcel: LOT,
    sceneProps: {
      ...prepared.sceneProps,
      sceneUrl: `${media.base}/reframe/empty-scene.json`,
      groundImage: `${media.base}/reframe/lot-ground.png`,
      farGroundImage: `${media.base}/reframe/grey.png`,
    },
  };
  still = new LocalStillRenderer({ serveUrl: await ensureSiteBundle() });
}, 180_000);

afterAll(async () => {
  await still?.close();
  await media?.close();
});

/** Where three.js puts the lot's corners in the picture (pixels), for the camera the composition builds. */
function projectedCorners(props: AerialSceneProps, width: number, height: number): Point[] {
  if (props.camera.kind !== 'pose') throw new Error('a still has a pose');
  const resolved = resolveCamera(props.camera.pose, props.frontDirection ?? undefined);
  const camera = new THREE.PerspectiveCamera(props.verticalFovDeg, width / height, 1, 60_000);
  const { position: o, forward: f, up: u } = resolved;
  camera.position.set(o.x, o.y, o.z);
  camera.up.set(u.x, u.y, u.z);
  camera.lookAt(o.x + f.x, o.y + f.y, o.z + f.z);
  camera.updateProjectionMatrix();
  camera.updateMatrixWorld();
  return LOT.map((p) => {
    const n = new THREE.Vector3(p.x, p.y, 0).project(camera);
    return { x: ((n.x + 1) / 2) * width, y: ((1 - n.y) / 2) * height };
  });
}

describe('a re-framed drone still, rendered', () => {
  it('is 9:16 and draws the whole lot inside the frame, where three.js projects it', async () => {
    const original = planPresetStill(scene, { angle: 'north', distance: 'close', front_direction: 0 });
    const plan = planStillRendition(scene, { ...original, shotType: 'establishing' }, 'social_story');
    // The lens alone cannot hold this lot in 9:16 from there: the drone moves.
    expect(plan.framing.rule).toBe('pose');
    const jpeg = await still.renderStill({ ...plan.request, scale: SCALE, timeoutMs: 170_000 });
    const { data, info } = await sharp(jpeg).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const { width, height } = info;
    expect([width, height]).toEqual([
      AERIAL_STILL_RENDITIONS.social_story.width * SCALE,
      AERIAL_STILL_RENDITIONS.social_story.height * SCALE,
    ]);

    // The magenta pixels: the lot as drawn.
    let count = 0;
    const box = { left: width, right: -1, top: height, bottom: -1 };
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++) {
        const i = (y * width + x) * 3;
        const [r, g, b] = [data[i]!, data[i + 1]!, data[i + 2]!];
        if (r - g > 60 && b - g > 60) {
          count += 1;
          box.left = Math.min(box.left, x);
          box.right = Math.max(box.right, x);
          box.top = Math.min(box.top, y);
          box.bottom = Math.max(box.bottom, y);
        }
      }
    expect(count).toBeGreaterThan(0.02 * width * height);
    // Inside the frame with the margin (a pixel of slack for the edge's blend).
    const marginX = FRAME_MARGIN * width - 1;
    const marginY = FRAME_MARGIN * height - 1;
    expect(box.left).toBeGreaterThanOrEqual(marginX);
    expect(box.right).toBeLessThanOrEqual(width - 1 - marginX);
    expect(box.top).toBeGreaterThanOrEqual(marginY);
    expect(box.bottom).toBeLessThanOrEqual(height - 1 - marginY);
    // Where three.js projects the corners for the planned camera, to within a few pixels: the composition
    // draws with the story's aspect and the planned lens.
    const corners = projectedCorners(plan.request.inputProps as unknown as AerialSceneProps, width, height);
    const xs = corners.map((c) => c.x);
    const ys = corners.map((c) => c.y);
    expect(Math.abs(box.left - Math.min(...xs))).toBeLessThanOrEqual(3);
    expect(Math.abs(box.right + 1 - Math.max(...xs))).toBeLessThanOrEqual(3);
    expect(Math.abs(box.top - Math.min(...ys))).toBeLessThanOrEqual(3);
    expect(Math.abs(box.bottom + 1 - Math.max(...ys))).toBeLessThanOrEqual(3);
    // And the drawn area is the share the plan reports.
    expect(count / (width * height)).toBeGreaterThan(plan.framing.share * 0.9);
    expect(count / (width * height)).toBeLessThan(plan.framing.share * 1.1);
  }, 240_000);
});
