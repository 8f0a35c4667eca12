// An ArcGIS REST layer serving the scene's lots, written from the ArcGIS REST API's documentation:
// - the layer resource (`<layer>?f=json`): its fields, maxRecordCount, supportedQueryFormats ("JSON,
//   geoJSON") and advancedQueryCapabilities.supportsPagination ("Layer / Table",
//   https://developers.arcgis.com/rest/services-reference/enterprise/layer-table/);
// - the `query` operation ("Query (Map Service/Layer)",
//   https://developers.arcgis.com/rest/services-reference/enterprise/query-map-service-layer/): `where`,
//   `geometry` as an envelope in the simple "xmin,ymin,xmax,ymax" syntax or as JSON with `geometryType=
//   esriGeometryEnvelope`, `inSR`, `spatialRel=esriSpatialRelIntersects`, `outFields`, `returnGeometry`,
//   `outSR`, `resultOffset`/`resultRecordCount` (10.3), and `exceededTransferLimit` when a result is cut
//   at maxRecordCount (10.3.1);
// - `f=json` answers Esri JSON (polygon `rings`, outer rings clockwise, holes anticlockwise) and
//   `f=geojson` a GeoJSON FeatureCollection (10.4; "Output formats",
//   https://developers.arcgis.com/rest/services-reference/enterprise/output-formats/);
// - a request it cannot do is answered as ArcGIS does: HTTP 200 with `{"error": {"code", "message",
//   "details"}}`.
// Only 4326 in and out, and `where` of `=` comparisons joined by AND (and 1=1): what the adapters send.
// The envelope intersection is the fixture's own (fixture-http.ts), never the adapters' geometry.
import type { ServerResponse } from 'node:http';
import type { LatLng } from '../../../functions/domain/geo-types.ts';
import {
  type FixtureRequest,
  type MapFixture,
  type Misbehaviour,
  ringTouchesBox,
  sendJson,
  startFixtureServer,
  type XY,
} from './fixture-http.ts';
import { PROPERTY_LOT, SCENE_LOTS } from './scene.ts';

type Value = string | number | null;

/** One feature of a fixture layer: attributes and either polygons (outer ring anticlockwise) or a point. */
export interface ArcgisFixtureFeature {
  readonly attributes: Readonly<Record<string, Value>>;
  readonly polygons?: readonly {
    readonly outer: readonly LatLng[];
    readonly holes: readonly (readonly LatLng[])[];
  }[];
  readonly point?: LatLng;
}

export interface ArcgisFixtureLayer {
  readonly name: string;
  readonly geometryType: 'esriGeometryPolygon' | 'esriGeometryPoint';
  /** Field name → Esri field type. */
  readonly fields: Readonly<
    Record<string, 'esriFieldTypeOID' | 'esriFieldTypeString' | 'esriFieldTypeInteger'>
  >;
  readonly features: readonly ArcgisFixtureFeature[];
  /** "JSON, geoJSON" by default; "JSON" for a layer from before 10.4. */
  readonly supportedQueryFormats?: string;
  readonly maxRecordCount?: number;
  readonly supportsPagination?: boolean;
  /** Every request must carry this `token` (a secured service); others get error 499. */
  readonly token?: string;
  /** The error object repeats the request's URL (as some services' messages do), key and all. */
  readonly errorEchoesUrl?: boolean;
  /** Esri JSON lists a lot's hole before its outer ring (orientation, not order, tells them apart). */
  readonly holesFirst?: boolean;
}

export interface ArcgisQueryFixtureOptions {
  readonly supportedQueryFormats?: string;
  readonly maxRecordCount?: number;
  readonly supportsPagination?: boolean;
  readonly token?: string;
  readonly errorEchoesUrl?: boolean;
  /** Give the property lot a 2 m square hole (a courtyard lot), listed first in Esri JSON. */
  readonly holeInPropertyLot?: boolean;
  readonly misbehaviour?: Misbehaviour;
}

/** The property lot's hole when asked for: 2 m square, well inside, clockwise. */
const HOLE: readonly LatLng[] = [
  { lat: -33.883, lng: 151.1993 },
  { lat: -33.88298, lng: 151.1993 },
  { lat: -33.88298, lng: 151.19932 },
  { lat: -33.883, lng: 151.19932 },
];

/**
 * The scene's cadastre as NSW_Cadastre MapServer/9 would serve it: `lotidstring` ("5//DP123456"),
 * `planlabel` ("DP123456"), and the fixture's own `strata_unit` ("Y" on the strata units) to test a
 * configured strata marking.
 */
export function startArcgisQueryFixture(options: ArcgisQueryFixtureOptions = {}): Promise<MapFixture> {
  const features = SCENE_LOTS.map(
    (lot, i): ArcgisFixtureFeature => ({
      attributes: {
        objectid: i + 1,
        lotidstring: lot.lotId,
        planlabel: lot.lotId.split('/').pop() ?? '',
        strata_unit: lot.strata ? 'Y' : 'N',
      },
      polygons: [
        {
          outer: lot.ring,
          holes: options.holeInPropertyLot && lot.lotId === PROPERTY_LOT.lotId ? [HOLE] : [],
        },
      ],
    }),
  );
  return startArcgisLayerFixture(
    '/arcgis/rest/services/public/NSW_Cadastre/MapServer/9',
    {
      name: 'Lot',
      geometryType: 'esriGeometryPolygon',
      fields: {
        objectid: 'esriFieldTypeOID',
        lotidstring: 'esriFieldTypeString',
        planlabel: 'esriFieldTypeString',
        strata_unit: 'esriFieldTypeString',
      },
      features,
      ...(options.supportedQueryFormats !== undefined
        ? { supportedQueryFormats: options.supportedQueryFormats }
        : {}),
      ...(options.maxRecordCount !== undefined ? { maxRecordCount: options.maxRecordCount } : {}),
      ...(options.supportsPagination !== undefined ? { supportsPagination: options.supportsPagination } : {}),
      ...(options.token !== undefined ? { token: options.token } : {}),
      ...(options.errorEchoesUrl ? { errorEchoesUrl: true } : {}),
      ...(options.holeInPropertyLot ? { holesFirst: true } : {}),
    },
    options.misbehaviour,
  );
}

/** Any layer (lots, address points) at `path`, answering its description and `query`. */
export function startArcgisLayerFixture(
  path: string,
  layer: ArcgisFixtureLayer,
  misbehaviour?: Misbehaviour,
): Promise<MapFixture> {
  return startFixtureServer(
    path,
    (request, res, m) => {
      const fail = (code: number, message: string, details: string[] = []) =>
        sendJson(res, 200, {
          error: {
            code,
            message,
            details: layer.errorEchoesUrl ? [...details, `request: ${request.url}`] : details,
          },
        });
      if (m.errorObject)
        return fail(400, 'Unable to complete operation.', ['Service is misbehaving on purpose.']);
      if (layer.token !== undefined && request.params.token !== layer.token)
        return fail(499, 'Token Required', []);
      if (request.path === path) return describeLayer(layer, res);
      if (request.path === `${path}/query`) return query(layer, request, res, fail);
      res.writeHead(404).end();
    },
    misbehaviour,
  );
}

function describeLayer(layer: ArcgisFixtureLayer, res: ServerResponse): void {
  sendJson(res, 200, {
    currentVersion: 10.91,
    id: 0,
    name: layer.name,
    type: 'Feature Layer',
    geometryType: layer.geometryType,
    fields: Object.entries(layer.fields).map(([name, type]) => ({ name, type, alias: name })),
    maxRecordCount: layer.maxRecordCount ?? 1000,
    supportedQueryFormats: layer.supportedQueryFormats ?? 'JSON, geoJSON',
    advancedQueryCapabilities: { supportsPagination: layer.supportsPagination ?? true },
    capabilities: 'Map,Query,Data',
  });
}

function query(
  layer: ArcgisFixtureLayer,
  request: FixtureRequest,
  res: ServerResponse,
  fail: (code: number, message: string, details?: string[]) => void,
) {
  const p = request.params;
  const format = (p.f ?? 'html').toLowerCase();
  const formats = (layer.supportedQueryFormats ?? 'JSON, geoJSON').toLowerCase().split(/\s*,\s*/);
  if (!(format === 'json' || format === 'pjson' || (format === 'geojson' && formats.includes('geojson'))))
    return fail(400, 'Invalid or missing input parameters.', [
      `'f' ${p.f ?? ''} is not supported by this layer`,
    ]);
  if (p.where === undefined && p.geometry === undefined)
    return fail(400, 'Invalid or missing input parameters.', ["'where' or 'geometry' is required"]);

  let where: (attributes: Readonly<Record<string, Value>>) => boolean;
  try {
    where = parseWhere(p.where ?? '1=1', new Set(Object.keys(layer.fields)));
  } catch (error) {
    return fail(400, 'Unable to complete operation.', [`Invalid where clause: ${(error as Error).message}`]);
  }

  let box: { xmin: number; ymin: number; xmax: number; ymax: number } | undefined;
  if (p.geometry !== undefined) {
    if ((p.geometryType ?? 'esriGeometryEnvelope') !== 'esriGeometryEnvelope')
      return fail(400, 'Invalid or missing input parameters.', ['only esriGeometryEnvelope is served here']);
    if ((p.inSR ?? '4326') !== '4326')
      return fail(400, 'Invalid or missing input parameters.', ['inSR must be 4326']);
    if ((p.spatialRel ?? 'esriSpatialRelIntersects') !== 'esriSpatialRelIntersects')
      return fail(400, 'Invalid or missing input parameters.', [
        'only esriSpatialRelIntersects is served here',
      ]);
    box = parseEnvelope(p.geometry);
    if (!box) return fail(400, 'Invalid or missing input parameters.', ['Invalid geometry']);
  }
  if (p.returnGeometry !== 'false' && (p.outSR ?? '4326') !== '4326')
    return fail(400, 'Invalid or missing input parameters.', ['outSR must be 4326']);
  const outFields =
    p.outFields === undefined || p.outFields === '*'
      ? Object.keys(layer.fields)
      : p.outFields.split(',').map((f) => f.trim());
  const unknown = outFields.find((f) => !(f in layer.fields));
  if (unknown) return fail(400, 'Invalid or missing input parameters.', [`Invalid field: ${unknown}`]);
  const paged = p.resultOffset !== undefined || p.resultRecordCount !== undefined;
  if (paged && layer.supportsPagination === false) return fail(400, 'Pagination is not supported.', []);

  const matching = layer.features.filter(
    (f) =>
      where(f.attributes) &&
      (!box ||
        (f.polygons ?? []).some((poly) => ringTouchesBox(xy(poly.outer), box!)) ||
        (f.point !== undefined && ringTouchesBox([xy([f.point])[0]!], box))),
  );
  const offset = Number(p.resultOffset ?? 0);
  const limit = Math.min(
    layer.maxRecordCount ?? 1000,
    Number(p.resultRecordCount ?? Number.POSITIVE_INFINITY),
  );
  const page = matching.slice(offset, offset + limit);
  const exceeded = offset + page.length < matching.length;
  const withGeometry = p.returnGeometry !== 'false';
  const attributesOf = (f: ArcgisFixtureFeature) =>
    Object.fromEntries(outFields.map((name) => [name, f.attributes[name] ?? null]));

  if (format === 'geojson') {
    sendJson(res, 200, {
      type: 'FeatureCollection',
      features: page.map((f) => ({
        type: 'Feature',
        id: f.attributes.objectid ?? null,
        geometry: withGeometry ? geojsonGeometry(f) : null,
        properties: attributesOf(f),
      })),
      ...(exceeded ? { properties: { exceededTransferLimit: true } } : {}),
    });
    return;
  }
  sendJson(res, 200, {
    displayFieldName: Object.keys(layer.fields)[1] ?? '',
    geometryType: layer.geometryType,
    spatialReference: { wkid: 4326, latestWkid: 4326 },
    fields: outFields.map((name) => ({ name, type: layer.fields[name], alias: name })),
    features: page.map((f) => ({
      attributes: attributesOf(f),
      ...(withGeometry ? { geometry: esriGeometry(f, layer.holesFirst === true) } : {}),
    })),
    ...(exceeded ? { exceededTransferLimit: true } : {}),
  });
}

function xy(ring: readonly LatLng[]): XY[] {
  return ring.map((p) => ({ x: p.lng, y: p.lat }));
}

const closed = (ring: readonly LatLng[]) => [...ring, ring[0]!].map((p) => [p.lng, p.lat]);
/** The ring turned the other way, its first vertex kept first. */
const turned = (ring: readonly LatLng[]) => [ring[0]!, ...ring.slice(1).reverse()];

function geojsonGeometry(f: ArcgisFixtureFeature): unknown {
  if (f.point) return { type: 'Point', coordinates: [f.point.lng, f.point.lat] };
  // RFC 7946: outer rings anticlockwise, holes clockwise (the scene's rings and HOLE already are).
  const polygons = (f.polygons ?? []).map((poly) => [closed(poly.outer), ...poly.holes.map(closed)]);
  return polygons.length === 1
    ? { type: 'Polygon', coordinates: polygons[0] }
    : { type: 'MultiPolygon', coordinates: polygons };
}

function esriGeometry(f: ArcgisFixtureFeature, holesFirst: boolean): unknown {
  if (f.point) return { x: f.point.lng, y: f.point.lat, spatialReference: { wkid: 4326 } };
  // Esri JSON: outer rings clockwise, holes anticlockwise.
  const rings = (f.polygons ?? []).flatMap((poly) => {
    const outer = closed(turned(poly.outer));
    const holes = poly.holes.map((h) => closed(turned(h)));
    return holesFirst ? [...holes, outer] : [outer, ...holes];
  });
  return { rings, spatialReference: { wkid: 4326 } };
}

function parseEnvelope(text: string): { xmin: number; ymin: number; xmax: number; ymax: number } | undefined {
  let values: number[];
  if (text.trim().startsWith('{')) {
    try {
      const e = JSON.parse(text) as Record<string, unknown>;
      values = [e.xmin, e.ymin, e.xmax, e.ymax].map(Number);
    } catch {
      return undefined;
    }
  } else values = text.split(',').map(Number);
  const [xmin, ymin, xmax, ymax] = values;
  if (values.length !== 4 || values.some((v) => !Number.isFinite(v)) || xmin! > xmax! || ymin! > ymax!)
    return undefined;
  return { xmin: xmin!, ymin: ymin!, xmax: xmax!, ymax: ymax! };
}

/**
 * A `where` clause of comparisons `a = b` (a field, a 'text' literal with '' for a quote, or a number)
 * joined by AND, in brackets or not. Anything else (OR, LIKE, a stray quote) is refused as ArcGIS refuses
 * a clause it cannot parse.
 */
export function parseWhere(
  clause: string,
  fields: ReadonlySet<string>,
): (attributes: Readonly<Record<string, Value>>) => boolean {
  const tokens: { kind: 'field' | 'text' | 'number' | 'op'; value: string }[] = [];
  const re = /\s*(?:(\()|(\))|(=)|'((?:[^']|'')*)'|(-?\d+(?:\.\d+)?)|([A-Za-z_][A-Za-z0-9_.]*))/y;
  let at = 0;
  while (at < clause.length) {
    if (clause.slice(at).trim() === '') break;
    re.lastIndex = at;
    const m = re.exec(clause);
    if (!m) throw new Error(`cannot read "${clause.slice(at, at + 20)}"`);
    at = re.lastIndex;
    if (m[1] || m[2] || m[3]) tokens.push({ kind: 'op', value: m[1] ?? m[2] ?? m[3]! });
    else if (m[4] !== undefined) tokens.push({ kind: 'text', value: m[4].replaceAll("''", "'") });
    else if (m[5] !== undefined) tokens.push({ kind: 'number', value: m[5] });
    else if (/^and$/i.test(m[6]!)) tokens.push({ kind: 'op', value: 'AND' });
    else if (/^(or|not|like|in|is|null)$/i.test(m[6]!)) throw new Error(`${m[6]} is not served here`);
    else {
      if (!fields.has(m[6]!)) throw new Error(`no field ${m[6]}`);
      tokens.push({ kind: 'field', value: m[6]! });
    }
  }
  let i = 0;
  type Test = (a: Readonly<Record<string, Value>>) => boolean;
  const operand = (): ((a: Readonly<Record<string, Value>>) => Value) => {
    const t = tokens[i++];
    if (!t || t.kind === 'op') throw new Error('expected a field or a value');
    if (t.kind === 'field') return (a) => a[t.value] ?? null;
    if (t.kind === 'number') return () => Number(t.value);
    return () => t.value;
  };
  const term = (): Test => {
    if (tokens[i]?.value === '(' && tokens[i]?.kind === 'op') {
      i += 1;
      const inner = expression();
      if (tokens[i++]?.value !== ')') throw new Error('unclosed bracket');
      return inner;
    }
    const left = operand();
    if (tokens[i++]?.value !== '=') throw new Error('only = comparisons are served here');
    const right = operand();
    return (a) => {
      const l = left(a);
      const r = right(a);
      return l !== null && r !== null && (typeof l === typeof r ? l === r : String(l) === String(r));
    };
  };
  const expression = (): Test => {
    const parts = [term()];
    while (tokens[i]?.value === 'AND') {
      i += 1;
      parts.push(term());
    }
    return (a) => parts.every((p) => p(a));
  };
  const test = expression();
  if (i !== tokens.length) throw new Error('unexpected text after the clause');
  return test;
}
