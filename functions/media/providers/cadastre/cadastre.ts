// The lot a property stands on, from the stage's cadastre sources in order: the first source whose
// coverage holds the point and that has a lot there (the lot containing the point; on a road or in no lot,
// the nearest within 15 m; of a strata scheme, the base lot). A source that fails, or has no lot at the
// point, hands over to the next; the answer says which source served, how the lot matched, and why the
// others did not. No lot anywhere is an answer too, with its reason, never an error: the job goes on
// without a suggested boundary. The lot's neighbours come with it, so the street side of a real lot can be
// told without street data (frontage detection).
import { logger } from '../../../core/observability.ts';
import type { LatLng } from '../../../domain/geo-types.ts';
import { type CadastreSourceConfig, covers } from '../sources/source-config.ts';
import type { CadastreLot, CadastreSourceAdapter } from '../sources/source-types.ts';
import { NEAREST_LOT_MAX_M, radiusCovering, selectLot } from './lot-selection.ts';

/** One cadastre source the lookup may use; its adapter is made on first use (its key read then). */
export interface CadastreCandidate {
  readonly config: CadastreSourceConfig;
  open(): Promise<CadastreSourceAdapter>;
}

/** What the output says of the cadastre source a lot came from. */
export interface LotSource {
  readonly provider: string;
  readonly licence: { readonly store: boolean; readonly print: boolean; readonly portal: boolean };
  readonly attribution: string;
  readonly verified?: false;
}

export interface LotFound {
  readonly found: true;
  readonly lotId: string;
  /** The lot's outer ring (its largest part), WGS 84, first point not repeated. */
  readonly ring: readonly LatLng[];
  /** contains: the point is inside it; nearest: the point is on a road or in no lot; lot_id: named by the request. */
  readonly match: 'contains' | 'nearest' | 'lot_id';
  /** Metres from the point to the lot (0 when inside it). */
  readonly distanceM: number;
  /** The lots around it (their largest rings), for its street side. */
  readonly neighbours: readonly (readonly LatLng[])[];
  readonly source: LotSource;
  readonly tried: readonly { readonly source: string; readonly reason: string }[];
}

export type LotMissingReason =
  /** The stage lists no cadastre source. */
  | 'NO_CADASTRE'
  /** No source covers the point. */
  | 'NOT_COVERED'
  /** The sources that cover it have no lot at or within 15 m of it. */
  | 'NO_LOT_AT_POINT'
  /** The sources that cover it failed (timeouts, errors). */
  | 'CADASTRE_UNAVAILABLE'
  /** No source has a lot with the requested id. */
  | 'LOT_NOT_FOUND';

export interface LotMissing {
  readonly found: false;
  readonly reason: LotMissingReason;
  readonly message: string;
  readonly tried: readonly { readonly source: string; readonly reason: string }[];
}

export type LotLookup = LotFound | LotMissing;

/** Ground searched around the point first: the nearest-lot distance and the neighbours of a usual lot. */
const SEARCH_RADIUS_M = 60;
/** The widest search: a lot larger than this is a farm or a park, whose street sides are not needed. */
const MAX_RADIUS_M = 300;
/** Neighbours kept with a lot: enough for its street side, small enough for the workflow's state. */
const MAX_NEIGHBOURS = 40;
/** Vertices kept per ring (a surveyed lot has a few dozen at most; an arc can have hundreds). */
const MAX_RING_VERTICES = 400;

const position = (p: LatLng) => `${p.lat.toFixed(6)}, ${p.lng.toFixed(6)}`;

export class Cadastre {
  private readonly opened = new Map<CadastreCandidate, Promise<CadastreSourceAdapter>>();

  constructor(private readonly candidates: readonly CadastreCandidate[]) {}

  /** The lot at a point (the geocoded address). */
  async lotAt(point: LatLng): Promise<LotLookup> {
    if (this.candidates.length === 0)
      return missing('NO_CADASTRE', 'This stage lists no cadastre source.', []);
    const covering = this.candidates.filter((c) => covers(c.config.coverage, point));
    if (covering.length === 0)
      return missing(
        'NOT_COVERED',
        `No cadastre source of this service covers (${position(point)}) (${this.candidates.map((c) => c.config.name).join(', ')}); send the parcel as boundary.`,
        [],
      );
    const tried: { source: string; reason: string }[] = [];
    let failed = 0;
    for (const candidate of covering) {
      try {
        const adapter = await this.adapterOf(candidate);
        const lots = await adapter.lotsNear(point, SEARCH_RADIUS_M);
        const choice = selectLot(point, lots);
        if (!choice.lot) {
          tried.push({ source: candidate.config.name, reason: choice.message });
          continue;
        }
        const around = await widerIfNeeded(adapter, point, choice.lot, lots, SEARCH_RADIUS_M, tried);
        return found(candidate.config, choice.lot, choice.match, choice.distanceM, around, tried);
      } catch (error) {
        failed += 1;
        tried.push(failure(candidate, error));
      }
    }
    return failed === covering.length
      ? missing('CADASTRE_UNAVAILABLE', `No cadastre source answered for (${position(point)}).`, tried)
      : missing(
          'NO_LOT_AT_POINT',
          `No lot contains (${position(point)}) or lies within ${NEAREST_LOT_MAX_M} m of it; send the parcel as boundary, or its lot as parcel.lot_id.`,
          tried,
        );
  }

  /** The lot a request names ("5//DP123456"), from the sources covering `near` when it is known. */
  async lotById(lotId: string, near?: LatLng): Promise<LotLookup> {
    const candidates = near
      ? this.candidates.filter((c) => covers(c.config.coverage, near))
      : this.candidates;
    if (candidates.length === 0)
      return missing('NO_CADASTRE', 'This stage lists no cadastre source to look the lot up in.', []);
    const tried: { source: string; reason: string }[] = [];
    for (const candidate of candidates) {
      try {
        const adapter = await this.adapterOf(candidate);
        const lots = await adapter.lotById(lotId);
        if (lots.length === 0) {
          tried.push({ source: candidate.config.name, reason: `no lot ${lotId}` });
          continue;
        }
        const lot = mergeParts(lots);
        const centre = ringCentre(largestRing(lot));
        const around = await widerIfNeeded(adapter, centre, lot, [], 0, tried);
        return found(candidate.config, lot, 'lot_id', 0, around, tried);
      } catch (error) {
        tried.push(failure(candidate, error));
      }
    }
    return missing(
      'LOT_NOT_FOUND',
      `No cadastre source has lot ${lotId} (${tried.map((t) => `${t.source}: ${t.reason}`).join('; ')}). Check the lot and plan (NSW "5//DP123456", Queensland "5RP123456").`,
      tried,
    );
  }

  private adapterOf(candidate: CadastreCandidate): Promise<CadastreSourceAdapter> {
    let opened = this.opened.get(candidate);
    if (!opened) {
      opened = candidate.open();
      opened.catch(() => this.opened.delete(candidate));
      this.opened.set(candidate, opened);
    }
    return opened;
  }
}

/**
 * The lots around `lot`, fetched again farther out when the first search did not reach past its every
 * side (a side with nothing fetched beyond it would pass for a street side). A failure here costs only the
 * street side: the lot is still the lot.
 */
async function widerIfNeeded(
  adapter: CadastreSourceAdapter,
  point: LatLng,
  lot: CadastreLot,
  fetched: readonly CadastreLot[],
  fetchedRadiusM: number,
  tried: { source: string; reason: string }[],
): Promise<readonly CadastreLot[]> {
  const needed = radiusCovering(point, lot);
  if (needed <= fetchedRadiusM) return fetched;
  if (needed > MAX_RADIUS_M) return [];
  try {
    return await adapter.lotsNear(point, needed);
  } catch (error) {
    tried.push({ source: adapter.name, reason: `neighbours: ${(error as Error).message}` });
    return [];
  }
}

function failure(candidate: CadastreCandidate, error: unknown): { source: string; reason: string } {
  const reason = (error as Error)?.message ?? String(error);
  logger.warn('cadastre source failed; trying the next', { source: candidate.config.name, reason });
  return { source: candidate.config.name, reason };
}

function missing(reason: LotMissingReason, message: string, tried: LotMissing['tried']): LotMissing {
  return { found: false, reason, message, tried };
}

/** A lot's parts as one lot (a lot id the source returns in several features). */
function mergeParts(lots: readonly CadastreLot[]): CadastreLot {
  return { lotId: lots[0]!.lotId, rings: lots.flatMap((l) => l.rings) };
}

function shoelace(ring: readonly LatLng[]): number {
  let sum = 0;
  for (let i = 0; i < ring.length; i++) {
    const a = ring[i]!;
    const b = ring[(i + 1) % ring.length]!;
    sum += a.lng * b.lat - b.lng * a.lat;
  }
  return Math.abs(sum) / 2;
}

function largestRing(lot: CadastreLot): readonly LatLng[] {
  return lot.rings.reduce((best, ring) => (shoelace(ring) > shoelace(best) ? ring : best));
}

function ringCentre(ring: readonly LatLng[]): LatLng {
  const lat = ring.reduce((s, p) => s + p.lat, 0) / ring.length;
  const lng = ring.reduce((s, p) => s + p.lng, 0) / ring.length;
  return { lat, lng };
}

/** At most `max` vertices: every k-th, keeping the shape's extent (lots rarely have this many). */
function capVertices(ring: readonly LatLng[], max = MAX_RING_VERTICES): LatLng[] {
  if (ring.length <= max) return ring.map((p) => ({ lat: p.lat, lng: p.lng }));
  const step = ring.length / max;
  return Array.from({ length: max }, (_, i) => ring[Math.floor(i * step)]!);
}

function found(
  config: CadastreSourceConfig,
  lot: CadastreLot,
  match: LotFound['match'],
  distanceM: number,
  around: readonly CadastreLot[],
  tried: LotFound['tried'],
): LotFound {
  const ring = largestRing(lot);
  const centre = ringCentre(ring);
  const distance = (r: readonly LatLng[]) =>
    Math.min(...r.map((p) => Math.hypot(p.lat - centre.lat, p.lng - centre.lng)));
  const neighbours = around
    .filter((other) => other.lotId !== lot.lotId && !other.strata)
    .map(largestRing)
    .sort((a, b) => distance(a) - distance(b))
    .slice(0, MAX_NEIGHBOURS)
    .map((r) => capVertices(r));
  return {
    found: true,
    lotId: lot.lotId,
    ring: capVertices(ring),
    match,
    distanceM: Math.round(distanceM * 10) / 10,
    neighbours,
    source: {
      provider: config.name,
      licence: { ...config.licence },
      attribution: config.attribution,
      ...(config.verified === false ? { verified: false as const } : {}),
    },
    tried,
  };
}
