// The one street vocabulary: every spelling means one thing, and parser, basemap names and frontage
// matching agree on it.
import { describe, expect, it } from 'vitest';
import { parseAustralianAddress } from '../../../functions/domain/address/address-parser.ts';
import {
  expandStreetName,
  STREET_SUFFIX_SPELLINGS,
  STREET_TYPE_SPELLINGS,
  streetKey,
  streetSuffixOf,
  streetTypeOf,
} from '../../../functions/domain/address/street-types.ts';
import { normalizeStreetName } from '../../../functions/media/frontage/detect-frontage.ts';

describe('street vocabulary', () => {
  it('gives each spelling one meaning and spells every type out as itself', () => {
    for (const [canonical, spellings] of Object.entries(STREET_TYPE_SPELLINGS)) {
      expect(spellings).toContain(canonical.toLowerCase());
      for (const s of spellings) expect(streetTypeOf(s)).toBe(canonical);
    }
    for (const [canonical, spellings] of Object.entries(STREET_SUFFIX_SPELLINGS)) {
      for (const s of spellings) expect(streetSuffixOf(s)).toBe(canonical);
    }
  });

  it('reads abbreviations with a trailing period and in any case', () => {
    expect(streetTypeOf('St.')).toBe('Street');
    expect(streetTypeOf('HWY')).toBe('Highway');
    expect(streetSuffixOf('Nth')).toBe('North');
    expect(streetTypeOf('Paddington')).toBeUndefined();
  });

  it('is the same vocabulary for the parser, basemap names and frontage matching', () => {
    // "Wy" was once known only to the basemap table, "Str" only to the parser and frontage matching.
    for (const [abbr, full] of [
      ['Cct', 'Circuit'],
      ['Wy', 'Way'],
      ['Str', 'Street'],
      ['Bvd', 'Boulevard'],
    ] as const) {
      const parsed = parseAustralianAddress(`12 Banksia ${abbr} Kellyville NSW 2155`);
      expect(parsed.ok && parsed.address.streetType).toBe(full);
      expect(expandStreetName(`Banksia ${abbr}`)).toBe(`Banksia ${full}`);
      expect(normalizeStreetName(`Banksia ${abbr}`)).toBe(`banksia ${full.toLowerCase()}`);
      expect(streetKey(`Banksia ${abbr}`)).toBe(streetKey(`Banksia ${full}`));
    }
  });

  it('keeps a leading St as Saint and an ambiguous suffix with the suburb', () => {
    expect(expandStreetName('St Georges Tce')).toBe('St Georges Terrace');
    const parsed = parseAustralianAddress('5 Smith Street Upper Coomera QLD 4209');
    expect(parsed.ok && [parsed.address.streetSuffix, parsed.address.suburb]).toEqual([
      undefined,
      'UPPER COOMERA',
    ]);
  });
});
