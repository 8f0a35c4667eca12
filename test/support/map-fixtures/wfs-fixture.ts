// A WFS 2.0 server serving the scene's lots as one feature type, written from the standards:
// - OGC Web Feature Service 2.0.2 (09-025r2, https://docs.ogc.org/is/09-025r2/09-025r2.html): GetFeature
//   in KVP encoding (SERVICE, VERSION, REQUEST, TYPENAMES, SRSNAME, OUTPUTFORMAT, COUNT; keywords are
//   case-insensitive), the ad hoc query keywords BBOX ("lc1,lc2,uc1,uc2[,crsuri]", in the axis order of its
//   CRS: the fifth value, else the feature type's default CRS) and FILTER, which exclude each other;
// - OGC Filter Encoding 2.0.2 (09-026r2, https://docs.ogc.org/is/09-026r2/09-026r2.html): fes:Filter with
//   one fes:PropertyIsEqualTo of a fes:ValueReference and a fes:Literal;
// - OGC Web Services Common 1.1 (06-121r3, https://docs.ogc.org/doi/06-121r3): errors as an
//   ows:ExceptionReport with exceptionCode and locator;
// - GeoJSON output as GeoServer gives it for OUTPUTFORMAT=application/json: a FeatureCollection with
//   numberMatched/numberReturned and a `crs` member naming SRSNAME, its coordinates in that CRS's axis
//   order (urn:ogc:def:crs:EPSG::4326 latitude first; the legacy "EPSG:4326" longitude first).
// The feature type's default CRS is urn:ogc:def:crs:EPSG::4326.
import type { ServerResponse } from 'node:http';
import type { LatLng } from '../../../functions/domain/geo-types.ts';
import {
  type FixtureRequest,
  type MapFixture,
  type Misbehaviour,
  ringTouchesBox,
  sendJson,
  startFixtureServer,
} from './fixture-http.ts';
import { SCENE_LOTS } from './scene.ts';

export const WFS_FIXTURE_TYPE_NAME = 'open-data-platform:v_parcel_mp';

export interface WfsFixtureOptions {
  /**
   * How coordinates go out: 'declared' (default) in SRSNAME's axis order with a `crs` member naming it;
   * 'lon-lat' always longitude first without `crs` (RFC 7946); 'lat-lon-undeclared' latitude first
   * without `crs` (a server that does not say what it did).
   */
  readonly output?: 'declared' | 'lon-lat' | 'lat-lon-undeclared';
  readonly misbehaviour?: Misbehaviour;
}

const LAT_FIRST = new Set(['urn:ogc:def:crs:EPSG::4326', 'http://www.opengis.net/def/crs/EPSG/0/4326']);
const LON_FIRST = new Set(['EPSG:4326', 'urn:ogc:def:crs:OGC:1.3:CRS84']);
const DEFAULT_CRS = 'urn:ogc:def:crs:EPSG::4326';

/** The scene's lots as a WFS feature type: `parcel_spi` the lot id, `parcel_pfi` a number, `geom` the polygon. */
export function startWfsFixture(options: WfsFixtureOptions = {}): Promise<MapFixture> {
  const path = '/geoserver/wfs';
  return startFixtureServer(
    path,
    (request, res, m) => {
      if (request.path !== path) return void res.writeHead(404).end();
      if (m.errorObject)
        return exception(res, 200, 'OperationProcessingFailed', '', 'The service is misbehaving on purpose.');
      getFeature(request, res, options.output ?? 'declared');
    },
    options.misbehaviour,
  );
}

function getFeature(
  request: FixtureRequest,
  res: ServerResponse,
  output: NonNullable<WfsFixtureOptions['output']>,
) {
  const kvp = Object.fromEntries(Object.entries(request.params).map(([k, v]) => [k.toUpperCase(), v]));
  if (kvp.SERVICE !== 'WFS')
    return exception(res, 400, 'InvalidParameterValue', 'service', 'SERVICE must be WFS');
  if (kvp.VERSION !== '2.0.0')
    return exception(res, 400, 'InvalidParameterValue', 'version', 'VERSION 2.0.0 only');
  if (kvp.REQUEST !== 'GetFeature')
    return exception(res, 400, 'OperationNotSupported', 'request', 'GetFeature only');
  if (kvp.TYPENAMES !== WFS_FIXTURE_TYPE_NAME)
    return exception(res, 400, 'InvalidParameterValue', 'typeNames', `Unknown type ${kvp.TYPENAMES ?? ''}`);
  if (!['application/json', 'json'].includes(kvp.OUTPUTFORMAT ?? ''))
    return exception(
      res,
      400,
      'InvalidParameterValue',
      'outputFormat',
      `No output format ${kvp.OUTPUTFORMAT ?? ''}`,
    );
  const srsName = kvp.SRSNAME ?? DEFAULT_CRS;
  if (!LAT_FIRST.has(srsName) && !LON_FIRST.has(srsName))
    return exception(res, 400, 'InvalidParameterValue', 'srsName', `Unknown CRS ${srsName}`);
  if (kvp.BBOX !== undefined && kvp.FILTER !== undefined)
    return exception(res, 400, 'OperationParsingFailed', 'filter', 'BBOX and FILTER are mutually exclusive');

  let lots = SCENE_LOTS;
  if (kvp.BBOX !== undefined) {
    const parts = kvp.BBOX.split(',');
    const crs = parts.length === 5 ? parts.pop()! : DEFAULT_CRS;
    const values = parts.map(Number);
    if (values.length !== 4 || values.some((v) => !Number.isFinite(v)))
      return exception(
        res,
        400,
        'InvalidParameterValue',
        'bbox',
        'BBOX needs four numbers and an optional CRS',
      );
    if (!LAT_FIRST.has(crs) && !LON_FIRST.has(crs))
      return exception(res, 400, 'InvalidParameterValue', 'bbox', `Unknown CRS ${crs}`);
    const [a, b, c, d] = values as [number, number, number, number];
    const box = LAT_FIRST.has(crs)
      ? { ymin: a, xmin: b, ymax: c, xmax: d }
      : { xmin: a, ymin: b, xmax: c, ymax: d };
    if (box.xmin > box.xmax || box.ymin > box.ymax)
      return exception(res, 400, 'InvalidParameterValue', 'bbox', 'lower corner above upper corner');
    lots = lots.filter((lot) =>
      ringTouchesBox(
        lot.ring.map((p) => ({ x: p.lng, y: p.lat })),
        box,
      ),
    );
  }
  if (kvp.FILTER !== undefined) {
    const equal = propertyIsEqualTo(kvp.FILTER);
    if (!equal) return exception(res, 400, 'OperationParsingFailed', 'filter', 'Cannot parse the FILTER');
    if (equal.property !== 'parcel_spi' && equal.property !== 'parcel_pfi')
      return exception(res, 400, 'InvalidParameterValue', 'filter', `Unknown property ${equal.property}`);
    lots = lots.filter(
      (lot, i) => (equal.property === 'parcel_spi' ? lot.lotId : String(1000 + i)) === equal.literal,
    );
  }
  const count = kvp.COUNT === undefined ? lots.length : Number(kvp.COUNT);
  const page = lots.slice(0, count);
  const latFirst = output === 'lat-lon-undeclared' || (output === 'declared' && LAT_FIRST.has(srsName));
  const position = (p: LatLng) => (latFirst ? [p.lat, p.lng] : [p.lng, p.lat]);
  sendJson(res, 200, {
    type: 'FeatureCollection',
    features: page.map((lot) => ({
      type: 'Feature',
      id: `v_parcel_mp.${SCENE_LOTS.indexOf(lot) + 1}`,
      geometry: { type: 'MultiPolygon', coordinates: [[[...lot.ring, lot.ring[0]!].map(position)]] },
      geometry_name: 'geom',
      properties: { parcel_pfi: String(1000 + SCENE_LOTS.indexOf(lot)), parcel_spi: lot.lotId },
    })),
    totalFeatures: lots.length,
    numberMatched: lots.length,
    numberReturned: page.length,
    timeStamp: '2026-11-28T00:00:00.000Z',
    ...(output === 'declared' ? { crs: { type: 'name', properties: { name: srsName } } } : {}),
  });
}

/** The one comparison of a fes:Filter, or undefined when the filter is anything else. */
function propertyIsEqualTo(xml: string): { property: string; literal: string } | undefined {
  const m =
    /^\s*<fes:Filter\s+xmlns:fes="http:\/\/www\.opengis\.net\/fes\/2\.0"\s*>\s*<fes:PropertyIsEqualTo>\s*<fes:ValueReference>([^<]*)<\/fes:ValueReference>\s*<fes:Literal>([^<]*)<\/fes:Literal>\s*<\/fes:PropertyIsEqualTo>\s*<\/fes:Filter>\s*$/.exec(
      xml,
    );
  if (!m) return undefined;
  const text = (s: string) =>
    s
      .replaceAll('&lt;', '<')
      .replaceAll('&gt;', '>')
      .replaceAll('&quot;', '"')
      .replaceAll('&apos;', "'")
      .replaceAll('&amp;', '&');
  return { property: text(m[1]!).trim(), literal: text(m[2]!) };
}

function exception(res: ServerResponse, status: number, code: string, locator: string, text: string): void {
  res
    .writeHead(status, { 'content-type': 'application/xml' })
    .end(
      '<?xml version="1.0" encoding="UTF-8"?>\n' +
        '<ows:ExceptionReport xmlns:ows="http://www.opengis.net/ows/1.1" version="2.0.0">' +
        `<ows:Exception exceptionCode="${code}" locator="${locator}">` +
        `<ows:ExceptionText>${text.replaceAll('&', '&amp;').replaceAll('<', '&lt;')}</ows:ExceptionText>` +
        '</ows:Exception></ows:ExceptionReport>',
    );
}
