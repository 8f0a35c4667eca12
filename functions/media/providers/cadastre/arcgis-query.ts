// The lots of an ArcGIS REST layer (NSW_Cadastre MapServer/9, Queensland's LandParcelPropertyFramework
// MapServer/4, any parcel FeatureServer layer) through its `query` operation: the lots touching an
// envelope about a point, or the lots with an identifier. GeoJSON (`f=geojson`, ArcGIS 10.4 on) where the
// layer's supportedQueryFormats list it, else Esri JSON (`f=json`). An error object is an error whatever
// its HTTP status; a result cut at the layer's transfer limit is paged where the layer pages, and
// otherwise refused rather than passed on as if it were every lot.
// Query (Map Service/Layer): https://developers.arcgis.com/rest/services-reference/enterprise/query-map-service-layer/
import type { LatLng } from '../../../domain/geo-types.ts';
import type { SourceAdapterOptions } from '../sources/adapter-get.ts';
import { checkKey, isRecord, type Operation, openOperation, parseJson } from '../sources/adapter-get.ts';
import {
  type ArcgisLayerInfo,
  arcgisLayerInfo,
  arcgisQueryUrl,
  sqlText,
  throwIfArcgisError,
} from '../sources/arcgis-rest.ts';
import type { ArcgisQueryCadastreConfig } from '../sources/source-config.ts';
import { type CadastreLot, type CadastreSourceAdapter, SourceError } from '../sources/source-types.ts';
import { boundsAround, checkNear, degrees, lotsFromFeatures, type RawLotFeature } from './lot-features.ts';
import { ringsFromEsri, ringsFromGeoJson } from './lot-geometry.ts';
import { lotIdProblem } from './lot-id.ts';

/** Pages one lookup may read after the first (a few hundred lots around a point is already a lot). */
const MAX_PAGES = 8;

type Format = 'geojson' | 'json';

export class ArcgisQueryCadastre implements CadastreSourceAdapter {
  readonly name: string;

  constructor(
    private readonly config: ArcgisQueryCadastreConfig,
    private readonly options: SourceAdapterOptions,
  ) {
    checkKey(config, options);
    this.name = config.name;
  }

  async lotsNear(point: LatLng, radiusM: number): Promise<CadastreLot[]> {
    checkNear(this.name, point, radiusM);
    const box = boundsAround(point, radiusM);
    return this.query({
      where: this.config.where ?? '1=1',
      // The simple envelope syntax "xmin,ymin,xmax,ymax" in inSR.
      geometry: [box.west, box.south, box.east, box.north].map(degrees).join(','),
      geometryType: 'esriGeometryEnvelope',
      inSR: '4326',
      spatialRel: 'esriSpatialRelIntersects',
    });
  }

  async lotById(lotId: string): Promise<CadastreLot[]> {
    const problem = lotIdProblem(lotId);
    if (problem)
      throw new SourceError(this.name, 'refused', `lot ${JSON.stringify(lotId.slice(0, 80))}: ${problem}`);
    const byId = `${this.config.lotIdField} = ${sqlText(lotId)}`;
    const lots = await this.query({
      where: this.config.where ? `(${this.config.where}) AND ${byId}` : byId,
    });
    // A case-insensitive database may match more than the id asked for.
    return lots.filter((lot) => lot.lotId === lotId);
  }

  private async query(params: Record<string, string>): Promise<CadastreLot[]> {
    const operation = openOperation(this.config, this.options);
    const format = this.config.format ?? (await this.formatOf(operation));
    const outFields = [
      this.config.lotIdField,
      ...(this.config.strata?.field ? [this.config.strata.field] : []),
    ];
    const base = {
      ...params,
      outFields: [...new Set(outFields)].join(','),
      returnGeometry: 'true',
      outSR: '4326',
      f: format,
    };
    const features: RawLotFeature[] = [];
    let info: ArcgisLayerInfo | undefined;
    for (let page = 0; ; page += 1) {
      const paging: Record<string, string> =
        page === 0
          ? {}
          : { resultOffset: String(features.length), resultRecordCount: String(features.length) };
      const answer = await operation.get(arcgisQueryUrl(this.config.url, { ...base, ...paging }));
      const body = parseJson(this.name, answer.bytes, 'the query answer');
      throwIfArcgisError(this.name, body, 'the query answer', operation.redact);
      const { read, exceeded } = format === 'geojson' ? this.geojsonPage(body) : this.esriPage(body);
      features.push(...read);
      if (!exceeded) break;
      info ??= await arcgisLayerInfo(this.name, this.config.url, operation);
      if (!info.supportsPagination || read.length === 0)
        throw new SourceError(
          this.name,
          'too-large',
          `the layer sent only the first ${features.length} lots (its transfer limit) and cannot page the rest; ask for a smaller area or use a layer that pages`,
        );
      if (page >= MAX_PAGES)
        throw new SourceError(this.name, 'too-large', `more than ${features.length} lots in one lookup`);
    }
    return lotsFromFeatures(this.name, features, this.config.lotIdField, this.config.strata);
  }

  private async formatOf(operation: Operation): Promise<Format> {
    const info = await arcgisLayerInfo(this.name, this.config.url, operation);
    return info.supportedQueryFormats.includes('geojson') ? 'geojson' : 'json';
  }

  private geojsonPage(body: unknown): { read: RawLotFeature[]; exceeded: boolean } {
    if (!isRecord(body) || body.type !== 'FeatureCollection' || !Array.isArray(body.features))
      throw new SourceError(this.name, 'bad-answer', 'the query answer is not a GeoJSON FeatureCollection');
    const props = isRecord(body.properties) ? body.properties : {};
    return {
      read: body.features.map((feature) => {
        const f = isRecord(feature) ? feature : {};
        return {
          properties: isRecord(f.properties) ? f.properties : {},
          rings: () => ringsFromGeoJson(f.geometry),
        };
      }),
      // ArcGIS puts it among the collection's properties in GeoJSON; some versions at the top.
      exceeded: props.exceededTransferLimit === true || body.exceededTransferLimit === true,
    };
  }

  private esriPage(body: unknown): { read: RawLotFeature[]; exceeded: boolean } {
    if (!isRecord(body) || !Array.isArray(body.features))
      throw new SourceError(this.name, 'bad-answer', 'the query answer has no features list');
    const sr = isRecord(body.spatialReference) ? body.spatialReference : undefined;
    const wkid = sr ? (sr.latestWkid ?? sr.wkid) : undefined;
    if (wkid !== undefined && wkid !== 4326)
      throw new SourceError(
        this.name,
        'bad-answer',
        `the lots came in spatial reference ${String(wkid)}, not the 4326 asked for`,
      );
    return {
      read: body.features.map((feature) => {
        const f = isRecord(feature) ? feature : {};
        return {
          properties: isRecord(f.attributes) ? f.attributes : {},
          rings: () => ringsFromEsri(f.geometry),
        };
      }),
      exceeded: body.exceededTransferLimit === true,
    };
  }
}
