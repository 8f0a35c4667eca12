// Site source built from Amazon Location Maps v2 `vector.basemap` tiles (Mapbox Vector Tiles). The basemap
// carries named road lines and building footprints but no cadastre, so parcels, driveways and trees stay
// empty. Layer and property names are options because AWS does not publish the tile schema: the
// defaults match the layer names in the developer guide ("Roads", "Buildings") case-insensitively, plus
// the OpenMapTiles/Mapbox spellings.
import { gunzipSync } from 'node:zlib';
import { GetTileCommand, type GetTileResponse, type TileAdditionalFeature } from '@aws-sdk/client-geo-maps';
import { classifyRings, VectorTile, type VectorTileFeature, type VectorTileLayer } from '@mapbox/vector-tile';
import { PbfReader } from 'pbf';
import { expandStreetName, streetKey } from '../../../domain/address/street-types.ts';
import type { Building, LatLng, ParsedAddress, Point, SiteModel, Street } from '../../../domain/geo-types.ts';
import { polygonCentroid, signedArea } from '../../../domain/geometry/polygon.ts';
import { fromLocalMetres, toLocalMetres } from '../../geo/local-metric.ts';
import type { SiteSource } from '../../geo/types.ts';
import { type TileCoord, tilesCovering, worldPixelToLngLat } from '../../geo/web-mercator.ts';
import { mapWithConcurrency } from './concurrency.ts';

/** The slice of GeoMapsClient the tile adapters use; a real client satisfies it. */
export interface TileClient {
  send(command: GetTileCommand): Promise<Pick<GetTileResponse, 'Blob' | 'ContentType'>>;
}

interface AmazonLocationSiteSourceOptions {
  /** Tile zoom to read; 16 keeps residential streets and buildings in few tiles. */
  readonly zoom?: number;
  /** Layers holding road centrelines, matched case-insensitively. */
  readonly roadLayers?: readonly string[];
  /** Layers holding building footprints, matched case-insensitively. */
  readonly buildingLayers?: readonly string[];
  /** Feature properties tried in order for a road's name. */
  readonly nameProperties?: readonly string[];
  /** Feature properties tried in order for a road's class (drives the carriageway width). */
  readonly classProperties?: readonly string[];
  /** Passed to GetTile as AdditionalFeatures, for schemas that gate layers behind them. */
  readonly additionalFeatures?: readonly string[];
  readonly defaultBuildingHeightM?: number;
  readonly roofColor?: string;
  /** Tiles fetched at once. */
  readonly concurrency?: number;
}

const DEFAULTS = {
  zoom: 16,
  roadLayers: ['Roads', 'road', 'transportation'],
  buildingLayers: ['Buildings', 'building'],
  nameProperties: ['name:en', 'name_en', 'name', 'Name', 'NAME'],
  classProperties: ['class', 'kind', 'type', 'highway', 'road_class', 'category'],
  defaultBuildingHeightM: 6,
  roofColor: '#8c8c8c',
  concurrency: 4,
} as const;

/** Road classes that are no street a property fronts (paths, rail, ferries). */
const NON_STREET_CLASS = /path|foot|cycle|pedestrian|steps|bridleway|rail|transit|ferry|aerialway|track/i;

/** Carriageway widths by class, first match wins; typical Australian kerb-to-kerb widths. */
const WIDTH_BY_CLASS: readonly (readonly [RegExp, number])[] = [
  [/motorway|freeway/i, 24],
  [/trunk|highway/i, 20],
  [/primary|major|arterial/i, 16],
  [/secondary/i, 14],
  [/tertiary|collector/i, 12],
  [/service|lane|alley|driveway/i, 6],
];
const DEFAULT_STREET_WIDTH_M = 10;

/** Joins pieces whose ends are this close (tile seams and feature splits at intersections). */
const JOIN_TOLERANCE_M = 1;

export class AmazonLocationSiteSource implements SiteSource {
  readonly name = 'amazon-location-vector';
  private readonly options: Required<Omit<AmazonLocationSiteSourceOptions, 'additionalFeatures'>> &
    Pick<AmazonLocationSiteSourceOptions, 'additionalFeatures'>;

  constructor(
    private readonly client: TileClient,
    options: AmazonLocationSiteSourceOptions = {},
  ) {
    // Drop explicit undefineds so they do not override the defaults.
    const given = Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined));
    this.options = { ...DEFAULTS, ...given };
  }

  async siteAround(origin: LatLng, address: ParsedAddress, radiusM: number): Promise<SiteModel> {
    const { zoom } = this.options;
    const sw = fromLocalMetres(origin, { x: -radiusM, y: -radiusM });
    const ne = fromLocalMetres(origin, { x: radiusM, y: radiusM });
    const tiles = tilesCovering({ west: sw.lng, south: sw.lat, east: ne.lng, north: ne.lat }, zoom);
    const decoded = await mapWithConcurrency(tiles, this.options.concurrency, async (tile) => ({
      tile,
      vectorTile: decodeTile(await this.fetchTile(tile, zoom)),
    }));

    const roadPieces = new Map<string, { pieces: Point[][]; widthM: number }>();
    const buildings: Building[] = [];
    for (const { tile, vectorTile } of decoded) {
      for (const layer of layersNamed(vectorTile, this.options.roadLayers)) {
        this.collectRoads(layer, tileToLocal(origin, tile, zoom, layer.extent), radiusM, roadPieces);
      }
      for (const layer of layersNamed(vectorTile, this.options.buildingLayers)) {
        this.collectBuildings(layer, tileToLocal(origin, tile, zoom, layer.extent), radiusM, buildings);
      }
    }

    const streets: Street[] = [];
    for (const [name, { pieces, widthM }] of roadPieces) {
      for (const centerline of joinPieces(pieces, JOIN_TOLERANCE_M))
        streets.push({ name, centerline, widthM });
    }
    // Nearest first, so a lookup by name finds the stretch in front of the property.
    streets.sort((a, b) => distanceToPolyline(a.centerline) - distanceToPolyline(b.centerline));

    return {
      origin,
      addressedStreet: addressedStreetName(address, streets),
      streets,
      parcels: [],
      buildings,
      driveways: [],
      trees: [],
      provider: this.name,
    };
  }

  private async fetchTile(tile: TileCoord, zoom: number): Promise<Uint8Array> {
    const output = await this.client.send(
      new GetTileCommand({
        Tileset: 'vector.basemap',
        Z: String(zoom),
        X: String(tile.x),
        Y: String(tile.y),
        ...(this.options.additionalFeatures
          ? { AdditionalFeatures: [...this.options.additionalFeatures] as TileAdditionalFeature[] }
          : {}),
      }),
    );
    if (!output.Blob) throw new Error(`GetTile vector.basemap ${zoom}/${tile.x}/${tile.y} returned no body`);
    return output.Blob;
  }

  private collectRoads(
    layer: VectorTileLayer,
    toLocal: (p: Point) => Point,
    radiusM: number,
    into: Map<string, { pieces: Point[][]; widthM: number }>,
  ): void {
    const box = { min: 0, max: layer.extent };
    for (let i = 0; i < layer.length; i++) {
      const feature = layer.feature(i);
      if (feature.type !== 2) continue;
      const rawName = firstString(feature, this.options.nameProperties);
      if (!rawName) continue;
      const roadClass = firstString(feature, this.options.classProperties) ?? '';
      if (NON_STREET_CLASS.test(roadClass)) continue;
      const name = expandStreetName(rawName);
      const entry = into.get(name) ?? { pieces: [], widthM: 0 };
      for (const line of feature.loadGeometry()) {
        // Tiles carry a buffer beyond their edge; clipping to the edge makes neighbours meet, not overlap.
        for (const inTile of clipPolyline(line, (a, b) => rectInterval(a, b, box))) {
          const local = inTile.map(toLocal);
          entry.pieces.push(...clipPolyline(local, (a, b) => circleInterval(a, b, radiusM)));
        }
      }
      if (entry.pieces.length === 0) continue;
      entry.widthM = Math.max(entry.widthM, widthForClass(roadClass));
      into.set(name, entry);
    }
  }

  private collectBuildings(
    layer: VectorTileLayer,
    toLocal: (p: Point) => Point,
    radiusM: number,
    into: Building[],
  ): void {
    const box = { min: 0, max: layer.extent };
    for (let i = 0; i < layer.length; i++) {
      const feature = layer.feature(i);
      if (feature.type !== 3) continue;
      const heightM = firstPositiveNumber(feature, ['height', 'render_height', 'Height']);
      for (const polygon of classifyRings(feature.loadGeometry())) {
        const outer = polygon[0];
        if (!outer) continue;
        const ring = openRing(clipRing(outer, box).map(toLocal));
        if (ring.length < 3) continue;
        const area = signedArea(ring);
        if (Math.abs(area) < 1) continue;
        const c = polygonCentroid(ring);
        if (Math.hypot(c.x, c.y) > radiusM) continue;
        into.push({
          footprint: area < 0 ? ring.reverse() : ring,
          heightM: heightM ?? this.options.defaultBuildingHeightM,
          roof: 'flat',
          roofColor: this.options.roofColor,
          ridgeBearingDeg: 0,
        });
      }
    }
  }
}

/** MVT bytes, gunzipped when the service (or a proxy) returned them gzip-encoded. */
function decodeTile(bytes: Uint8Array): VectorTile {
  const raw = bytes[0] === 0x1f && bytes[1] === 0x8b ? gunzipSync(bytes) : bytes;
  return new VectorTile(new PbfReader(raw));
}

function layersNamed(tile: VectorTile, names: readonly string[]): VectorTileLayer[] {
  const wanted = new Set(names.map((n) => n.toLowerCase()));
  return Object.entries(tile.layers)
    .filter(([name]) => wanted.has(name.toLowerCase()))
    .map(([, layer]) => layer);
}

/** Tile-local coordinates (0..extent, y down) to metres about the origin. */
function tileToLocal(origin: LatLng, tile: TileCoord, zoom: number, extent: number): (p: Point) => Point {
  return (p) =>
    toLocalMetres(origin, worldPixelToLngLat(tile.x + p.x / extent, tile.y + p.y / extent, zoom, 1));
}

function firstString(feature: VectorTileFeature, keys: readonly string[]): string | undefined {
  for (const key of keys) {
    const value = feature.properties[key];
    if (typeof value === 'string' && value.trim() !== '') return value.trim();
  }
  return undefined;
}

function firstPositiveNumber(feature: VectorTileFeature, keys: readonly string[]): number | undefined {
  for (const key of keys) {
    const value = Number(feature.properties[key]);
    if (Number.isFinite(value) && value > 0) return value;
  }
  return undefined;
}

function widthForClass(roadClass: string): number {
  for (const [pattern, width] of WIDTH_BY_CLASS) if (pattern.test(roadClass)) return width;
  return DEFAULT_STREET_WIDTH_M;
}

// ---- Street names ---------------------------------------------------------------------------------

/** The basemap's name for the address's street when one matches, else the address's own spelling. */
function addressedStreetName(address: ParsedAddress, streets: readonly Street[]): string {
  const base = `${address.streetName} ${address.streetType}`;
  const candidates = address.streetSuffix ? [`${base} ${address.streetSuffix}`, base] : [base];
  for (const candidate of candidates) {
    const key = streetKey(candidate);
    const match = streets.find((s) => streetKey(s.name) === key);
    if (match) return match.name;
  }
  return candidates[0] ?? base;
}

// ---- Geometry -------------------------------------------------------------------------------------

type Interval = readonly [number, number] | null;

/** Parameter range [t0, t1] of segment a→b inside the axis-aligned box (Liang–Barsky). */
function rectInterval(a: Point, b: Point, box: { min: number; max: number }): Interval {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  let t0 = 0;
  let t1 = 1;
  const edges: readonly (readonly [number, number])[] = [
    [-dx, a.x - box.min],
    [dx, box.max - a.x],
    [-dy, a.y - box.min],
    [dy, box.max - a.y],
  ];
  for (const [p, q] of edges) {
    if (p === 0) {
      if (q < 0) return null;
      continue;
    }
    const r = q / p;
    if (p < 0) {
      if (r > t1) return null;
      if (r > t0) t0 = r;
    } else {
      if (r < t0) return null;
      if (r < t1) t1 = r;
    }
  }
  return [t0, t1];
}

/** Parameter range of segment a→b inside the circle of radius r about (0, 0). */
function circleInterval(a: Point, b: Point, r: number): Interval {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const qa = dx * dx + dy * dy;
  const qb = 2 * (a.x * dx + a.y * dy);
  const qc = a.x * a.x + a.y * a.y - r * r;
  if (qa === 0) return qc <= 0 ? [0, 1] : null;
  const disc = qb * qb - 4 * qa * qc;
  if (disc < 0) return null;
  const root = Math.sqrt(disc);
  const t0 = Math.max(0, (-qb - root) / (2 * qa));
  const t1 = Math.min(1, (-qb + root) / (2 * qa));
  return t0 <= t1 ? [t0, t1] : null;
}

function lerp(a: Point, b: Point, t: number): Point {
  return { x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t };
}

/** Splits a polyline into the runs inside a convex region, given each segment's inside interval. */
function clipPolyline(points: readonly Point[], inside: (a: Point, b: Point) => Interval): Point[][] {
  const runs: Point[][] = [];
  let current: Point[] | null = null;
  for (let i = 0; i + 1 < points.length; i++) {
    const a = points[i]!;
    const b = points[i + 1]!;
    const interval = inside(a, b);
    if (!interval) {
      if (current) runs.push(current);
      current = null;
      continue;
    }
    const [t0, t1] = interval;
    if (current && t0 > 1e-9) {
      runs.push(current);
      current = null;
    }
    current ??= [lerp(a, b, t0)];
    current.push(lerp(a, b, t1));
    if (t1 < 1 - 1e-9) {
      runs.push(current);
      current = null;
    }
  }
  if (current) runs.push(current);
  return runs.filter((run) => polylineLength(run) > 1e-6);
}

/** Sutherland–Hodgman clip of a ring to the square tile box. */
function clipRing(ring: readonly Point[], box: { min: number; max: number }): Point[] {
  const planes: readonly ((p: Point) => number)[] = [
    (p) => p.x - box.min,
    (p) => box.max - p.x,
    (p) => p.y - box.min,
    (p) => box.max - p.y,
  ];
  let output: Point[] = [...ring];
  for (const distance of planes) {
    const input = output;
    output = [];
    for (let i = 0; i < input.length; i++) {
      const current = input[i]!;
      const previous = input[(i + input.length - 1) % input.length]!;
      const dc = distance(current);
      const dp = distance(previous);
      if (dc >= 0) {
        if (dp < 0) output.push(lerp(previous, current, dp / (dp - dc)));
        output.push(current);
      } else if (dp >= 0) {
        output.push(lerp(previous, current, dp / (dp - dc)));
      }
    }
  }
  return output;
}

function openRing(ring: Point[]): Point[] {
  const first = ring[0];
  const last = ring[ring.length - 1];
  if (ring.length > 1 && first && last && first.x === last.x && first.y === last.y) return ring.slice(0, -1);
  return ring;
}

function polylineLength(line: readonly Point[]): number {
  let length = 0;
  for (let i = 0; i + 1 < line.length; i++)
    length += Math.hypot(line[i + 1]!.x - line[i]!.x, line[i + 1]!.y - line[i]!.y);
  return length;
}

function close(a: Point | undefined, b: Point | undefined, tolerance: number): boolean {
  return a !== undefined && b !== undefined && Math.hypot(a.x - b.x, a.y - b.y) <= tolerance;
}

/** Chains pieces end to end where their ends meet; pieces that never meet stay separate. */
function joinPieces(pieces: readonly Point[][], tolerance: number): Point[][] {
  const chains = pieces.map((p) => [...p]);
  let joined = true;
  while (joined) {
    joined = false;
    search: for (let i = 0; i < chains.length; i++) {
      for (let j = i + 1; j < chains.length; j++) {
        const a = chains[i]!;
        const b = chains[j]!;
        let merged: Point[] | null = null;
        if (close(a.at(-1), b[0], tolerance)) merged = [...a, ...b.slice(1)];
        else if (close(a.at(-1), b.at(-1), tolerance)) merged = [...a, ...b.slice(0, -1).reverse()];
        else if (close(a[0], b.at(-1), tolerance)) merged = [...b, ...a.slice(1)];
        else if (close(a[0], b[0], tolerance)) merged = [...b.slice(1).reverse(), ...a];
        if (merged) {
          chains[i] = merged;
          chains.splice(j, 1);
          joined = true;
          break search;
        }
      }
    }
  }
  return chains;
}

function distanceToPolyline(line: readonly Point[]): number {
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i + 1 < line.length; i++) {
    const a = line[i]!;
    const b = line[i + 1]!;
    const dx = b.x - a.x;
    const dy = b.y - a.y;
    const lengthSq = dx * dx + dy * dy;
    const t = lengthSq === 0 ? 0 : Math.max(0, Math.min(1, -(a.x * dx + a.y * dy) / lengthSq));
    best = Math.min(best, Math.hypot(a.x + t * dx, a.y + t * dy));
  }
  return best;
}
