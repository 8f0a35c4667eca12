// Ground truth for the caller-imagery tests, made apart from the code under test: the offline aerial scene
// of an address with a magenta disc painted on the ground at every corner of the addressed parcel,
// rendered from known camera poses (three.js draws where each corner lands), and top-down renders whose
// georeference the test states itself. Marker centroids found in a picture are where the scene put the
// corners; the service's projected boundary is checked against them, never against its own output.
import sharp from 'sharp';
import type { MemoryMedia } from '../../bench/aerial-fixture.ts';
import { parseAustralianAddress } from '../../functions/domain/address/address-parser.ts';
import type { LatLng, Point, SiteModel } from '../../functions/domain/geo-types.ts';
import { polygonArea, polygonCentroid } from '../../functions/domain/geometry/polygon.ts';
import { type PreparedAerialScene, prepareAerialScene } from '../../functions/jobs/drone/scene-input.ts';
import { type CameraPose, DEG, resolveCamera } from '../../functions/media/camera/camera-model.ts';
import { fromLocalMetres, toLocalMetres } from '../../functions/media/geo/local-metric.ts';
import { roofModel } from '../../functions/media/imagery/offline-nadir/roof-model.ts';
import { SyntheticNadirImagery } from '../../functions/media/imagery/offline-nadir/synthetic-nadir-imagery.ts';
import { providerProvenance } from '../../functions/media/imagery/provenance.ts';
import { AERIAL_STILL, type AerialSceneProps } from '../../functions/media/remotion/aerial-compositions.ts';
import type { StillRenderer } from '../../functions/media/rendering/still-renderer.ts';
import { SyntheticSiteSource } from '../../functions/media/site/synthetic-site.ts';
import { IMAGERY_LICENCES } from '../../lib/config/stages.ts';

export const GROUND_TRUTH_ADDRESS = '10 Wattle Street, Ultimo NSW 2007';
export const GROUND_TRUTH_POSITION = { lat: -33.882, lng: 151.2 };

/** Marker discs: radius in metres, and their colour. */
const MARKER_RADIUS_M = 1.1;
const MAGENTA = '#ff00ff';

export interface GroundTruthScene {
  readonly site: SiteModel;
  /** The addressed parcel's corners as latitude/longitude, in order. */
  readonly parcel: LatLng[];
  /** Its true ground area (square metres, the site's own metres). */
  readonly parcelAreaM2: number;
  /** The parcel as the request's GeoJSON boundary. */
  readonly boundary: { type: 'Polygon'; coordinates: number[][][] };
  readonly scene: PreparedAerialScene;
}

/**
 * The site, its parcel, and the aerial scene prepared with the parcel's corners marked on the ground (and
 * its houses and tree crowns taken off); `marked: false` leaves the scene as the drone kinds draw it.
 */
export async function groundTruthScene(
  media: Pick<MemoryMedia, 'put' | 'sign' | 'files'>,
  { marked = true }: { readonly marked?: boolean } = {},
): Promise<GroundTruthScene> {
  const parsed = parseAustralianAddress(GROUND_TRUTH_ADDRESS);
  if (!parsed.ok) throw new Error(parsed.problems.join('; '));
  const sites = new SyntheticSiteSource();
  const scene = await prepareAerialScene(
    {
      sites,
      nadir: new SyntheticNadirImagery(),
      nadirProvenance: providerProvenance(IMAGERY_LICENCES, 'offline-synthetic'),
      roofModel,
      now: () => new Date(),
      media,
    },
    { address: parsed.address, position: GROUND_TRUTH_POSITION, keyFor: (name) => `truth/${name}` },
  );
  // The same site prepareAerialScene drew (the synthetic source is deterministic).
  const site = await sites.siteAround(GROUND_TRUTH_POSITION, parsed.address, 3072 * 0.25 * 0.72);
  const lot = site.parcels.find((p) => p.addressed)!.polygon;
  const parcel = lot.map((p) => fromLocalMetres(site.origin, p));
  const result = {
    site,
    parcel,
    parcelAreaM2: polygonArea(lot),
    boundary: {
      type: 'Polygon' as const,
      coordinates: [[...parcel, parcel[0]!].map((p) => [p.lng, p.lat])],
    },
    scene,
  };
  if (!marked) return result;
  // The ground image: north-up, groundSizeM square centred on the property, pixel edges at its edges.
  const ground = media.files.get('truth/aerial-ground.jpg')!;
  const size = scene.sceneProps.groundSizeM;
  const meta = await sharp(ground.body).metadata();
  const px = meta.width! / size;
  const discs = parcel.map((corner) => {
    const m = toLocalMetres(scene.propertyCenter, corner);
    return { x: meta.width! / 2 + m.x * px, y: meta.height! / 2 - m.y * px };
  });
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${meta.width}" height="${meta.height}">${discs
    .map((d) => `<circle cx="${d.x}" cy="${d.y}" r="${MARKER_RADIUS_M * px}" fill="${MAGENTA}"/>`)
    .join('')}</svg>`;
  const withMarkers = await sharp(ground.body)
    .composite([{ input: Buffer.from(svg) }])
    .jpeg({ quality: 95 })
    .toBuffer();
  await media.put('truth/aerial-ground.jpg', withMarkers, 'image/jpeg');
  // Houses and tree crowns off (the ground keeps their top-down picture): a house between the camera and a
  // fence corner hides its marker, and the service projects onto the bare ground plane.
  const model = JSON.parse(media.files.get('truth/aerial-scene.json')!.body.toString('utf8'));
  await media.put(
    'truth/aerial-scene.json',
    Buffer.from(JSON.stringify({ ...model, buildings: [], windows: [], trees: [] })),
    'application/json',
  );
  return result;
}

/** A drone pose as DJI reports it, with the lens. */
export interface TruthPose {
  readonly yawDeg: number;
  readonly pitchDeg: number;
  readonly heightM: number;
  /** Vertical field of view of the render (the frame is 16:9). */
  readonly verticalFovDeg: number;
}

export interface RenderedPhoto {
  readonly jpeg: Buffer;
  readonly width: number;
  readonly height: number;
  /** Where the camera was (the ground point under it) and how it looked, as DJI's XMP writes it. */
  readonly camera: LatLng & { heightM: number; yawDeg: number; pitchDeg: number; rollDeg: number };
  readonly horizontalFovDeg: number;
}

/**
 * Renders the scene from a pose: the camera on the orbit model's sphere around the property centre, looking
 * at it (so DJI's pitch is the look angle below the horizon and the yaw the look direction).
 */
export async function renderPose(
  renderer: StillRenderer,
  truth: GroundTruthScene,
  pose: TruthPose,
  scale = 0.5,
): Promise<RenderedPhoto> {
  const look = 90 + pose.pitchDeg; // degrees from nadir
  const orbit: CameraPose = {
    azimuth: (((pose.yawDeg + 180) % 360) + 360) % 360,
    tilt: look,
    distance: pose.heightM / Math.cos(look * DEG),
    pitch: 0,
  };
  const camera = resolveCamera(orbit, undefined);
  const props: AerialSceneProps = {
    ...truth.scene.sceneProps,
    durationInFrames: 1,
    shotType: 'establishing',
    frontDirection: null,
    camera: { kind: 'pose', pose: camera.pose },
    verticalFovDeg: pose.verticalFovDeg,
  };
  const jpeg = await renderer.renderStill({
    composition: AERIAL_STILL.id,
    inputProps: props,
    format: 'jpeg',
    jpegQuality: 95,
    scale,
    gl: 'swangle',
    // A few seconds on a quiet machine; a page that has not loaded in 90 s is tried again (its caller).
    timeoutMs: 90_000,
  });
  const width = Math.round(AERIAL_STILL.width * scale);
  const height = Math.round(AERIAL_STILL.height * scale);
  const f = camera.forward;
  const where = fromLocalMetres(truth.scene.propertyCenter, { x: camera.position.x, y: camera.position.y });
  return {
    jpeg,
    width,
    height,
    camera: {
      ...where,
      heightM: camera.position.z,
      // The look direction's heading; straight down it has none, and the picture's top (up) faces the yaw.
      yawDeg:
        (Math.atan2(Math.abs(f.z) > 0.999 ? camera.up.x : f.x, Math.abs(f.z) > 0.999 ? camera.up.y : f.y) /
          DEG +
          360) %
        360,
      pitchDeg: Math.asin(f.z) / DEG,
      rollDeg: 0,
    },
    horizontalFovDeg: (2 * Math.atan(Math.tan((pose.verticalFovDeg * DEG) / 2) * (width / height))) / DEG,
  };
}

/**
 * Centroids of the magenta markers in a picture, weighted by how magenta each pixel is; one per blob of
 * at least `minPixels`, largest first.
 */
export async function findMarkers(image: Buffer, minPixels = 12): Promise<Point[]> {
  const { data, info } = await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const { width, height } = info;
  const weight = new Float32Array(width * height);
  for (let i = 0; i < width * height; i += 1) {
    const r = data[i * 3]!;
    const g = data[i * 3 + 1]!;
    const b = data[i * 3 + 2]!;
    const m = Math.min(r, b) - g;
    weight[i] = m > 60 ? m : 0;
  }
  const seen = new Uint8Array(width * height);
  const blobs: Array<{ x: number; y: number; n: number }> = [];
  const stack: number[] = [];
  for (let start = 0; start < width * height; start += 1) {
    if (!weight[start] || seen[start]) continue;
    let sx = 0;
    let sy = 0;
    let sw = 0;
    let n = 0;
    stack.push(start);
    seen[start] = 1;
    while (stack.length) {
      const i = stack.pop()!;
      const x = i % width;
      const y = (i - x) / width;
      const w = weight[i]!;
      sx += (x + 0.5) * w;
      sy += (y + 0.5) * w;
      sw += w;
      n += 1;
      for (const j of [i - 1, i + 1, i - width, i + width]) {
        if (j < 0 || j >= width * height || seen[j] || !weight[j]) continue;
        if ((j === i - 1 || j === i + 1) && Math.floor(j / width) !== y) continue;
        seen[j] = 1;
        stack.push(j);
      }
    }
    if (n >= minPixels) blobs.push({ x: sx / sw, y: sy / sw, n });
  }
  return blobs.sort((a, b) => b.n - a.n).map(({ x, y }) => ({ x, y }));
}

/** The marker nearest each point, and how far it is. */
export function nearestMarkers(points: readonly Point[], markers: readonly Point[]): number[] {
  return points.map((p) => Math.min(...markers.map((m) => Math.hypot(m.x - p.x, m.y - p.y))));
}

/** A top-down render of the property with its corners marked, and the georeference the test chose. */
export async function markedNadir(
  truth: GroundTruthScene,
  frame: { width: number; height: number; metersPerPixel: number; rotationDeg: number },
): Promise<{ png: Buffer; center: LatLng; pixelOf(position: LatLng): Point }> {
  const center = fromLocalMetres(
    truth.site.origin,
    polygonCentroid(truth.site.parcels.find((p) => p.addressed)!.polygon),
  );
  const rendered = await new SyntheticNadirImagery().render({ ...frame, center, site: truth.site });
  const t = frame.rotationDeg * DEG;
  // The renderer's georeference: pixel (px, py) lies (px - W/2)·m right and (H/2 - py)·m up of the
  // centre in a frame turned so that rotationDeg is up.
  const pixelOf = (position: LatLng): Point => {
    const m = toLocalMetres(center, position);
    const fx = m.x * Math.cos(t) - m.y * Math.sin(t);
    const fy = m.x * Math.sin(t) + m.y * Math.cos(t);
    return {
      x: frame.width / 2 + fx / frame.metersPerPixel,
      y: frame.height / 2 - fy / frame.metersPerPixel,
    };
  };
  const r = MARKER_RADIUS_M / frame.metersPerPixel;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${frame.width}" height="${frame.height}">${truth.parcel
    .map((c) => pixelOf(c))
    .map((p) => `<circle cx="${p.x}" cy="${p.y}" r="${r}" fill="${MAGENTA}"/>`)
    .join('')}</svg>`;
  const png = await sharp(rendered.data, {
    raw: { width: frame.width, height: frame.height, channels: rendered.channels },
  })
    .composite([{ input: Buffer.from(svg) }])
    .png()
    .toBuffer();
  return { png, center, pixelOf };
}
