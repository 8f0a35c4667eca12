// WMS 1.3.0 GetMap (MetroMap and other OGC map servers). Written from OGC 06-042, OpenGIS Web Map Server
// Implementation Specification 1.3.0 (https://www.ogc.org/standard/wms/):
// - 7.3.2 GetMap's parameters: VERSION=1.3.0, REQUEST=GetMap, LAYERS, STYLES (mandatory, empty for the
//   default style), CRS, BBOX, WIDTH, HEIGHT, FORMAT; TRANSPARENT and EXCEPTIONS optional.
// - 6.7.3.3 and 7.3.3.6: BBOX lists its corners in the CRS's own axis order. EPSG geographic CRSs put
//   latitude first, so EPSG:4326 is BBOX=minLat,minLon,maxLat,maxLon; EPSG:3857 is easting, northing.
// - 7.3.3.8: the map is drawn at WIDTH×HEIGHT whatever the BBOX's aspect (pixels need not be square), so
//   each axis gets its own map-unit size here and the pixels are square on the ground.
// - 7.2.4 (Service element, MaxWidth/MaxHeight): the largest map a server draws; the area is cut into
//   requests within the source's maxSize.
// - 6.11 and Annex E: a failure is a ServiceExceptionReport (XML; often with HTTP 200, text/xml or the older
//   application/vnd.ogc.se_xml): an error, never a picture.
import type { WmsSourceConfig } from '../sources/source-config.ts';
import type { SourceAnswer } from '../sources/source-get.ts';
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
import { type MapBox, planGrid } from './map-grid.ts';

/** The source's MaxWidth/MaxHeight when its row states none. */
const DEFAULT_MAX_SIZE = 4096;
const MAX_MAPS_PER_FRAME = 40;

export class Wms implements ImagerySourceAdapter {
  readonly name: string;
  private readonly context: AdapterContext;
  private readonly crs: 'EPSG:3857' | 'EPSG:4326';

  constructor(
    private readonly config: WmsSourceConfig,
    options: ImageryAdapterOptions,
  ) {
    this.name = config.name;
    this.context = adapterContext(config, options);
    this.crs = config.crs ?? 'EPSG:3857';
  }

  async fetchArea(request: AreaRequest): Promise<SourceRaster> {
    const maxSize = Math.min(
      this.config.maxSize ?? DEFAULT_MAX_SIZE,
      requestSideLimit(this.config.format === 'image/png'),
    );
    const grid = planGrid({
      sr: this.crs === 'EPSG:4326' ? 4326 : 3857,
      bounds: request.bounds,
      center: request.center,
      groundM: Math.max(request.metersPerPixel, this.config.nativeResolutionM ?? 0),
      squareMapPixels: false,
      maxWidth: maxSize,
      maxHeight: maxSize,
    });
    const maxRequests = this.context.options.maxRequests ?? MAX_MAPS_PER_FRAME + RETRY_ALLOWANCE;
    const allowed = Math.min(MAX_MAPS_PER_FRAME, maxRequests);
    if (grid.pieces.length > allowed)
      throw sourceFailure(
        this.context,
        'too-large',
        `the area needs ${grid.pieces.length} GetMap requests of at most ${maxSize}×${maxSize} pixels; one frame ` +
          `may make ${allowed}: ask for a coarser metersPerPixel or a smaller frame`,
      );
    const get = frameGet(this.context, maxRequests);
    const mosaic = Buffer.alloc(grid.width * grid.height * 3);
    await eachBounded(grid.pieces, this.context.options.concurrency ?? DEFAULT_CONCURRENCY, async (piece) => {
      const url = this.getMapUrl(piece.box, piece.width, piece.height);
      const request = asked(this.context, `GetMap of a ${piece.width}×${piece.height} map`, url);
      const answer = await get(url);
      this.refuseException(answer, request);
      paste(mosaic, grid.width, await decodePicture(this.context, answer, piece, request), piece);
    });
    return {
      data: mosaic,
      channels: 3,
      frame: grid.frame,
      groundSampleDistanceM: grid.groundSampleDistanceM,
      capturedAt: null,
    };
  }

  private getMapUrl(box: MapBox, width: number, height: number): string {
    const url = new URL(this.config.url);
    const params = url.searchParams;
    // Some servers read parameter names case-insensitively; an endpoint's own copies would be ambiguous.
    for (const name of [...params.keys()])
      if (
        /^(service|version|request|layers|styles|crs|srs|bbox|width|height|format|transparent|exceptions)$/i.test(
          name,
        )
      )
        params.delete(name);
    const bbox =
      this.crs === 'EPSG:4326'
        ? [box.minY, box.minX, box.maxY, box.maxX] // latitude first (EPSG axis order)
        : [box.minX, box.minY, box.maxX, box.maxY];
    params.set('SERVICE', 'WMS');
    params.set('VERSION', '1.3.0');
    params.set('REQUEST', 'GetMap');
    params.set('LAYERS', this.config.layers);
    params.set('STYLES', this.config.styles ?? '');
    params.set('CRS', this.crs);
    params.set('BBOX', bbox.join(','));
    params.set('WIDTH', String(width));
    params.set('HEIGHT', String(height));
    params.set('FORMAT', this.config.format ?? 'image/jpeg');
    params.set('TRANSPARENT', 'FALSE');
    params.set('EXCEPTIONS', 'XML');
    return url.toString();
  }

  /** A ServiceExceptionReport (or any other markup: XML, HTML) where a picture was asked for. */
  private refuseException(answer: SourceAnswer, request: Asked): void {
    // Judged by the body, not the content-type: some servers label pictures oddly; no picture starts with '<'.
    const start = answer.bytes
      .subarray(0, 256)
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .trimStart();
    if (!start.startsWith('<')) return;
    const text = answer.bytes.toString('utf8');
    if (/ServiceExceptionReport|ServiceException|ExceptionReport/.test(text)) {
      const exceptions = [
        ...text.matchAll(
          /<(?:\w+:)?(?:ServiceException|Exception)\b([^>]*)>([\s\S]*?)<\/(?:\w+:)?(?:ServiceException|Exception)>/g,
        ),
      ].map(([, attributes, body]) => {
        const code = /\b(?:code|exceptionCode)="([^"]*)"/.exec(attributes ?? '')?.[1];
        const message = (body ?? '')
          .replace(/<!\[CDATA\[([\s\S]*?)\]\]>/g, '$1')
          .replace(/<[^>]+>/g, ' ')
          .trim();
        return `${code ? `${code}: ` : ''}${message || 'no text'}`;
      });
      throw requestFailure(
        this.context,
        'error-answer',
        request,
        `answered a service exception: ${scrub(exceptions.join('; ') || 'no detail')}`,
      );
    }
    throw requestFailure(
      this.context,
      'bad-answer',
      request,
      `answered something that is not a picture (${describeBody(answer)})`,
    );
  }
}
