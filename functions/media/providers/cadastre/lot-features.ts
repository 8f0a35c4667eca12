// From a cadastre's features (whatever the protocol) to CadastreLots: the lot id from the configured
// field, the strata mark from the configured field or id pattern, one lot per id (a lot in several parts
// may come as several features), and features without an id dropped (Queensland's id-less twins of real
// parcels, unlinked parcels: no lot a request could name). Also the box a `lotsNear` asks for.
import type { LatLng } from '../../../domain/geo-types.ts';
import { fromLocalMetres } from '../../geo/local-metric.ts';
import type { StrataMarking } from '../sources/source-config.ts';
import { type CadastreLot, type LatLngBounds, SourceError } from '../sources/source-types.ts';
import { GeometryError } from './lot-geometry.ts';

export interface RawLotFeature {
  readonly properties: Readonly<Record<string, unknown>>;
  /** Reads the feature's outer rings; may throw GeometryError. */
  readonly rings: () => LatLng[][];
}

/** The lots of `features`, one per lot id, in the order first met. */
export function lotsFromFeatures(
  source: string,
  features: readonly RawLotFeature[],
  lotIdField: string,
  strata: StrataMarking | undefined,
): CadastreLot[] {
  const pattern = strata?.lotIdPattern !== undefined ? new RegExp(strata.lotIdPattern) : undefined;
  const byId = new Map<string, { rings: LatLng[][]; strata: boolean }>();
  for (const feature of features) {
    const raw = feature.properties[lotIdField];
    const lotId = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw.trim() : '';
    if (lotId === '') continue;
    let rings: LatLng[][];
    try {
      rings = feature.rings();
    } catch (error) {
      if (!(error instanceof GeometryError)) throw error;
      throw new SourceError(source, 'bad-answer', `lot ${lotId}: ${error.message}`);
    }
    const unit =
      (pattern?.test(lotId) ?? false) ||
      (strata?.field !== undefined &&
        (strata.values ?? []).some((v) => v === feature.properties[strata.field!]));
    const seen = byId.get(lotId);
    if (seen) {
      seen.rings.push(...rings);
      seen.strata ||= unit;
    } else byId.set(lotId, { rings, strata: unit });
  }
  return [...byId].map(([lotId, { rings, strata: unit }]) => ({
    lotId,
    rings,
    ...(unit ? { strata: true } : {}),
  }));
}

/** The square of `radiusM` metres about `point`, in degrees. */
export function boundsAround(point: LatLng, radiusM: number): LatLngBounds {
  const sw = fromLocalMetres(point, { x: -radiusM, y: -radiusM });
  const ne = fromLocalMetres(point, { x: radiusM, y: radiusM });
  return { west: sw.lng, south: sw.lat, east: ne.lng, north: ne.lat };
}

/** Refuses a point or radius no lot lookup should send (a programming error upstream, said plainly). */
export function checkNear(source: string, point: LatLng, radiusM: number): void {
  const ok =
    Number.isFinite(point.lat) &&
    Number.isFinite(point.lng) &&
    Math.abs(point.lat) <= 90 &&
    Math.abs(point.lng) <= 180 &&
    Number.isFinite(radiusM) &&
    radiusM > 0 &&
    radiusM <= 1000;
  if (!ok)
    throw new SourceError(
      source,
      'refused',
      `lots near (${point.lat}, ${point.lng}) within ${radiusM} m: the point must be a latitude and longitude and the radius 0-1000 m`,
    );
}

/** Decimal degrees as sent in a request: nine places (0.1 mm), no exponent. */
export function degrees(value: number): string {
  return value.toFixed(9).replace(/\.?0+$/, '');
}
