// The offline Stager: finds the floor, the perspective and the openings of the photo (room-analysis),
// lays out the room type's furniture against the back wall (room-layouts), projects every piece
// through the photo's camera so it takes the room's perspective and size, keeps each piece on the
// floor, below the ceiling and clear of windows and doors, and paints it over soft contact shadows.
// Deterministic: the layout and palette come from a hash of the image, room type, style and seed.

import { createHash } from 'node:crypto';
import sharp, { type Metadata, type Sharp } from 'sharp';
import { mulberry32 } from '../../domain/random.ts';
import { type Box, PALETTES, type Part, type Piece } from './furniture-assets.ts';
import { analyseRoom, type ImageRect, type RoomAnalysis } from './room-analysis.ts';
import { project, type RoomCamera } from './room-camera.ts';
import { type Facing, layoutsFor } from './room-layouts.ts';
import {
  CONTENT_TYPES,
  type StageRequest,
  type StageResult,
  type Stager,
  type StagingImageFormat,
  stagingError,
} from './stager.ts';
import { resolveStyle } from './staging-styles.ts';

const OFFLINE_STAGER_NAME = 'offline-stager';

const rng = mulberry32;

/** A hex colour scaled by `factor` (darker below 1), as an SVG rgb() colour. */
export function shade(hex: string, factor: number): string {
  const n = Number.parseInt(hex.slice(1), 16);
  const c = [(n >> 16) & 255, (n >> 8) & 255, n & 255].map((v) =>
    Math.max(0, Math.min(255, Math.round(v * factor))),
  );
  return `rgb(${c[0]},${c[1]},${c[2]})`;
}

interface Placed {
  readonly piece: Piece;
  readonly cx: number;
  readonly cz: number;
  readonly facing: Facing;
}

/** A part's box in room coordinates, given where its piece stands and which way it faces. */
function worldBox(b: Box, p: Placed): Box {
  const [x0, x1, y0, y1, z0, z1] = b;
  if (p.facing === 'camera') return [p.cx + x0, p.cx + x1, y0, y1, p.cz + z0, p.cz + z1];
  // Facing right (+X): the piece's front (-z) points to +X; facing left: to -X.
  const s = p.facing === 'right' ? -1 : 1;
  const xs = [p.cx + s * z0, p.cx + s * z1];
  const zs = [p.cz - s * x0, p.cz - s * x1];
  return [Math.min(...xs), Math.max(...xs), y0, y1, Math.min(...zs), Math.max(...zs)];
}

function footprint(p: Placed, grow = 0): Array<[number, number]> {
  const [x0, x1, , , z0, z1] = worldBox(
    [-p.piece.width / 2, p.piece.width / 2, 0, 0, -p.piece.depth / 2, p.piece.depth / 2],
    p,
  );
  return [
    [x0 - grow, z0 - grow],
    [x1 + grow, z0 - grow],
    [x1 + grow, z1 + grow],
    [x0 - grow, z1 + grow],
  ];
}

function projectedBounds(camera: RoomCamera, p: Placed): ImageRect {
  const [x0, x1, , , z0, z1] = worldBox(
    [-p.piece.width / 2, p.piece.width / 2, 0, 0, -p.piece.depth / 2, p.piece.depth / 2],
    p,
  );
  const pts = [x0, x1].flatMap((x) =>
    [0, p.piece.height].flatMap((y) => [z0, z1].map((z) => project(camera, x, y, z))),
  );
  return {
    x0: Math.min(...pts.map((q) => q.x)),
    y0: Math.min(...pts.map((q) => q.y)),
    x1: Math.max(...pts.map((q) => q.x)),
    y1: Math.max(...pts.map((q) => q.y)),
  };
}

const overlaps = (a: ImageRect, b: ImageRect) => a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;

/**
 * How much of a window, from its bottom, the room's main piece may hide when it fits nowhere else:
 * a bed head or sofa back in front of the sill and the bottom of the frame, never the glass above.
 */
export const SILL_ALLOWANCE = 0.12;

/**
 * Pieces may run out of the bottom of the frame, as in any room photo, but not out of its sides. What
 * counts is the part in the frame: each box's side edges from where their top comes into the frame
 * (nearer than that, the whole edge is below the bottom row) to the back.
 */
function inFrameSideways(camera: RoomCamera, p: Placed): boolean {
  const below = camera.height - camera.vy;
  for (const part of p.piece.parts) {
    if (part.kind === 'foliage') continue;
    const b =
      part.kind === 'box' ? part.box : ([-part.w / 2, part.w / 2, 0, 0, -part.d / 2, part.d / 2] as const);
    const [x0, x1, , y1, z0, z1] = worldBox(b, p);
    const zTop = below > 0 && y1 < camera.eyeHeight ? (camera.focal * (camera.eyeHeight - y1)) / below : 0;
    const z = Math.max(z0, zTop);
    if (z > z1) continue;
    for (const x of [x0, x1]) {
      const q = project(camera, x, y1, z);
      if (q.x < 0 || q.x >= camera.width) return false;
    }
  }
  return true;
}

/**
 * On the visible floor, below the ceiling band, clear of every opening (its image box). With
 * `sillAllowance`, the bottom share of a window's box may be covered (the main piece's last resort).
 */
function fits(room: RoomAnalysis, p: Placed, sillAllowance = 0, overDoors = false): boolean {
  const { camera, height } = room;
  if (p.cz + p.piece.depth / 2 > room.backDepth + 0.01) return false;
  if (!inFrameSideways(camera, p)) return false;
  for (const [x, z] of footprint(p)) {
    if (z <= 0.3) return false;
    const q = project(camera, x, 0, z);
    if (q.y < height && q.y < room.floorTop[Math.floor(q.x)]! - height * 0.01) return false;
  }
  const bounds = projectedBounds(camera, p);
  if (bounds.y0 < height * 0.12) return false;
  // A rug lies on the floor, below every sill and threshold: it can hide no window or door.
  if (p.piece.flat) return true;
  return room.openings.every((o) => {
    if (overDoors && o.kind !== 'window') return true;
    if (o.kind !== 'window' || sillAllowance === 0) return !overlaps(bounds, o.rect);
    const cut = (o.rect.y1 - o.rect.y0) * sillAllowance;
    return !overlaps(bounds, { ...o.rect, y1: o.rect.y1 - cut });
  });
}

const fmt = (v: number) => v.toFixed(1);
const points = (pts: ReadonlyArray<{ x: number; y: number }>) =>
  pts.map((q) => `${fmt(q.x)},${fmt(q.y)}`).join(' ');

/** Shading context: where the light comes from and the SVG gradients the faces use. */
interface Shading {
  readonly lightFromLeft: boolean;
  readonly defs: string[];
}

/**
 * A face filled with a gradient along the light: brighter on the side the light comes from, darker
 * away from it; `ao` darkens its lower part where it meets the floor (ambient occlusion).
 */
function shadedFace(
  out: string[],
  shading: Shading,
  pts: ReadonlyArray<{ x: number; y: number }>,
  color: string,
  factor: number,
  ao: number,
): void {
  const xs = pts.map((q) => q.x);
  const ys = pts.map((q) => q.y);
  const [xa, xb] = [Math.min(...xs), Math.max(...xs)];
  const [ya, yb] = [Math.min(...ys), Math.max(...ys)];
  const id = `g${shading.defs.length}`;
  const [from, to] = shading.lightFromLeft ? [xa, xb] : [xb, xa];
  shading.defs.push(
    `<linearGradient id="${id}" gradientUnits="userSpaceOnUse" x1="${fmt(from)}" y1="${fmt(ya)}" x2="${fmt(to)}" y2="${fmt(yb)}"><stop offset="0" stop-color="${shade(color, factor * 1.07)}"/><stop offset="1" stop-color="${shade(color, factor * 0.86)}"/></linearGradient>`,
  );
  out.push(
    `<polygon points="${points(pts)}" fill="url(#${id})" stroke="${shade(color, factor * 0.8)}" stroke-width="0.6" stroke-linejoin="round"/>`,
  );
  if (ao > 0 && yb - ya > 2) {
    const aoId = `g${shading.defs.length}`;
    shading.defs.push(
      `<linearGradient id="${aoId}" gradientUnits="userSpaceOnUse" x1="0" y1="${fmt(yb)}" x2="0" y2="${fmt(ya)}"><stop offset="0" stop-color="#000" stop-opacity="${ao.toFixed(2)}"/><stop offset="0.45" stop-color="#000" stop-opacity="0"/></linearGradient>`,
    );
    out.push(`<polygon points="${points(pts)}" fill="url(#${aoId})"/>`);
  }
}

function drawPart(camera: RoomCamera, part: Part, placed: Placed, shading: Shading): string {
  const P = (x: number, y: number, z: number) => project(camera, x, y, z);
  const { lightFromLeft } = shading;
  if (part.kind === 'foliage') {
    const [x, , , , z] = worldBox([part.x, part.x, part.y, part.y, part.z, part.z], placed);
    const c = P(x, part.y, z);
    const r = (camera.focal * part.r) / z;
    const id = `g${shading.defs.length}`;
    shading.defs.push(
      `<radialGradient id="${id}" cx="${lightFromLeft ? 0.35 : 0.65}" cy="0.3" r="0.75"><stop offset="0" stop-color="${shade(part.color, 1.18)}"/><stop offset="1" stop-color="${shade(part.color, 0.72)}"/></radialGradient>`,
    );
    return `<ellipse cx="${fmt(c.x)}" cy="${fmt(c.y)}" rx="${fmt(r)}" ry="${fmt(r * 0.8)}" fill="url(#${id})" stroke="${shade(part.color, 0.7)}" stroke-width="${fmt(r * 0.04)}"/>`;
  }
  if (part.kind === 'rug') {
    const [x0, x1, , , z0, z1] = worldBox([-part.w / 2, part.w / 2, 0, 0, -part.d / 2, part.d / 2], placed);
    const b = Math.min(part.w, part.d) * 0.07;
    const outer = [P(x0, 0.005, z0), P(x1, 0.005, z0), P(x1, 0.005, z1), P(x0, 0.005, z1)];
    const inner = [
      P(x0 + b, 0.006, z0 + b),
      P(x1 - b, 0.006, z0 + b),
      P(x1 - b, 0.006, z1 - b),
      P(x0 + b, 0.006, z1 - b),
    ];
    const out: string[] = [];
    shadedFace(out, shading, outer, part.border, 1, 0);
    shadedFace(out, shading, inner, part.color, 1, 0);
    return out.join('');
  }
  const [x0, x1, y0, y1, z0, z1] = worldBox(part.box, placed);
  const out: string[] = [];
  const eye = camera.eyeHeight;
  // Near the floor, faces darken toward it (the light reaching under and round a piece is less).
  const ao = y0 < 0.2 ? 0.32 : y0 < 0.5 ? 0.16 : 0;
  if (x0 > 0)
    shadedFace(
      out,
      shading,
      [P(x0, y0, z0), P(x0, y0, z1), P(x0, y1, z1), P(x0, y1, z0)],
      part.color,
      lightFromLeft ? 0.84 : 0.66,
      ao,
    );
  if (x1 < 0)
    shadedFace(
      out,
      shading,
      [P(x1, y0, z0), P(x1, y0, z1), P(x1, y1, z1), P(x1, y1, z0)],
      part.color,
      lightFromLeft ? 0.66 : 0.84,
      ao,
    );
  // Top faces catch the light: the brightest, with a highlight toward the light.
  if (y1 < eye)
    shadedFace(
      out,
      shading,
      [P(x0, y1, z0), P(x1, y1, z0), P(x1, y1, z1), P(x0, y1, z1)],
      part.color,
      1.1,
      0,
    );
  if (y0 > eye)
    shadedFace(
      out,
      shading,
      [P(x0, y0, z0), P(x1, y0, z0), P(x1, y0, z1), P(x0, y0, z1)],
      part.color,
      0.58,
      0,
    );
  shadedFace(out, shading, [P(x0, y0, z0), P(x1, y0, z0), P(x1, y1, z0), P(x0, y1, z0)], part.color, 0.9, ao);
  // A thin lit edge along the front's top: the highlight that makes a box read as upholstered or planed.
  if (y1 < eye && y1 - y0 > 0.03) {
    const a = P(x0, y1, z0);
    const b = P(x1, y1, z0);
    out.push(
      `<line x1="${fmt(a.x)}" y1="${fmt(a.y)}" x2="${fmt(b.x)}" y2="${fmt(b.y)}" stroke="${shade(part.color, 1.28)}" stroke-opacity="0.55" stroke-width="${fmt(Math.max(0.8, (camera.focal * 0.012) / z0))}" stroke-linecap="round"/>`,
    );
  }
  return out.join('');
}

/**
 * Material grain over the furniture layer: fine seeded noise where the layer is opaque, stretched
 * along rows so wood reads as grained and fabric as woven. Deterministic for the seed.
 */
function addGrain(data: Buffer, width: number, height: number, seed: number): void {
  const rnd = rng(seed);
  let row = 0;
  for (let y = 0; y < height; y++) {
    row = row * 0.6 + (rnd() - 0.5) * 0.4;
    let run = 0;
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      run = run * 0.7 + (rnd() - 0.5) * 0.3;
      if (data[i + 3]! < 200) continue;
      const f = 1 + (run + row) * 0.16 + (rnd() - 0.5) * 0.05;
      for (let c = 0; c < 3; c++) data[i + c] = Math.max(0, Math.min(255, Math.round(data[i + c]! * f)));
    }
  }
}

function seedFor(request: StageRequest, style: string): number {
  const hash = createHash('sha256')
    .update(request.image)
    .update(`\0${request.roomType}\0${style}\0${request.seed}`)
    .digest();
  return hash.readUInt32LE(0);
}

export async function encodeAs(image: Sharp, format: StagingImageFormat): Promise<Buffer> {
  if (format === 'jpeg') return image.jpeg({ quality: 92, mozjpeg: false }).toBuffer();
  if (format === 'png') return image.png().toBuffer();
  return image.webp({ quality: 90 }).toBuffer();
}

export async function readFormat(
  image: Buffer,
): Promise<{ format: StagingImageFormat; width: number; height: number }> {
  let meta: Metadata;
  try {
    meta = await sharp(image).metadata();
  } catch {
    throw stagingError(
      'UNSUPPORTED_IMAGE',
      'The file at image_url is not an image; send a JPEG, PNG or WebP photo.',
    );
  }
  const format =
    meta.format === 'jpeg' || meta.format === 'png' || meta.format === 'webp' ? meta.format : undefined;
  if (!format || !meta.width || !meta.height) {
    throw stagingError(
      'UNSUPPORTED_IMAGE',
      `The image is ${meta.format ?? 'of an unknown type'}; send a JPEG, PNG or WebP photo.`,
    );
  }
  const oriented = (meta.orientation ?? 1) >= 5;
  return { format, width: oriented ? meta.height : meta.width, height: oriented ? meta.width : meta.height };
}

export class OfflineStager implements Stager {
  readonly name = OFFLINE_STAGER_NAME;

  async stage(request: StageRequest): Promise<StageResult> {
    const { format, width, height } = await readFormat(request.image);
    const style = resolveStyle(request.stylePrompt).used;
    const rnd = rng(seedFor(request, style));
    const palettes = PALETTES[style];
    const palette = palettes[Math.floor(rnd() * palettes.length)]!;
    const room = await analyseRoom(request.image);
    const camera = room.camera;
    // The seeded layout first; in a room whose openings leave too little wall for its main piece, the
    // room type's other layouts (smaller main pieces), then the sill allowance.
    const layouts = layoutsFor(request.roomType, palette, rnd);
    const span = room.floorRight - room.floorLeft;
    const centre = (room.floorLeft + room.floorRight) / 2;
    let main: Placed | undefined;
    let layout = layouts[0]!;
    search: for (const allowance of [0, SILL_ALLOWANCE]) {
      for (const candidateLayout of layouts) {
        const mainSpec = candidateLayout.find((l) => l.main)!;
        // The main piece: against the back wall, as central as the openings allow.
        for (const forward of [0, 0.2, 0.4, 0.65, 0.9, 1.2, 1.5]) {
          for (const offset of [0, 0.3, -0.3, 0.6, -0.6, 0.9, -0.9, 1.2, -1.2, 1.6, -1.6].map(
            (o) => o * Math.max(1, span / 4),
          )) {
            const candidate: Placed = {
              piece: mainSpec.piece,
              cx: centre + offset,
              cz: room.backDepth - 0.06 - mainSpec.piece.depth / 2 - forward,
              facing: 'camera',
            };
            if (fits(room, candidate, allowance)) {
              main = candidate;
              layout = candidateLayout;
              break search;
            }
          }
        }
      }
    }
    // Last resort (openings all along the back wall): the main piece along a side wall, facing across.
    if (!main) {
      const mainSpec = layout.find((l) => l.main)!;
      const { piece } = mainSpec;
      side: for (const z of [0.8, 1.3, 1.8, 2.4, 3.0].map(
        (k) => room.backDepth - piece.width / 2 - k + 0.8,
      )) {
        for (const candidate of [
          { piece, cx: room.floorLeft + piece.depth / 2 + 0.06, cz: z, facing: 'right' as const },
          { piece, cx: room.floorRight - piece.depth / 2 - 0.06, cz: z, facing: 'left' as const },
        ]) {
          if (fits(room, candidate)) {
            main = candidate;
            break side;
          }
        }
      }
    }
    let overDoors = false;
    // Truly last: a room whose back wall is all windows and doors gets its main piece in front of a
    // door (a doorway can be walked round; a window's glass stays clear even then).
    if (!main) {
      const { piece } = layout.find((l) => l.main)!;
      over: for (const forward of [0.4, 0.9, 1.5]) {
        for (const offset of [0, 0.3, -0.3, 0.6, -0.6, 0.9, -0.9, 1.2, -1.2].map(
          (o) => o * Math.max(1, span / 4),
        )) {
          const candidate: Placed = {
            piece,
            cx: centre + offset,
            cz: room.backDepth - 0.06 - piece.depth / 2 - forward,
            facing: 'camera',
          };
          if (fits(room, candidate, SILL_ALLOWANCE, true)) {
            main = candidate;
            overDoors = true;
            break over;
          }
        }
      }
    }
    if (!main) {
      throw stagingError(
        'NO_FLOOR_FOUND',
        'No clear floor area large enough for furniture was found in the photo; send a wide shot of the empty room taken at chest height with the floor visible.',
      );
    }
    const placed: Placed[] = [];
    for (const spec of layout) {
      if (spec.main) {
        placed.push(main);
        continue;
      }
      const candidate: Placed = {
        piece: spec.piece,
        cx: main.cx + spec.dx,
        cz: main.cz - spec.dz,
        facing: spec.facing,
      };
      // Once the main piece stands in front of a door, its group may too (never in front of glass).
      if (fits(room, candidate, 0, overDoors)) placed.push(candidate);
    }
    // Painted far to near; flat rugs first of all.
    const order = [...placed].sort((a, b) => Number(!a.piece.flat) - Number(!b.piece.flat) || b.cz - a.cz);
    const lightFromLeft = (room.openings.find((o) => o.kind === 'window')?.rect.x0 ?? 0) < width / 2;

    const defs: string[] = [];
    const shading: Shading = { lightFromLeft, defs };
    const shadows: string[] = [];
    placed.forEach((p, i) => {
      if (p.piece.flat) return;
      const px = camera.focal / p.cz;
      defs.push(
        `<filter id="s${i}" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="${fmt(Math.max(1.5, px * 0.06))}"/></filter>`,
      );
      defs.push(
        `<filter id="c${i}" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="${fmt(Math.max(0.8, px * 0.015))}"/></filter>`,
      );
      const soft = footprint(p, 0.08).map(([x, z]) => project(camera, x, 0, z));
      const contact = footprint(p, -0.02).map(([x, z]) => project(camera, x, 0, z));
      shadows.push(`<polygon points="${points(soft)}" fill="#000" opacity="0.28" filter="url(#s${i})"/>`);
      shadows.push(`<polygon points="${points(contact)}" fill="#000" opacity="0.38" filter="url(#c${i})"/>`);
    });
    const bodies = order.map((p) => p.piece.parts.map((part) => drawPart(camera, part, p, shading)).join(''));
    const rugs = order.filter((p) => p.piece.flat).length;
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><defs>${defs.join('')}</defs>${bodies.slice(0, rugs).join('')}${shadows.join('')}${bodies.slice(rugs).join('')}</svg>`;
    const raw = await sharp(Buffer.from(svg))
      .blur(0.4)
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    addGrain(raw.data, raw.info.width, raw.info.height, Math.floor(rnd() * 2 ** 32));
    const layer = await sharp(raw.data, {
      raw: { width: raw.info.width, height: raw.info.height, channels: 4 },
    })
      .png()
      .toBuffer();
    const output = await encodeAs(
      sharp(request.image)
        .rotate()
        .composite([{ input: layer }]),
      format,
    );
    return {
      image: output,
      contentType: CONTENT_TYPES[format],
      format,
      width,
      height,
      provider: OFFLINE_STAGER_NAME,
      style,
      items: placed.map((p) => p.piece.name),
    };
  }
}
