// The parts of the ArcGIS REST API a layer `query` needs, shared by the cadastre and address-point
// adapters: the layer's description (`?f=json`: its supportedQueryFormats, maxRecordCount and whether it
// pages), the `query` URL, SQL text literals, and the error object a service answers with, often with
// HTTP 200.
// Query (Map Service/Layer): https://developers.arcgis.com/rest/services-reference/enterprise/query-map-service-layer/
// Layer / Table: https://developers.arcgis.com/rest/services-reference/enterprise/layer-table/
// Output formats (f=json is Esri JSON, f=geojson): https://developers.arcgis.com/rest/services-reference/enterprise/output-formats/
import { PromiseCache } from '../../../core/promise-cache.ts';
import { isRecord, type Operation, parseJson } from './adapter-get.ts';
import { SourceError } from './source-types.ts';

/** What a layer says of itself that a query depends on. */
export interface ArcgisLayerInfo {
  /** Lower case: "json", "geojson", "pbf". */
  readonly supportedQueryFormats: readonly string[];
  readonly maxRecordCount: number | undefined;
  /** `advancedQueryCapabilities.supportsPagination`: resultOffset and resultRecordCount work. */
  readonly supportsPagination: boolean;
}

/** Layer descriptions by layer URL, read once per container (they change with a service's republication). */
const layerInfos = new PromiseCache<string, ArcgisLayerInfo>();

/** The layer's description, read once per container. */
export function arcgisLayerInfo(
  source: string,
  layerUrl: string,
  operation: Operation,
): Promise<ArcgisLayerInfo> {
  return layerInfos.get(layerUrl, async () => {
    const answer = await operation.get(withParams(layerUrl, { f: 'json' }));
    const body = parseJson(source, answer.bytes, "the layer's description (?f=json)");
    throwIfArcgisError(source, body, "the layer's description", operation.redact);
    if (!isRecord(body))
      throw new SourceError(source, 'bad-answer', "the layer's description is not a JSON object");
    const formats = typeof body.supportedQueryFormats === 'string' ? body.supportedQueryFormats : 'JSON';
    const advanced = isRecord(body.advancedQueryCapabilities) ? body.advancedQueryCapabilities : {};
    return {
      supportedQueryFormats: formats
        .split(',')
        .map((f) => f.trim().toLowerCase())
        .filter((f) => f !== ''),
      maxRecordCount: typeof body.maxRecordCount === 'number' ? body.maxRecordCount : undefined,
      supportsPagination: advanced.supportsPagination === true,
    };
  });
}

/** `url` with `params` set (any the url already has are kept unless named again). */
export function withParams(url: string, params: Readonly<Record<string, string>>): string {
  const u = new URL(url);
  for (const [name, value] of Object.entries(params)) u.searchParams.set(name, value);
  return u.toString();
}

/** The layer's `query` operation URL with `params`. */
export function arcgisQueryUrl(layerUrl: string, params: Readonly<Record<string, string>>): string {
  const u = new URL(layerUrl);
  u.pathname = `${u.pathname.replace(/\/+$/, '')}/query`;
  return withParams(u.toString(), params);
}

/**
 * A value as an SQL text literal: quoted, every quote doubled. Callers also check the value's characters
 * before it gets here; this is the second guard, not the only one.
 */
export function sqlText(value: string): string {
  return `'${value.replaceAll("'", "''")}'`;
}

/**
 * Throws SourceError('error-answer') when `body` is an ArcGIS error object: `{"error": {"code", "message",
 * "details"}}`, which services send with HTTP 200 as often as not.
 */
export function throwIfArcgisError(
  source: string,
  body: unknown,
  what: string,
  redact: (text: string) => string,
): void {
  if (!isRecord(body) || !isRecord(body.error)) return;
  const { code, message, details } = body.error;
  const detail = Array.isArray(details) ? details.filter((d) => typeof d === 'string' && d !== '') : [];
  const words = [typeof message === 'string' ? message : 'no message', ...detail].join(' ');
  throw new SourceError(
    source,
    'error-answer',
    redact(`${what} was an error (code ${typeof code === 'number' ? code : '?'}): ${words.slice(0, 500)}`),
    typeof code === 'number' ? code : undefined,
  );
}
