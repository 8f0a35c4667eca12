// The known scene (scene.ts) drawn into exactly the map box and pixel size a fixture server was asked for,
// in that request's own coordinates: the fixtures' projection math is written here from the projections'
// definitions, never taken from the service (a shared mistake would pass unseen). Both projections are
// separable (x depends on longitude only, y on latitude only), so each pixel column has one longitude and
// each row one latitude.
// - EPSG:3857, spherical ("Pseudo") Mercator on WGS 84 latitude/longitude, R = 6 378 137 m:
//   x = R·λ, y = R·ln tan(π/4 + φ/2); back: φ = 2·atan(e^(y/R)) − π/2.
// - EPSG:4326 as plate carrée: x = longitude, y = latitude in degrees (a request's axis order is the
//   protocol's business, not the drawing's).
// The ground is textured (a picture with nothing on it is what a source sends where it has no data), the
// road grey, the lots outlined in white and the property's four corners marked with discs in their colours.
import sharp from 'sharp';
import type { LatLng } from '../../../functions/domain/geo-types.ts';
import { CORNER_MARKERS, MARKER_RADIUS_M, ROAD, SCENE_LOTS, SCENE_ORIGIN } from './scene.ts';

export type FixtureCrs = 'EPSG:3857' | 'EPSG:4326';

const R = 6_378_137;
const DEG = Math.PI / 180;

export interface SeparableProjection {
  xOfLng(lng: number): number;
  yOfLat(lat: number): number;
  lngOfX(x: number): number;
  latOfY(y: number): number;
}

export const PROJECTIONS: Record<FixtureCrs, SeparableProjection> = {
  'EPSG:3857': {
    xOfLng: (lng) => R * lng * DEG,
    yOfLat: (lat) => R * Math.log(Math.tan(Math.PI / 4 + (lat * DEG) / 2)),
    lngOfX: (x) => x / R / DEG,
    latOfY: (y) => (2 * Math.atan(Math.exp(y / R)) - Math.PI / 2) / DEG,
  },
  'EPSG:4326': {
    xOfLng: (lng) => lng,
    yOfLat: (lat) => lat,
    lngOfX: (x) => x,
    latOfY: (y) => y,
  },
};

/** Half the Web Mercator world's width (and height) in metres. */
export const MERCATOR_HALF_WORLD_M = Math.PI * R;

/** A box in a projection's units: x grows east, y north. */
export interface FixtureBox {
  readonly minX: number;
  readonly minY: number;
  readonly maxX: number;
  readonly maxY: number;
}

export interface SceneDrawing {
  readonly crs: FixtureCrs;
  /** The ground the picture shows edge to edge (pixel edges, not centres). */
  readonly box: FixtureBox;
  readonly width: number;
  readonly height: number;
  readonly format: 'jpeg' | 'png';
}

// Rough metres per degree about the scene, for the texture and the discs' size only (their centres are
// exact: the projection above places them).
const M_PER_DEG_LAT = 110_950;
const M_PER_DEG_LNG = 111_320 * Math.cos(SCENE_ORIGIN.lat * DEG);

/** A repeatable 0-1 value per cell of a grid on the ground. */
function cellNoise(i: number, j: number): number {
  let h = Math.imul(i, 374_761_393) ^ Math.imul(j, 668_265_263);
  h = Math.imul(h ^ (h >>> 13), 1_274_126_177);
  return ((h ^ (h >>> 16)) >>> 0) / 4_294_967_295;
}

/**
 * Muted ground colours (no channel above 150 or far from the others), so no ground pixel looks like a
 * corner disc: a 4 m checkerboard of two tones with 0.5 m speckle, fixed to the ground.
 */
function groundTexture(drawing: SceneDrawing): Buffer {
  const { width, height, box, crs } = drawing;
  const p = PROJECTIONS[crs];
  const sx = (box.maxX - box.minX) / width;
  const sy = (box.maxY - box.minY) / height;
  const east = new Float64Array(width);
  const north = new Float64Array(height);
  for (let i = 0; i < width; i += 1)
    east[i] = (p.lngOfX(box.minX + (i + 0.5) * sx) - SCENE_ORIGIN.lng) * M_PER_DEG_LNG;
  for (let j = 0; j < height; j += 1)
    north[j] = (p.latOfY(box.maxY - (j + 0.5) * sy) - SCENE_ORIGIN.lat) * M_PER_DEG_LAT;
  const cellE = Int32Array.from(east, (e) => Math.floor(e / 4));
  const speckE = Int32Array.from(east, (e) => Math.floor(e / 0.5));
  const out = Buffer.alloc(width * height * 3);
  let o = 0;
  for (let j = 0; j < height; j += 1) {
    const cellN = Math.floor(north[j]! / 4);
    const speckN = Math.floor(north[j]! / 0.5);
    for (let i = 0; i < width; i += 1) {
      const checker = (cellE[i]! + cellN) & 1;
      const speck = cellNoise(speckE[i]!, speckN);
      out[o] = 80 + 20 * checker + Math.round(25 * speck);
      out[o + 1] = 100 + 15 * checker + Math.round(25 * speck);
      out[o + 2] = 60 + 10 * checker + Math.round(20 * speck);
      o += 3;
    }
  }
  return out;
}

/** The road, the lots and the corner discs as SVG in the picture's pixels. */
function overlaySvg(drawing: SceneDrawing): string {
  const { width, height, box, crs } = drawing;
  const p = PROJECTIONS[crs];
  const sx = (box.maxX - box.minX) / width;
  const sy = (box.maxY - box.minY) / height;
  const px = (at: LatLng) => ({
    x: (p.xOfLng(at.lng) - box.minX) / sx,
    y: (box.maxY - p.yOfLat(at.lat)) / sy,
  });
  const points = (ring: readonly LatLng[]) =>
    ring
      .map(px)
      .map((q) => `${q.x.toFixed(3)},${q.y.toFixed(3)}`)
      .join(' ');
  // Pixels per metre along each axis, about the scene.
  const perMetreX =
    Math.abs(p.xOfLng(SCENE_ORIGIN.lng + 1 / M_PER_DEG_LNG) - p.xOfLng(SCENE_ORIGIN.lng)) / sx;
  const perMetreY =
    Math.abs(p.yOfLat(SCENE_ORIGIN.lat + 1 / M_PER_DEG_LAT) - p.yOfLat(SCENE_ORIGIN.lat)) / sy;
  const line = Math.max(1, 0.15 * Math.min(perMetreX, perMetreY));
  const shapes = [
    `<polygon points="${points(ROAD.ring)}" fill="rgb(128,128,128)"/>`,
    ...SCENE_LOTS.filter((lot) => !lot.strata).map(
      (lot) =>
        `<polygon points="${points(lot.ring)}" fill="none" stroke="rgb(235,235,235)" stroke-width="${line}"/>`,
    ),
    ...CORNER_MARKERS.map((m) => {
      const c = px(m.position);
      return `<ellipse cx="${c.x}" cy="${c.y}" rx="${MARKER_RADIUS_M * perMetreX}" ry="${MARKER_RADIUS_M * perMetreY}" fill="rgb(${m.rgb.join(',')})"/>`;
    }),
  ];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${shapes.join('')}</svg>`;
}

/** The scene drawn into the box at the size asked for, encoded. */
export async function drawScene(drawing: SceneDrawing): Promise<Buffer> {
  const { width, height } = drawing;
  const picture = sharp(groundTexture(drawing), {
    raw: { width, height, channels: 3 },
    limitInputPixels: false,
  })
    .composite([{ input: Buffer.from(overlaySvg(drawing)), limitInputPixels: false }])
    .removeAlpha();
  return drawing.format === 'png' ? picture.png().toBuffer() : picture.jpeg({ quality: 88 }).toBuffer();
}

/** A picture of one colour, as a source sends where it has no imagery. */
export function flatPicture(
  width: number,
  height: number,
  rgb: readonly [number, number, number],
  format: 'jpeg' | 'png',
): Promise<Buffer> {
  const picture = sharp({
    create: { width, height, channels: 3, background: { r: rgb[0], g: rgb[1], b: rgb[2] } },
    limitInputPixels: false,
  });
  return format === 'png' ? picture.png().toBuffer() : picture.jpeg().toBuffer();
}
