// Workflow step: where the property is, and (for the kinds that draw or measure it) its lot. Caller-given
// coordinates (options.lat + options.lng) skip the geocoder, as the README's "Addresses" note promises; so
// does the caller's parcel (`boundary`), whose centroid is the property, and a lot the caller names
// (`parcel.lot_id`), whose centroid is. The lot comes from the stage's cadastre sources: the one the
// caller named, else the one at the position (docs/readme/providers.md).
import { JobError } from '../../core/errors.ts';
import type { StepEvent } from '../../core/workflows/step-runtime.ts';
import { formatAddress, parseAustralianAddress } from '../../domain/address/address-parser.ts';
import type { LatLng, ParsedAddress } from '../../domain/geo-types.ts';
import { polygonCentroid } from '../../domain/geometry/polygon.ts';
import { fromLocalMetres, toLocalMetres } from '../../media/geo/local-metric.ts';
import type { LotLookup } from '../../media/providers/cadastre/cadastre.ts';
import { SourceError } from '../../media/providers/sources/source-types.ts';
import { defineStep, type StepPorts } from '../define-step.ts';
import { RESOLVE_LOCATION } from './functions.ts';
import type { ParcelBoundaryInput } from './imagery-schema.ts';
import { callerParcelCentre } from './parcel.ts';

export interface ResolvedLocation {
  readonly lat: number;
  readonly lng: number;
  readonly formatted_address: string;
  readonly precision: string;
  readonly provider: string;
  /** How sure the geocoder is that this is the property (0-1); 1 for caller coordinates. */
  readonly confidence: number;
  /** The property's lot, for the kinds that asked for it (never in an output: the steps read it). */
  readonly lot?: LotLookup;
}

/** The location as outputs show it (without the lot the steps read). */
export function locationOutput(location: ResolvedLocation): Omit<ResolvedLocation, 'lot'> {
  const { lot: _lot, ...shown } = location;
  return shown;
}

interface ResolveLocationEvent extends StepEvent {
  readonly address: string;
  readonly options: { readonly lat?: number; readonly lng?: number };
  /** The whole request: a caller's parcel (`boundary`, or a lot as `parcel.lot_id`) locates the property. */
  readonly input?: {
    readonly boundary?: ParcelBoundaryInput | null;
    readonly parcel?: { readonly lot_id: string } | null;
  };
  /** Set by the kinds that draw or measure the lot (frontage, markup): look it up. */
  readonly find_lot?: boolean;
}

/** The API validated the address already; a failure here means the rules changed under a queued job. */
export function parsedAddressOf(address: string): ParsedAddress {
  const parsed = parseAustralianAddress(address);
  if (!parsed.ok)
    throw new JobError('INVALID_ADDRESS', `The address cannot be read: ${parsed.problems.join('; ')}.`);
  return parsed.address;
}

async function resolveLocation(
  event: ResolveLocationEvent,
  ports: Pick<StepPorts, 'providers'>,
): Promise<ResolvedLocation> {
  const lotId = event.input?.parcel?.lot_id;
  // A named lot locates the property better than the address point: it is looked up instead of geocoding.
  if (event.find_lot && lotId && !event.input?.boundary) return namedLot(event, lotId, ports);
  const position = await positionOf(event, ports);
  // The caller's own boundary is the parcel: no lot is looked up.
  if (!event.find_lot || event.input?.boundary) return position;
  return { ...position, lot: await ports.providers.cadastre.lotAt(position) };
}

/** The property at the lot the request names (LOT_NOT_FOUND when no cadastre source has it). */
async function namedLot(
  event: ResolveLocationEvent,
  lotId: string,
  ports: Pick<StepPorts, 'providers'>,
): Promise<ResolvedLocation> {
  const address = parsedAddressOf(event.address);
  const { lat, lng } = event.options ?? {};
  const given = lat !== undefined && lng !== undefined ? { lat, lng } : undefined;
  const lot = await ports.providers.cadastre.lotById(lotId, given);
  if (!lot.found) throw new JobError('LOT_NOT_FOUND', lot.message);
  const centre = given ?? lotCentre(lot.ring);
  return {
    lat: Math.round(centre.lat * 1e7) / 1e7,
    lng: Math.round(centre.lng * 1e7) / 1e7,
    formatted_address: formatAddress(address),
    precision: given ? 'caller' : 'parcel',
    provider: given ? 'caller' : lot.source.provider,
    confidence: 1,
    lot,
  };
}

/** The area centroid of a lot's ring. */
function lotCentre(ring: readonly LatLng[]): LatLng {
  const origin = ring[0]!;
  return fromLocalMetres(origin, polygonCentroid(ring.map((p) => toLocalMetres(origin, p))));
}

async function positionOf(
  event: ResolveLocationEvent,
  ports: Pick<StepPorts, 'providers'>,
): Promise<ResolvedLocation> {
  const address = parsedAddressOf(event.address);
  const { lat, lng } = event.options ?? {};
  if (lat !== undefined && lng !== undefined) {
    return {
      lat,
      lng,
      formatted_address: formatAddress(address),
      precision: 'caller',
      provider: 'caller',
      confidence: 1,
    };
  }
  // The caller's parcel says where the property is better than any geocoder.
  const boundary = event.input?.boundary;
  if (boundary) {
    const centre = callerParcelCentre(boundary);
    return {
      lat: Math.round(centre.lat * 1e7) / 1e7,
      lng: Math.round(centre.lng * 1e7) / 1e7,
      formatted_address: formatAddress(address),
      precision: 'parcel',
      provider: 'caller-boundary',
      confidence: 1,
    };
  }
  const result = await ports.providers.geocoder.geocode(address).catch((error: unknown) => {
    // Every address service asked failed: an outage, not a wrong address.
    if (error instanceof SourceError)
      throw new JobError(
        'GEOCODING_UNAVAILABLE',
        `The address services did not answer (${error.message}). Try again later, or pass options.lat and options.lng.`,
      );
    throw error;
  });
  if (!result) {
    throw new JobError(
      'ADDRESS_NOT_FOUND',
      `No Australian address matches '${event.address}'. Check the suburb, state and postcode, or pass options.lat and options.lng.`,
    );
  }
  return {
    lat: result.position.lat,
    lng: result.position.lng,
    formatted_address: result.formattedAddress,
    precision: result.precision,
    provider: result.provider,
    confidence: result.confidence,
  };
}

export const handler = defineStep(resolveLocation, RESOLVE_LOCATION);
