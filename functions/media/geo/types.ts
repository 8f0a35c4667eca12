// The provider ports around the domain's geographic values: geocoding, site sources and nadir imagery,
// with the request and result shapes they exchange. The values themselves live in domain/geo-types.ts.
import type { LatLng, ParsedAddress, SiteModel } from '../../domain/geo-types.ts';
import type { ImageryProvenance } from '../imagery/provenance.ts';

export type GeocodePrecision = 'rooftop' | 'parcel' | 'interpolated' | 'street' | 'locality' | 'postcode';

export interface GeocodeResult {
  readonly formattedAddress: string;
  readonly position: LatLng;
  readonly precision: GeocodePrecision;
  /**
   * How sure the adapter is that the position is the property itself, 0-1. A position that only knows
   * the suburb stays low however real the street sounds: the adapter could not verify the street.
   */
  readonly confidence: number;
  /** Which adapter produced it, e.g. "offline-gazetteer" or "amazon-location". */
  readonly provider: string;
}

/** Port: turns a parsed address into a position. Resolves null when the address cannot be found. */
export interface Geocoder {
  readonly name: string;
  geocode(address: ParsedAddress): Promise<GeocodeResult | null>;
}

/** Port: streets, parcels and buildings around a point. */
export interface SiteSource {
  readonly name: string;
  siteAround(origin: LatLng, address: ParsedAddress, radiusM: number): Promise<SiteModel>;
}

/** How a top-down image sits on the ground. */
export interface Georeference {
  /** Ground position of the image centre. */
  readonly center: LatLng;
  readonly metersPerPixel: number;
  /** Compass bearing that points to the top of the image (0 = north up, 90 = east up). */
  readonly rotationDeg: number;
  readonly width: number;
  readonly height: number;
}

export interface NadirImageRequest {
  readonly center: LatLng;
  readonly width: number;
  readonly height: number;
  readonly metersPerPixel: number;
  /** Compass bearing that should point to the top of the image. */
  readonly rotationDeg: number;
  /** The site model around the centre; offline imagery draws it, cloud imagery ignores it. */
  readonly site?: SiteModel;
  /** What the picture will be used for beyond keeping it: a source whose licence forbids it is not used. */
  readonly uses?: { readonly portal?: boolean; readonly print?: boolean };
}

/** Raw interleaved pixels, ready for a sharp pipeline: sharp(data, { raw: { width, height, channels } }). */
export interface NadirImage {
  readonly data: Buffer;
  readonly channels: 3 | 4;
  readonly georef: Georeference;
  readonly provider: string;
  /**
   * Ground metres per pixel of what the source really delivered, where a source says (a remote imagery
   * source): coarser than georef.metersPerPixel when the frame was upsampled past the source's resolution.
   */
  readonly groundSampleDistanceM?: number;
  /** When the imagery was captured (ISO 8601 date or date-time), where the source says; null: it does not. */
  readonly capturedAt?: string | null;
  /** True when the frame is finer than the source's pixels (groundSampleDistanceM says by how much). */
  readonly upsampled?: boolean;
  /** Which of several sources drew it and what its licence allows (the imagery chooser sets it). */
  readonly provenance?: ImageryProvenance;
}

/** Port: a top-down image of any size up to 4096 px a side. */
export interface NadirImagery {
  readonly name: string;
  render(request: NadirImageRequest): Promise<NadirImage>;
}

export const MAX_NADIR_SIDE_PX = 4096;
