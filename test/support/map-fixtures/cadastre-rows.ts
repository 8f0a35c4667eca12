// Cadastre rows pointing at the map fixtures, for tests (and a demo PROVIDERS_FILE): the scene lies in
// Ultimo, NSW, inside this coverage.
import type {
  ArcgisQueryCadastreConfig,
  WfsCadastreConfig,
} from '../../../functions/media/providers/sources/source-config.ts';
import type { CadastreLot } from '../../../functions/media/providers/sources/source-types.ts';
import type { SceneLot } from './scene.ts';
import { WFS_FIXTURE_TYPE_NAME } from './wfs-fixture.ts';

export const FIXTURE_ROW_COMMON = {
  coverage: { west: 140.9, south: -37.6, east: 153.7, north: -28.1 },
  licence: { store: true, print: true, portal: true },
  attribution: 'Fixture cadastre (test/support/map-fixtures)',
};

export function arcgisCadastreRow(
  url: string,
  extra: Partial<ArcgisQueryCadastreConfig> = {},
): ArcgisQueryCadastreConfig {
  return {
    ...FIXTURE_ROW_COMMON,
    name: 'fixture-arcgis-cadastre',
    kind: 'arcgis-query',
    url,
    lotIdField: 'lotidstring',
    ...extra,
  };
}

export function wfsCadastreRow(url: string, extra: Partial<WfsCadastreConfig> = {}): WfsCadastreConfig {
  return {
    ...FIXTURE_ROW_COMMON,
    name: 'fixture-wfs-cadastre',
    kind: 'wfs',
    url,
    typeNames: WFS_FIXTURE_TYPE_NAME,
    lotIdField: 'parcel_spi',
    ...extra,
  };
}

/** The largest difference in degrees between a lot's single ring and a scene lot's, vertex by vertex. */
export function ringDifference(lot: CadastreLot, scene: SceneLot): number {
  const [ring] = lot.rings;
  if (lot.rings.length !== 1 || !ring || ring.length !== scene.ring.length) return Number.POSITIVE_INFINITY;
  return Math.max(
    ...ring.map((p, i) =>
      Math.max(Math.abs(p.lat - scene.ring[i]!.lat), Math.abs(p.lng - scene.ring[i]!.lng)),
    ),
  );
}
