// The geocoder and map tiles rows' factory: the provider adapters the stage's variables name (offline |
// amazon-location for each of geocoder, site and imagery). Switching a stage between them needs no code
// change.
import { GeoMapsClient } from '@aws-sdk/client-geo-maps';
import { GeoPlacesClient } from '@aws-sdk/client-geo-places';
import { GazetteerGeocoder } from '../../media/geo/offline-geocoder.ts';
import { SyntheticNadirImagery } from '../../media/imagery/offline-nadir/synthetic-nadir-imagery.ts';
import {
  type ImageryLicences,
  parseImageryLicences,
  providerProvenance,
} from '../../media/imagery/provenance.ts';
import {
  AmazonLocationGeocoder,
  AmazonLocationSatelliteImagery,
  AmazonLocationSiteSource,
} from '../../media/providers/amazon-location/index.ts';
import type { Providers } from '../../media/providers/providers.ts';
import { SyntheticSiteSource } from '../../media/site/synthetic-site.ts';

export interface ProviderVariables {
  readonly geocoder: string | undefined;
  readonly site: string | undefined;
  readonly imagery: string | undefined;
  readonly gazetteerDataPath: string | undefined;
  readonly imageryLicences: string | undefined;
}

type Choice = 'offline' | 'amazon-location';

function choice(value: string | undefined, role: string): Choice {
  if (value !== 'offline' && value !== 'amazon-location')
    throw new Error(`The ${role} provider must be 'offline' or 'amazon-location', got '${value ?? ''}'`);
  return value;
}

/** The stage's imagery licences (IMAGERY_LICENCES). */
export function stageImageryLicences(raw: string | undefined): ImageryLicences {
  return parseImageryLicences(raw, 'IMAGERY_LICENCES');
}

/** The stage's provider adapters; the step ports call this once per container. */
export function stageProviders(v: ProviderVariables): Providers {
  let maps: GeoMapsClient | undefined;
  const mapsClient = () => {
    maps ??= new GeoMapsClient({});
    return maps;
  };
  const offlineImagery = choice(v.imagery, 'imagery') === 'offline';
  return {
    geocoder:
      choice(v.geocoder, 'geocoder') === 'offline'
        ? new GazetteerGeocoder({ dataPath: v.gazetteerDataPath })
        : new AmazonLocationGeocoder(new GeoPlacesClient({})),
    site:
      choice(v.site, 'site') === 'offline'
        ? new SyntheticSiteSource()
        : new AmazonLocationSiteSource(mapsClient()),
    imagery: offlineImagery ? new SyntheticNadirImagery() : new AmazonLocationSatelliteImagery(mapsClient()),
    imageryProvenance: providerProvenance(
      stageImageryLicences(v.imageryLicences),
      offlineImagery ? 'offline-synthetic' : 'amazon-location-satellite',
    ),
  };
}
