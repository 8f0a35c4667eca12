// Chooses the provider adapters from the stage's configuration (GEOCODER_PROVIDER, SITE_PROVIDER,
// IMAGERY_PROVIDER: offline | amazon-location). Switching a stage between them needs no code change.
import { GeoMapsClient } from '@aws-sdk/client-geo-maps';
import { GeoPlacesClient } from '@aws-sdk/client-geo-places';
import { ENV, optionalEnv, requireEnv } from '../../core/config/env.ts';
import { GazetteerGeocoder } from '../geo/offline-geocoder.ts';
import type { Geocoder, NadirImagery, SiteSource } from '../geo/types.ts';
import { SyntheticNadirImagery } from '../imagery/offline-nadir/synthetic-nadir-imagery.ts';
import {
  type ImageryLicences,
  type ImageryProvenance,
  parseImageryLicences,
  providerProvenance,
} from '../imagery/provenance.ts';
import { SyntheticSiteSource } from '../site/synthetic-site.ts';
import {
  AmazonLocationGeocoder,
  AmazonLocationSatelliteImagery,
  AmazonLocationSiteSource,
} from './amazon-location/index.ts';

export interface Providers {
  readonly geocoder: Geocoder;
  readonly site: SiteSource;
  readonly imagery: NadirImagery;
  /** Where `imagery`'s pictures come from and what their licence allows (the stage's IMAGERY_LICENCES). */
  readonly imageryProvenance: ImageryProvenance;
}

/** The stage's imagery licences (IMAGERY_LICENCES), read once per container. */
export function imageryLicencesFromEnv(): ImageryLicences {
  return parseImageryLicences(optionalEnv(ENV.imageryLicences), ENV.imageryLicences);
}

type Choice = 'offline' | 'amazon-location';

function choice(variable: string): Choice {
  const value = requireEnv(variable);
  if (value !== 'offline' && value !== 'amazon-location') {
    throw new Error(`${variable} must be 'offline' or 'amazon-location', got '${value}'`);
  }
  return value;
}

/** The stage's provider adapters; the step ports call this once per container. */
export function providersFromEnv(): Providers {
  let maps: GeoMapsClient | undefined;
  const mapsClient = () => {
    maps ??= new GeoMapsClient({});
    return maps;
  };
  const offlineImagery = choice(ENV.imageryProvider) === 'offline';
  return {
    geocoder:
      choice(ENV.geocoderProvider) === 'offline'
        ? new GazetteerGeocoder({ dataPath: optionalEnv(ENV.gazetteerDataPath) })
        : new AmazonLocationGeocoder(new GeoPlacesClient({})),
    site:
      choice(ENV.siteProvider) === 'offline'
        ? new SyntheticSiteSource()
        : new AmazonLocationSiteSource(mapsClient()),
    imagery: offlineImagery ? new SyntheticNadirImagery() : new AmazonLocationSatelliteImagery(mapsClient()),
    imageryProvenance: providerProvenance(
      imageryLicencesFromEnv(),
      offlineImagery ? 'offline-synthetic' : 'amazon-location-satellite',
    ),
  };
}
