// What a provider source's adapter (one file per protocol) gives the rest of the service: an imagery
// source a north-up picture of an area with its exact placement on the ground; a cadastre source the lots
// around a point. The choice between sources, the frame's rotation and crop, and the lot the property
// stands on are decided elsewhere (source chooser, geo-raster.ts, lot-selection.ts), once for every protocol.
import type { LatLng, Point } from '../../../domain/geo-types.ts';

/** A box in WGS 84 degrees. */
export interface LatLngBounds {
  readonly west: number;
  readonly south: number;
  readonly east: number;
  readonly north: number;
}

/** What went wrong with a source, in words a person can act on; `kind` decides whether the next source is tried. */
export type SourceFailureKind =
  /** No answer in time (every retry included). */
  | 'timeout'
  /** Refused by the outbound policy (a URL or address the service may not call). */
  | 'refused'
  /** An HTTP status other than 200 (after the retries a 429 gets). */
  | 'http-status'
  /** An error object (ArcGIS `{error: …}`, an OGC ServiceExceptionReport), often with HTTP 200. */
  | 'error-answer'
  /** An answer the protocol does not allow: not an image, not JSON, wrong size, missing fields. */
  | 'bad-answer'
  /** A picture with nothing on it (one flat colour: no data there). */
  | 'blank'
  /** Larger than the byte limit, or more requests than one frame may make. */
  | 'too-large';

/** A source failed; the message names the source and the URL with its key redacted, never the key. */
export class SourceError extends Error {
  constructor(
    readonly source: string,
    readonly kind: SourceFailureKind,
    message: string,
    readonly status?: number,
  ) {
    super(`${source}: ${message}`);
    this.name = 'SourceError';
  }
}

/** Where a raster's pixels lie: pixel coordinates from the top-left corner of the top-left pixel. */
export interface RasterFrame {
  readonly width: number;
  readonly height: number;
  toPixel(position: LatLng): Point;
  toLatLng(pixel: Point): LatLng;
}

/** A north-up picture a source delivered, raw interleaved pixels with their placement. */
export interface SourceRaster {
  readonly data: Buffer;
  readonly channels: 3 | 4;
  readonly frame: RasterFrame;
  /**
   * Ground metres per pixel of what the source really has there: its own resolution when that is coarser
   * than the picture it sent (a tile upsampled past its deepest zoom), else the picture's.
   */
  readonly groundSampleDistanceM: number;
  /** When the imagery was captured (ISO 8601 date or date-time), where the source says. */
  readonly capturedAt: string | null;
}

/** The area an imagery source is asked for: a north-up box around a frame, at the frame's resolution. */
export interface AreaRequest {
  readonly bounds: LatLngBounds;
  readonly center: LatLng;
  /** Ground metres per pixel the frame needs; the source sends this or its finest, whichever is coarser. */
  readonly metersPerPixel: number;
}

/** An imagery source's adapter (arcgis-export, xyz-tiles, wms). */
export interface ImagerySourceAdapter {
  readonly name: string;
  /** A north-up picture of `request.bounds`; throws SourceError when the source cannot give one. */
  fetchArea(request: AreaRequest): Promise<SourceRaster>;
}

/** One lot of the cadastre. */
export interface CadastreLot {
  /** The source's lot identifier ("5//DP123456" in NSW, "5RP123456" in Queensland). */
  readonly lotId: string;
  /** Outer rings in WGS 84 (first point not repeated); a lot in several parts has several. */
  readonly rings: readonly (readonly LatLng[])[];
  /** Set where the source marks the lot as a strata unit or a part of a building (not the base lot). */
  readonly strata?: boolean;
}

/** A cadastre source's adapter (arcgis-query, wfs). */
export interface CadastreSourceAdapter {
  readonly name: string;
  /** Every lot touching the square of `radiusM` about `point`; throws SourceError when the source fails. */
  lotsNear(point: LatLng, radiusM: number): Promise<CadastreLot[]>;
  /** The lots with this identifier (none: an empty list). */
  lotById(lotId: string): Promise<CadastreLot[]>;
}
