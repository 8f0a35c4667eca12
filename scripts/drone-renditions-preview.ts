// Makes the README's picture of one drone still in every shape: the 16:9 original and its social_square,
// social_portrait and social_story renditions, each rendered again by the camera re-framed for its shape
// (functions/jobs/drone/renditions.ts), as the RenderDroneStill step renders them. Shown side by side at
// one height, so the frames compare as a reader would see them in a feed. The full-size files go to
// /tmp/drone-renditions-preview/; the montage to docs/images/drone-still-renditions.jpg.
// Run: node --import tsx scripts/drone-renditions-preview.ts   (DRONE_PREVIEW_ANGLE, _DISTANCE vary the shot)
import { mkdirSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import sharp, { type OverlayOptions } from 'sharp';
import { memoryMedia, syntheticAerialScene } from '../bench/aerial-fixture.ts';
import { planPresetStill } from '../functions/jobs/drone/outputs.ts';
import { planStillRendition } from '../functions/jobs/drone/renditions.ts';
import type { AnglePreset, DistancePreset } from '../functions/media/camera/presets.ts';
import { SOCIAL_RENDITIONS } from '../functions/media/remotion/aerial-compositions.ts';
import { LocalStillRenderer } from '../functions/media/rendering/local-still-renderer.ts';
import { ensureSiteBundle } from '../lib/remotion/site-bundle.ts';

const out = '/tmp/drone-renditions-preview';
mkdirSync(out, { recursive: true });
const media = await memoryMedia();
const scene = await syntheticAerialScene(media, 'preview');
const renderer = new LocalStillRenderer({ serveUrl: await ensureSiteBundle() });
const original = planPresetStill(scene, {
  angle: (process.env.DRONE_PREVIEW_ANGLE ?? 'south_west') as AnglePreset,
  distance: (process.env.DRONE_PREVIEW_DISTANCE ?? 'medium') as DistancePreset,
  front_direction: scene.frontDirection,
});
const shots = [
  { label: '16:9 original, 3840×2160', request: original.request, note: '' },
  ...SOCIAL_RENDITIONS.map((shape) => {
    const plan = planStillRendition(scene, original, shape);
    const fov = `${plan.verticalFovDeg.toFixed(0)}° lens`;
    return {
      label: `${shape}, ${plan.width}×${plan.height}`,
      request: plan.request,
      note: plan.framing.rule === 'lens' ? `re-framed: ${fov}` : `re-framed: drone moved, ${fov}`,
    };
  }),
];
// One height for all; the original at a quarter, the shapes at half size, then scaled to the row.
const ROW = 720;
const GAP = 24;
const CAPTION = 64;
const tiles: { input: Buffer; width: number }[] = [];
for (const [i, shot] of shots.entries()) {
  const jpeg = await renderer.renderStill({
    ...shot.request,
    scale: i === 0 ? 0.5 : 1,
    timeoutMs: 300_000,
  });
  writeFileSync(path.join(out, `${i}-${shot.request.composition}.jpg`), jpeg);
  const { data, info } = await sharp(jpeg).resize({ height: ROW }).toBuffer({ resolveWithObject: true });
  tiles.push({ input: data, width: info.width });
  console.log(`${shot.label}: ${shot.note || 'as rendered'}`);
}
await renderer.close();
await media.close();

const width = tiles.reduce((w, t) => w + t.width, 0) + GAP * (tiles.length + 1);
const height = ROW + CAPTION + GAP * 2;
const xmlText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
let x = GAP;
const layers: OverlayOptions[] = [];
for (const [i, tile] of tiles.entries()) {
  layers.push({ input: tile.input, left: x, top: GAP });
  const shot = shots[i]!;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${tile.width}" height="${CAPTION}">
    <text x="0" y="24" font-family="DejaVu Sans" font-weight="bold" font-size="20" fill="#f2f2f2">${xmlText(shot.label)}</text>
    <text x="0" y="52" font-family="DejaVu Sans" font-size="18" fill="#b8b8b8">${xmlText(shot.note || 'the still as delivered')}</text>
  </svg>`;
  layers.push({ input: Buffer.from(svg), left: x, top: GAP + ROW + 8 });
  x += tile.width + GAP;
}
const montage = await sharp({ create: { width, height, channels: 3, background: '#1b1d21' } })
  .composite(layers)
  .jpeg({ quality: 84, mozjpeg: true })
  .toBuffer();
const target = path.join(import.meta.dirname, '..', 'docs', 'images', 'drone-still-renditions.jpg');
writeFileSync(target, montage);
console.log(`${target}: ${width}x${height}, ${(montage.length / 1024).toFixed(0)} KiB; full size in ${out}`);
