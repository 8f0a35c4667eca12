// Workflow step: where the property is. Caller-given coordinates (options.lat + options.lng) skip the
// geocoder, as the README's "Addresses" note promises; so does the caller's parcel (`boundary`), whose
// centroid is the property.
import { JobError } from '../../core/errors.ts';
import type { StepEvent } from '../../core/workflows/step-runtime.ts';
import { formatAddress, parseAustralianAddress } from '../../domain/address/address-parser.ts';
import type { ParsedAddress } from '../../domain/geo-types.ts';
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
}

interface ResolveLocationEvent extends StepEvent {
  readonly address: string;
  readonly options: { readonly lat?: number; readonly lng?: number };
  /** The whole request: a caller's parcel (`boundary`) locates the property. */
  readonly input?: { readonly boundary?: ParcelBoundaryInput | null };
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
  const address = parsedAddressOf(event.address);
  const { lat, lng } = event.options;
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
  const result = await ports.providers.geocoder.geocode(address);
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
