// A stage's geocoders tried in order: the states' own address services for addresses in their states,
// then the offline gazetteer or Amazon Location. An address has no position before it is geocoded, so a
// source's coverage is its `states`. A source that fails (time, status, error object, bad answer) is
// passed over for the next; one that finds no match is too, since another may know the address. Errors
// other than SourceError (a bug, Amazon Location's throttling) are not swallowed.
import type { AustralianState, ParsedAddress } from '../../../domain/geo-types.ts';
import type { GeocodeResult, Geocoder } from '../../geo/types.ts';
import type { SourceAdapterOptions } from '../sources/adapter-get.ts';
import type { GeocoderSourceConfig } from '../sources/source-config.ts';
import { SourceError } from '../sources/source-types.ts';
import { ArcgisAddressGeocoder } from './arcgis-address.ts';
import { NswAddressLocationGeocoder } from './nsw-address-location.ts';

export interface ChainedGeocoderEntry {
  readonly geocoder: Geocoder;
  /** The states whose addresses it is asked for; absent: every address. */
  readonly states?: readonly AustralianState[];
}

export interface ChainedGeocoderOptions {
  /** Told of each source passed over for a failure (for the job's log), with the error (key-free). */
  readonly onSourceFailed?: (source: string, error: SourceError) => void;
}

export class ChainedGeocoder implements Geocoder {
  readonly name: string;

  constructor(
    private readonly entries: readonly ChainedGeocoderEntry[],
    private readonly options: ChainedGeocoderOptions = {},
  ) {
    this.name = entries.map((e) => e.geocoder.name).join('>');
  }

  /**
   * The first source's result. Null when a source that could be asked found no match and none after it
   * did; the last SourceError when every source asked failed (an outage is not a wrong address).
   */
  async geocode(address: ParsedAddress): Promise<GeocodeResult | null> {
    let failure: SourceError | undefined;
    let answered = false;
    for (const { geocoder, states } of this.entries) {
      if (states && !states.includes(address.state)) continue;
      try {
        const result = await geocoder.geocode(address);
        if (result) return result;
        answered = true;
      } catch (error) {
        if (!(error instanceof SourceError)) throw error;
        failure = error;
        this.options.onSourceFailed?.(geocoder.name, error);
      }
    }
    if (failure && !answered) throw failure;
    return null;
  }
}

export interface GeocoderChainOptions extends Omit<SourceAdapterOptions, 'apiKey'> {
  /** The value of a secret a row's apiKey names. */
  readonly apiKeyOf?: (secret: string) => string | undefined;
  /** The offline gazetteer and Amazon Location, made by the wiring that knows their data and clients. */
  readonly offline: () => Geocoder;
  readonly amazonLocation: () => Geocoder;
}

/** The chain for a stage's (or PROVIDERS_FILE's) geocoder rows, in their order. */
export function geocoderChain(
  rows: readonly GeocoderSourceConfig[],
  options: GeocoderChainOptions & ChainedGeocoderOptions,
): ChainedGeocoder {
  const entries = rows.map((row): ChainedGeocoderEntry => {
    if (row.kind === 'offline') return { geocoder: options.offline() };
    if (row.kind === 'amazon-location') return { geocoder: options.amazonLocation() };
    if (row.kind === 'arcgis-query')
      return {
        geocoder: new ArcgisAddressGeocoder(row, adapterOptions(row, options)),
        ...(row.states ? { states: row.states } : {}),
      };
    return {
      geocoder: new NswAddressLocationGeocoder(row, adapterOptions(row, options)),
      states: row.states ?? ['NSW'],
    };
  });
  return new ChainedGeocoder(
    entries,
    options.onSourceFailed ? { onSourceFailed: options.onSourceFailed } : {},
  );
}

function adapterOptions(
  row: { readonly apiKey?: { readonly secret: string } | undefined },
  options: GeocoderChainOptions,
): SourceAdapterOptions {
  const apiKey = row.apiKey ? options.apiKeyOf?.(row.apiKey.secret) : undefined;
  return {
    rules: options.rules,
    ...(apiKey !== undefined ? { apiKey } : {}),
    ...(options.lookup ? { lookup: options.lookup } : {}),
    ...(options.sleep ? { sleep: options.sleep } : {}),
    ...(options.limits ? { limits: options.limits } : {}),
  };
}
