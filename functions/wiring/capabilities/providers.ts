// The geocoder and map tiles rows' factory: the stage's provider sources (PROVIDERS, source-config.ts) made
// into the ports the steps use — the geocoders in order, the site source, the imagery chooser over the
// imagery sources, and the cadastre over the lot sources. Switching a stage's sources is configuration only.
import { GeoMapsClient } from '@aws-sdk/client-geo-maps';
import { GeoPlacesClient } from '@aws-sdk/client-geo-places';
import { cachedSecrets } from '../../core/secrets/secrets.ts';
import { GazetteerGeocoder } from '../../media/geo/offline-geocoder.ts';
import type { Geocoder, NadirImage } from '../../media/geo/types.ts';
import { SyntheticNadirImagery } from '../../media/imagery/offline-nadir/synthetic-nadir-imagery.ts';
import {
  type ImageryLicences,
  type ImageryProvenance,
  parseImageryLicences,
  providerProvenance,
} from '../../media/imagery/provenance.ts';
import {
  AmazonLocationGeocoder,
  AmazonLocationSatelliteImagery,
  AmazonLocationSiteSource,
} from '../../media/providers/amazon-location/index.ts';
import { Cadastre } from '../../media/providers/cadastre/cadastre.ts';
import { cadastreAdapter } from '../../media/providers/cadastre/cadastre-adapter.ts';
import { ArcgisAddressGeocoder } from '../../media/providers/geocoder/arcgis-address.ts';
import { ChainedGeocoder } from '../../media/providers/geocoder/chained-geocoder.ts';
import { NswAddressLocationGeocoder } from '../../media/providers/geocoder/nsw-address-location.ts';
import { imageryAdapter } from '../../media/providers/imagery/imagery-adapter.ts';
import { type ImageryCandidate, ImageryChooser } from '../../media/providers/imagery/imagery-chooser.ts';
import { SourceImagery } from '../../media/providers/imagery/source-imagery.ts';
import type { Providers } from '../../media/providers/providers.ts';
import {
  decodeProviderSources,
  type GeocoderSourceConfig,
  type ImagerySourceConfig,
  type RemoteGeocoderSourceConfig,
  type RemoteImagerySourceConfig,
  type SourceApiKey,
} from '../../media/providers/sources/source-config.ts';
import { SyntheticSiteSource } from '../../media/site/synthetic-site.ts';
import { stageSecretReader } from '../secrets.ts';

export interface ProviderVariables {
  readonly sources: string | undefined;
  readonly gazetteerDataPath: string | undefined;
  readonly imageryLicences: string | undefined;
  readonly secretsFile: string | undefined;
  readonly allowHttp: string | undefined;
  readonly allowLoopback: string | undefined;
}

/** The stage's imagery licences (IMAGERY_LICENCES). */
export function stageImageryLicences(raw: string | undefined): ImageryLicences {
  return parseImageryLicences(raw, 'IMAGERY_LICENCES');
}

/** What a remote source's picture states about itself. */
export function remoteProvenance(config: RemoteImagerySourceConfig, image?: NadirImage): ImageryProvenance {
  const gsd = image?.groundSampleDistanceM;
  return {
    source: config.name,
    synthetic: false,
    captured_at: image?.capturedAt ?? null,
    attribution: config.attribution || null,
    licence: { ...config.licence },
    ...(gsd === undefined ? {} : { ground_sample_distance_m: Math.round(gsd * 1e4) / 1e4 }),
    ...(image?.upsampled === undefined ? {} : { upsampled: image.upsampled }),
    ...(config.verified === false ? { verified: false } : {}),
  };
}

/** What the adapters of one stage share: the fetch policy, the secrets, the AWS clients (made on first use). */
export interface SourceDependencies {
  readonly rules: { readonly allowHttp: boolean; readonly allowLoopback: boolean };
  /** A source's API key, read from its secret. */
  readonly apiKey: (key: SourceApiKey | undefined) => Promise<string | undefined>;
  readonly licences: ImageryLicences;
  readonly mapsClient: () => GeoMapsClient;
}

/** The candidate the imagery chooser tries for one imagery row. */
export function imageryCandidate(config: ImagerySourceConfig, deps: SourceDependencies): ImageryCandidate {
  if (config.kind === 'offline' || config.kind === 'amazon-location') {
    const builtIn = config.kind === 'offline' ? 'offline-synthetic' : 'amazon-location-satellite';
    const provenance = providerProvenance(deps.licences, builtIn);
    return {
      name: builtIn,
      licence: provenance.licence,
      open: async () =>
        config.kind === 'offline'
          ? new SyntheticNadirImagery()
          : new AmazonLocationSatelliteImagery(deps.mapsClient()),
      provenance: () => provenance,
    };
  }
  return remoteImageryCandidate(config, deps);
}

/**
 * The candidate of a remote source (a stage's row, or an organization's own source with its stored key):
 * its key is read when it is first opened.
 */
export function remoteImageryCandidate(
  config: RemoteImagerySourceConfig,
  deps: Pick<SourceDependencies, 'rules' | 'apiKey'>,
): ImageryCandidate {
  return {
    name: config.name,
    coverage: config.coverage,
    licence: config.licence,
    open: async () => {
      const apiKey = await deps.apiKey(config.apiKey);
      return new SourceImagery(imageryAdapter(config, { rules: deps.rules, apiKey }), config);
    },
    provenance: (image) => remoteProvenance(config, image),
  };
}

/** A remote geocoder made on its first address (its key read from its secret then). */
function keyedGeocoder(config: RemoteGeocoderSourceConfig, deps: SourceDependencies): Geocoder {
  let made: Promise<Geocoder> | undefined;
  const make = async (): Promise<Geocoder> => {
    const apiKey = await deps.apiKey(config.apiKey);
    const options = { rules: deps.rules, ...(apiKey === undefined ? {} : { apiKey }) };
    return config.kind === 'arcgis-query'
      ? new ArcgisAddressGeocoder(config, options)
      : new NswAddressLocationGeocoder(config, options);
  };
  return {
    name: config.name,
    geocode: async (address) => {
      made ??= make().catch((error: unknown) => {
        made = undefined;
        throw error;
      });
      return (await made).geocode(address);
    },
  };
}

/** The stage's geocoders in order: the states' address services for their states, then the rest. */
export function stageGeocoder(
  rows: readonly GeocoderSourceConfig[],
  deps: SourceDependencies,
  gazetteerDataPath: string | undefined,
): Geocoder {
  return new ChainedGeocoder(
    rows.map((row) => {
      if (row.kind === 'offline') return { geocoder: new GazetteerGeocoder({ dataPath: gazetteerDataPath }) };
      if (row.kind === 'amazon-location')
        return { geocoder: new AmazonLocationGeocoder(new GeoPlacesClient({})) };
      const states = row.states ?? (row.kind === 'nsw-address-location' ? (['NSW'] as const) : undefined);
      return { geocoder: keyedGeocoder(row, deps), ...(states ? { states } : {}) };
    }),
  );
}

/** The stage's provider adapters; the step ports call this once per container. */
export function stageProviders(v: ProviderVariables): Providers {
  if (!v.sources)
    throw new Error(
      'Environment variable PROVIDERS is not set; the deployment (or local stack) must set it.',
    );
  const sources = decodeProviderSources(v.sources, 'Environment variable PROVIDERS');
  let maps: GeoMapsClient | undefined;
  const secrets = cachedSecrets(stageSecretReader(v.secretsFile));
  const deps: SourceDependencies = {
    rules: { allowHttp: v.allowHttp === 'true', allowLoopback: v.allowLoopback === 'true' },
    apiKey: async (key) => (key ? secrets(key.secret) : undefined),
    licences: stageImageryLicences(v.imageryLicences),
    mapsClient: () => {
      maps ??= new GeoMapsClient({});
      return maps;
    },
  };
  const imagery = new ImageryChooser(sources.imagery.map((config) => imageryCandidate(config, deps)));
  return {
    geocoder: stageGeocoder(sources.geocoder, deps, v.gazetteerDataPath),
    site:
      sources.site === 'offline'
        ? new SyntheticSiteSource()
        : new AmazonLocationSiteSource(deps.mapsClient()),
    imagery,
    imageryProvenance: imagery.first.provenance(),
    cadastre: new Cadastre(
      sources.cadastre.map((config) => ({
        config,
        open: async () =>
          cadastreAdapter(config, { rules: deps.rules, apiKey: await deps.apiKey(config.apiKey) }),
      })),
    ),
  };
}
