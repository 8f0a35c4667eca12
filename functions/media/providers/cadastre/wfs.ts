// The lots of a WFS 2.0 feature type (Vicmap Property's parcels on Victoria's GeoServer, any cadastre
// behind a WFS) through GetFeature in KVP encoding, GeoJSON out: the lots in a BBOX about a point, or the
// lots whose id field equals an id (an OGC Filter Encoding 2.0 PropertyIsEqualTo). The BBOX carries its
// CRS as its fifth value and follows that CRS's axis order: urn:ogc:def:crs:EPSG::4326 is latitude first.
// The answer is read in the order its `crs` member names (GeoJSON itself is longitude first); an
// ows:ExceptionReport is an error whatever its HTTP status.
// OGC Web Feature Service 2.0.2 (09-025r2, ISO 19142), the GetFeature operation and the ad hoc query
// keywords (BBOX, FILTER, COUNT): https://docs.ogc.org/is/09-025r2/09-025r2.html
// OGC Filter Encoding 2.0.2 (09-026r2, ISO 19143), PropertyIsEqualTo: https://docs.ogc.org/is/09-026r2/09-026r2.html
// OGC Web Services Common 1.1 (06-121r3), the ExceptionReport: https://docs.ogc.org/doi/06-121r3
import type { LatLng } from '../../../domain/geo-types.ts';
import {
  checkKey,
  isRecord,
  type Operation,
  openOperation,
  parseJson,
  type SourceAdapterOptions,
} from '../sources/adapter-get.ts';
import { withParams } from '../sources/arcgis-rest.ts';
import { covers, type WfsCadastreConfig } from '../sources/source-config.ts';
import { type CadastreLot, type CadastreSourceAdapter, SourceError } from '../sources/source-types.ts';
import { boundsAround, checkNear, degrees, lotsFromFeatures } from './lot-features.ts';
import { type AxisOrder, ringsFromGeoJson } from './lot-geometry.ts';
import { lotIdProblem } from './lot-id.ts';

const URN_4326 = 'urn:ogc:def:crs:EPSG::4326';
const DEFAULT_MAX_FEATURES = 500;

export class WfsCadastre implements CadastreSourceAdapter {
  readonly name: string;
  private readonly srsName: 'urn:ogc:def:crs:EPSG::4326' | 'EPSG:4326';

  constructor(
    private readonly config: WfsCadastreConfig,
    private readonly options: SourceAdapterOptions,
  ) {
    checkKey(config, options);
    this.name = config.name;
    this.srsName = config.srsName ?? URN_4326;
  }

  async lotsNear(point: LatLng, radiusM: number): Promise<CadastreLot[]> {
    checkNear(this.name, point, radiusM);
    const b = boundsAround(point, radiusM);
    const corners =
      this.srsName === URN_4326 ? [b.south, b.west, b.north, b.east] : [b.west, b.south, b.east, b.north];
    return this.getFeature({ BBOX: [...corners.map(degrees), this.srsName].join(',') });
  }

  async lotById(lotId: string): Promise<CadastreLot[]> {
    const problem = lotIdProblem(lotId);
    if (problem)
      throw new SourceError(this.name, 'refused', `lot ${JSON.stringify(lotId.slice(0, 80))}: ${problem}`);
    const filter =
      '<fes:Filter xmlns:fes="http://www.opengis.net/fes/2.0"><fes:PropertyIsEqualTo>' +
      `<fes:ValueReference>${xmlText(this.config.lotIdField)}</fes:ValueReference>` +
      `<fes:Literal>${xmlText(lotId)}</fes:Literal>` +
      '</fes:PropertyIsEqualTo></fes:Filter>';
    const lots = await this.getFeature({ FILTER: filter });
    return lots.filter((lot) => lot.lotId === lotId);
  }

  private async getFeature(selection: Record<string, string>): Promise<CadastreLot[]> {
    const operation = openOperation(this.config, this.options);
    const count = this.config.maxFeatures ?? DEFAULT_MAX_FEATURES;
    const url = withParams(this.config.url, {
      SERVICE: 'WFS',
      VERSION: '2.0.0',
      REQUEST: 'GetFeature',
      TYPENAMES: this.config.typeNames,
      SRSNAME: this.srsName,
      OUTPUTFORMAT: this.config.outputFormat ?? 'application/json',
      COUNT: String(count),
      ...selection,
    });
    const body = await this.answer(operation, url);
    if (!isRecord(body) || body.type !== 'FeatureCollection' || !Array.isArray(body.features))
      throw new SourceError(
        this.name,
        'bad-answer',
        'the GetFeature answer is not a GeoJSON FeatureCollection',
      );
    const matched = typeof body.numberMatched === 'number' ? body.numberMatched : undefined;
    if (body.features.length >= count && (matched === undefined || matched > body.features.length))
      throw new SourceError(
        this.name,
        'too-large',
        `more than ${count} lots in one lookup (raise maxFeatures or ask for a smaller area)`,
      );
    const axis = this.axisOf(body);
    const lots = lotsFromFeatures(
      this.name,
      body.features.map((feature) => {
        const f = isRecord(feature) ? feature : {};
        return {
          properties: isRecord(f.properties) ? f.properties : {},
          rings: () => ringsFromGeoJson(f.geometry, axis),
        };
      }),
      this.config.lotIdField,
      this.config.strata,
    );
    this.checkPlace(lots);
    return lots;
  }

  /** The answer's JSON, or the SourceError its ExceptionReport (or lack of JSON) calls for. */
  private async answer(operation: Operation, url: string): Promise<unknown> {
    const { bytes } = await operation.get(url);
    const text = bytes.toString('utf8').trimStart();
    if (text.startsWith('<')) {
      const report = exceptionReport(text);
      throw new SourceError(
        this.name,
        report ? 'error-answer' : 'bad-answer',
        report
          ? operation.redact(`the GetFeature answer was an exception report: ${report}`)
          : 'the GetFeature answer was XML, not GeoJSON; check that the server takes the outputFormat configured',
      );
    }
    return parseJson(this.name, bytes, 'the GetFeature answer');
  }

  /** The answer's axis order: what its `crs` member names, else the row's axisOrder (GeoJSON's lon-lat). */
  private axisOf(body: Record<string, unknown>): AxisOrder {
    const crs = isRecord(body.crs) && isRecord(body.crs.properties) ? body.crs.properties.name : undefined;
    if (typeof crs !== 'string') return this.config.axisOrder ?? 'lon-lat';
    const name = crs.trim();
    if (
      /^urn:ogc:def:crs:EPSG:[0-9.]*:4326$/i.test(name) ||
      /opengis\.net\/def\/crs\/EPSG\/[0-9.]+\/4326$/i.test(name)
    )
      return 'lat-lon';
    if (/^EPSG:4326$/i.test(name) || /CRS:?84$/i.test(name)) return 'lon-lat';
    throw new SourceError(this.name, 'bad-answer', `the lots came in ${name}, not the EPSG:4326 asked for`);
  }

  /**
   * Lots outside the source's coverage mean the axes were read the wrong way round (a server answering in
   * an order it does not declare): refused, never drawn at a wrong place.
   */
  private checkPlace(lots: readonly CadastreLot[]): void {
    const c = this.config.coverage;
    const margin = { west: c.west - 1, south: c.south - 1, east: c.east + 1, north: c.north + 1 };
    const stray = lots.find((lot) => lot.rings.some((ring) => !covers(margin, ring[0]!)));
    if (stray)
      throw new SourceError(
        this.name,
        'bad-answer',
        `lot ${stray.lotId} lies outside the source's coverage; the server's axis order may differ from the one read (set axisOrder or srsName)`,
      );
  }
}

/** The exception codes and texts of an ows:ExceptionReport, or undefined when `xml` is not one. */
export function exceptionReport(xml: string): string | undefined {
  if (!/<(?:[A-Za-z0-9_-]+:)?ExceptionReport[\s>]/.test(xml)) return undefined;
  const parts: string[] = [];
  for (const m of xml.matchAll(
    /<(?:[A-Za-z0-9_-]+:)?Exception\b([^>]*)>([\s\S]*?)<\/(?:[A-Za-z0-9_-]+:)?Exception>/g,
  )) {
    const code = /exceptionCode="([^"]*)"/.exec(m[1] ?? '')?.[1];
    const texts = [
      ...(m[2] ?? '').matchAll(
        /<(?:[A-Za-z0-9_-]+:)?ExceptionText>([\s\S]*?)<\/(?:[A-Za-z0-9_-]+:)?ExceptionText>/g,
      ),
    ]
      .map((t) => unescapeXml(t[1] ?? '').trim())
      .filter((t) => t !== '');
    parts.push([code, ...texts].filter((p) => p !== undefined && p !== '').join(': '));
  }
  return (parts.join('; ') || 'no exception text').slice(0, 500);
}

function xmlText(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&apos;');
}

function unescapeXml(value: string): string {
  return value
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .replaceAll('&apos;', "'")
    .replaceAll('&amp;', '&');
}
