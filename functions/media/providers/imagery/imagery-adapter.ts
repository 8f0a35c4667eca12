// One adapter per protocol; a source row's `kind` picks it. The row is already checked (source-config.ts)
// and its API key already read from its secret by whoever builds the sources.
import type { RemoteImagerySourceConfig } from '../sources/source-config.ts';
import type { ImagerySourceAdapter } from '../sources/source-types.ts';
import type { ImageryAdapterOptions } from './adapter-common.ts';
import { ArcgisExport } from './arcgis-export.ts';
import { Wms } from './wms.ts';
import { XyzTiles } from './xyz-tiles.ts';

export type { ImageryAdapterOptions } from './adapter-common.ts';

export function imageryAdapter(
  config: RemoteImagerySourceConfig,
  options: ImageryAdapterOptions,
): ImagerySourceAdapter {
  switch (config.kind) {
    case 'arcgis-export':
      return new ArcgisExport(config, options);
    case 'xyz-tiles':
      return new XyzTiles(config, options);
    case 'wms':
      return new Wms(config, options);
  }
}
