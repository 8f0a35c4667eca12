// The cadastre source adapter for a configured row: one file per protocol, one factory for the rows.
import type { SourceAdapterOptions } from '../sources/adapter-get.ts';
import type { CadastreSourceConfig } from '../sources/source-config.ts';
import type { CadastreSourceAdapter } from '../sources/source-types.ts';
import { ArcgisQueryCadastre } from './arcgis-query.ts';
import { WfsCadastre } from './wfs.ts';

export type { SourceAdapterOptions as CadastreAdapterOptions } from '../sources/adapter-get.ts';

/**
 * The adapter for `config`. `options.apiKey` is the value of the row's `apiKey.secret` (read by the
 * caller from Secrets Manager or the local secrets file); a row naming a key without one throws here.
 */
export function cadastreAdapter(
  config: CadastreSourceConfig,
  options: SourceAdapterOptions,
): CadastreSourceAdapter {
  switch (config.kind) {
    case 'arcgis-query':
      return new ArcgisQueryCadastre(config, options);
    case 'wfs':
      return new WfsCadastre(config, options);
  }
}
