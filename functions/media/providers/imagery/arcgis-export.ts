// ArcGIS REST imagery: a MapServer's `export` or an ImageServer's `exportImage`, asked with f=image for the
// picture's bytes alone. Written from the ArcGIS REST API reference:
//   https://developers.arcgis.com/rest/services-reference/enterprise/export-map/
//   https://developers.arcgis.com/rest/services-reference/enterprise/export-image/
// - The service's description (`<service-url>?f=json`) states the largest picture it draws
//   (maxImageWidth/maxImageHeight); the area is cut into requests within them. Absent, 2048 px a side: the
//   MapServer default (ArcObjects IMapServerInit.MaxImageWidth/MaxImageHeight, "The default value for
//   these properties is 2048 pixels").
// - "The extent displayed in the exported map image may not exactly match the extent sent in the bbox
//   parameter when the aspect ratio of the image size does not match the aspect ratio of the bbox": with
//   f=image nothing says which extent was drawn, so every request's size has its bbox's aspect exactly
//   (whole pixels of one grid, map-grid.ts).
// - A failure is `{"error": {"code", "message", "details"}}`, often with HTTP 200: an error, never a picture.
import type { LatLng } from '../../../domain/geo-types.ts';
import type { ArcgisExportSourceConfig } from '../sources/source-config.ts';
import type { SourceAnswer, SourceGet } from '../sources/source-get.ts';
import type { AreaRequest, ImagerySourceAdapter, SourceRaster } from '../sources/source-types.ts';
import {
  type AdapterContext,
  type Asked,
  adapterContext,
  asked,
  DEFAULT_CONCURRENCY,
  decodePicture,
  describeBody,
  eachBounded,
  frameGet,
  type ImageryAdapterOptions,
  paste,
  RETRY_ALLOWANCE,
  requestFailure,
  requestSideLimit,
  scrub,
  sourceFailure,
} from './adapter-common.ts';
import { groundPerUnit, type MapSr, planGrid } from './map-grid.ts';

/** MapServer's documented default picture limit, used when a description states none. */
export const DEFAULT_MAX_IMAGE_SIDE = 2048;
/** Export requests one frame may make (a 4K frame turned 45° at a 1024 px limit needs 36). */
const MAX_EXPORTS_PER_FRAME = 40;
/** A service's description is read once per container and kept this long. */
const DESCRIPTION_TTL_MS = 60 * 60 * 1000;

type ServiceKind = 'MapServer' | 'ImageServer';

interface ServiceFacts {
  readonly maxWidth: number;
  readonly maxHeight: number;
  /** The finest ground resolution the description states, metres per pixel at a position; none stated: undefined. */
  readonly nativeResolution: ((at: LatLng) => number) | undefined;
  readonly capturedAt: string | null;
}

const descriptions = new Map<string, { readonly until: number; readonly facts: Promise<ServiceFacts> }>();

/** Forgets every service description read so far (tests that change a service's description). */
export function forgetArcgisDescriptions(): void {
  descriptions.clear();
}

export class ArcgisExport implements ImagerySourceAdapter {
  readonly name: string;
  private readonly context: AdapterContext;
  private readonly kind: ServiceKind;
  private readonly serviceUrl: URL;
  private readonly sr: MapSr;

  constructor(
    private readonly config: ArcgisExportSourceConfig,
    options: ImageryAdapterOptions,
  ) {
    this.name = config.name;
    this.context = adapterContext(config, options);
    this.serviceUrl = new URL(config.url);
    this.serviceUrl.pathname = this.serviceUrl.pathname.replace(/\/+$/, '');
    const kind = /\/(MapServer|ImageServer)$/i.exec(this.serviceUrl.pathname)?.[1]?.toLowerCase();
    if (!kind)
      throw new Error(
        `imagery source ${config.name}: url must be an ArcGIS REST service ending in /MapServer or /ImageServer`,
      );
    this.kind = kind === 'mapserver' ? 'MapServer' : 'ImageServer';
    this.sr = config.sr ?? 3857;
  }

  async fetchArea(request: AreaRequest): Promise<SourceRaster> {
    const maxRequests = this.context.options.maxRequests ?? 1 + MAX_EXPORTS_PER_FRAME + RETRY_ALLOWANCE;
    const get = frameGet(this.context, maxRequests);
    const facts = await this.facts(get);
    const native = this.config.nativeResolutionM ?? facts.nativeResolution?.(request.center);
    const grid = planGrid({
      sr: this.sr,
      bounds: request.bounds,
      center: request.center,
      groundM: Math.max(request.metersPerPixel, native ?? 0),
      squareMapPixels: true,
      maxWidth: Math.min(facts.maxWidth, this.sideLimit),
      maxHeight: Math.min(facts.maxHeight, this.sideLimit),
    });
    const allowed = Math.min(MAX_EXPORTS_PER_FRAME, maxRequests - 1);
    if (grid.pieces.length > allowed)
      throw sourceFailure(
        this.context,
        'too-large',
        `the area needs ${grid.pieces.length} ${this.operation} requests of at most ` +
          `${Math.min(facts.maxWidth, this.sideLimit)}×${Math.min(facts.maxHeight, this.sideLimit)} ` +
          `pixels; one frame may make ${allowed}: ask for a coarser metersPerPixel or a smaller frame`,
      );
    const mosaic = Buffer.alloc(grid.width * grid.height * 3);
    await eachBounded(grid.pieces, this.context.options.concurrency ?? DEFAULT_CONCURRENCY, async (piece) => {
      const url = this.exportUrl(piece.box, piece.width, piece.height);
      const request = asked(
        this.context,
        `${this.operation} of a ${piece.width}×${piece.height} picture`,
        url,
      );
      const answer = await get(url);
      this.refuseErrorObject(answer, request);
      paste(mosaic, grid.width, await decodePicture(this.context, answer, piece, request), piece);
    });
    return {
      data: mosaic,
      channels: 3,
      frame: grid.frame,
      groundSampleDistanceM: grid.groundSampleDistanceM,
      capturedAt: facts.capturedAt,
    };
  }

  private get sideLimit(): number {
    return requestSideLimit((this.config.format ?? 'jpg').startsWith('png'));
  }

  private get operation(): string {
    return this.kind === 'MapServer' ? 'export' : 'exportImage';
  }

  private exportUrl(
    box: { minX: number; minY: number; maxX: number; maxY: number },
    width: number,
    height: number,
  ): string {
    const url = new URL(this.serviceUrl);
    url.pathname = `${url.pathname}/${this.operation}`;
    const params = url.searchParams;
    params.set('bbox', `${box.minX},${box.minY},${box.maxX},${box.maxY}`);
    params.set('bboxSR', String(this.sr));
    params.set('imageSR', String(this.sr));
    params.set('size', `${width},${height}`);
    params.set('format', this.config.format ?? 'jpg');
    if (this.kind === 'MapServer') {
      if (this.config.layers) params.set('layers', this.config.layers);
      params.set('transparent', 'false');
    } else {
      params.set('interpolation', 'RSP_BilinearInterpolation');
    }
    params.set('f', 'image');
    return url.toString();
  }

  /** An error object (or any JSON) where a picture was asked for. */
  private refuseErrorObject(answer: SourceAnswer, request: Asked): void {
    const json = jsonBody(answer);
    if (json === undefined) return;
    const error = errorObject(json);
    if (error) throw requestFailure(this.context, 'error-answer', request, `answered an error: ${error}`);
    throw requestFailure(
      this.context,
      'bad-answer',
      request,
      `answered JSON, not a picture (${describeBody(answer)})`,
    );
  }

  /** The service's description: read once per container and kept an hour; a failure is not kept. */
  private facts(get: SourceGet): Promise<ServiceFacts> {
    const key = this.serviceUrl.toString();
    const known = descriptions.get(key);
    if (known && known.until > Date.now()) return known.facts;
    const facts = this.readDescription(get);
    descriptions.set(key, { until: Date.now() + DESCRIPTION_TTL_MS, facts });
    facts.catch(() => {
      if (descriptions.get(key)?.facts === facts) descriptions.delete(key);
    });
    return facts;
  }

  private async readDescription(get: SourceGet): Promise<ServiceFacts> {
    const url = new URL(this.serviceUrl);
    url.searchParams.set('f', 'json');
    const request = asked(this.context, `the ${this.kind} description`, url.toString());
    const answer = await get(url.toString());
    const json = jsonBody(answer);
    if (json === undefined || typeof json !== 'object' || json === null || Array.isArray(json))
      throw requestFailure(
        this.context,
        'bad-answer',
        request,
        `is not a JSON object (${describeBody(answer)})`,
      );
    const error = errorObject(json);
    if (error) throw requestFailure(this.context, 'error-answer', request, `answered an error: ${error}`);
    return describeService(this.kind, json as Record<string, unknown>);
  }
}

/** The body as JSON when it is JSON (ArcGIS sends errors as text/plain too); undefined otherwise. */
function jsonBody(answer: SourceAnswer): unknown {
  const start = answer.bytes.subarray(0, 16).toString('utf8').trimStart();
  if (!start.startsWith('{') && !start.startsWith('[')) return undefined;
  try {
    return JSON.parse(answer.bytes.toString('utf8'));
  } catch {
    return undefined;
  }
}

/** "code 400: Unable to complete operation. (Invalid bbox)" for an ArcGIS error object; undefined otherwise. */
function errorObject(json: unknown): string | undefined {
  if (typeof json !== 'object' || json === null || !('error' in json)) return undefined;
  const error = (json as { error: unknown }).error;
  if (typeof error !== 'object' || error === null) return scrub(String(error));
  const { code, message, details } = error as { code?: unknown; message?: unknown; details?: unknown };
  const detail = Array.isArray(details) ? details.filter((d) => typeof d === 'string' && d.trim()) : [];
  return scrub(
    `${code !== undefined ? `code ${String(code)}: ` : ''}${typeof message === 'string' ? message : 'no message'}` +
      (detail.length ? ` (${detail.join('; ')})` : ''),
  );
}

const WEB_MERCATOR_WKIDS = new Set([3857, 102100, 102113, 900913, 3785]);
const GEOGRAPHIC_WKIDS = new Set([4326, 4283, 7844, 4167, 4269, 4258]);

const positive = (v: unknown): number | undefined =>
  typeof v === 'number' && Number.isFinite(v) && v > 0 ? v : undefined;

function wkidOf(sr: unknown): number | undefined {
  if (typeof sr !== 'object' || sr === null) return undefined;
  const { latestWkid, wkid } = sr as { latestWkid?: unknown; wkid?: unknown };
  return positive(latestWkid) ?? positive(wkid);
}

/** Ground metres per pixel at a position of a resolution given in a spatial reference's units. */
function groundResolution(
  resolution: number,
  wkid: number | undefined,
  units: unknown,
): (at: LatLng) => number {
  if (wkid !== undefined && WEB_MERCATOR_WKIDS.has(wkid))
    return (at) => {
      const unit = groundPerUnit(3857, at);
      return resolution * Math.max(unit.x, unit.y);
    };
  if ((wkid !== undefined && GEOGRAPHIC_WKIDS.has(wkid)) || units === 'esriDecimalDegrees')
    return (at) => {
      const unit = groundPerUnit(4326, at);
      return resolution * Math.max(unit.x, unit.y);
    };
  const metres = units === 'esriFeet' ? 0.3048 : 1;
  return () => resolution * metres;
}

/**
 * What a description says that the export needs: its picture limit, the finest resolution it states
 * (an ImageServer's pixelSizeX/pixelSizeY; a cached MapServer's finest tileInfo level) and its time extent.
 */
function describeService(kind: ServiceKind, json: Record<string, unknown>): ServiceFacts {
  const serviceWkid = wkidOf(json.spatialReference);
  let nativeResolution: ServiceFacts['nativeResolution'];
  if (kind === 'ImageServer') {
    const x = positive(json.pixelSizeX);
    const y = positive(json.pixelSizeY);
    if (x !== undefined || y !== undefined)
      nativeResolution = groundResolution(Math.max(x ?? 0, y ?? 0), serviceWkid, undefined);
  } else {
    const tileInfo = json.tileInfo as { lods?: unknown; spatialReference?: unknown } | undefined;
    const resolutions = Array.isArray(tileInfo?.lods)
      ? tileInfo.lods.map((lod) => positive((lod as { resolution?: unknown })?.resolution)).filter((r) => r)
      : [];
    if (resolutions.length)
      nativeResolution = groundResolution(
        Math.min(...(resolutions as number[])),
        wkidOf(tileInfo?.spatialReference) ?? serviceWkid,
        json.units,
      );
  }
  return {
    maxWidth: Math.floor(positive(json.maxImageWidth) ?? DEFAULT_MAX_IMAGE_SIDE),
    maxHeight: Math.floor(positive(json.maxImageHeight) ?? DEFAULT_MAX_IMAGE_SIDE),
    nativeResolution,
    capturedAt: capturedAt(json.timeInfo),
  };
}

/**
 * A time-aware service's timeInfo.timeExtent ([start, end], epoch milliseconds): its end, the newest capture
 * the service states for its imagery. Services without time say nothing.
 */
function capturedAt(timeInfo: unknown): string | null {
  const extent = (timeInfo as { timeExtent?: unknown } | undefined)?.timeExtent;
  if (!Array.isArray(extent)) return null;
  const end = positive(extent[1]) ?? positive(extent[0]);
  if (end === undefined) return null;
  const date = new Date(end);
  return Number.isNaN(date.getTime()) ? null : date.toISOString().slice(0, 10);
}
