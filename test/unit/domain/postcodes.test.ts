// Checks postcode-to-state resolution: the Australia Post ranges at their edges and the cross-border postcodes.
import { describe, expect, it } from 'vitest';
import {
  describePostcodeRanges,
  postcodeBelongsToState,
  statesForPostcode,
} from '../../../functions/domain/address/postcodes.ts';
import type { AustralianState } from '../../../functions/domain/geo-types.ts';

describe('statesForPostcode', () => {
  const edges: readonly (readonly [string, AustralianState])[] = [
    ['0200', 'ACT'],
    ['0299', 'ACT'],
    ['0800', 'NT'],
    ['0999', 'NT'],
    ['1000', 'NSW'],
    ['2000', 'NSW'],
    ['2599', 'NSW'],
    ['2600', 'ACT'],
    ['2617', 'ACT'],
    ['2619', 'NSW'],
    ['2899', 'NSW'],
    ['2900', 'ACT'],
    ['2920', 'ACT'],
    ['2921', 'NSW'],
    ['2999', 'NSW'],
    ['3000', 'VIC'],
    ['3999', 'VIC'],
    ['8000', 'VIC'],
    ['8999', 'VIC'],
    ['4000', 'QLD'],
    ['4999', 'QLD'],
    ['9000', 'QLD'],
    ['9999', 'QLD'],
    ['5000', 'SA'],
    ['5999', 'SA'],
    ['6000', 'WA'],
    ['6999', 'WA'],
    ['7000', 'TAS'],
    ['7999', 'TAS'],
  ];

  it.each(edges)('%s is %s only', (postcode, state) => {
    expect(statesForPostcode(postcode)).toEqual([state]);
  });

  const crossBorder: readonly (readonly [string, readonly AustralianState[]])[] = [
    ['0872', ['NT', 'SA', 'WA']],
    ['2406', ['NSW', 'QLD']],
    ['2540', ['NSW', 'ACT']],
    ['2611', ['ACT', 'NSW']],
    ['2618', ['ACT', 'NSW']],
    ['2620', ['NSW', 'ACT']],
    ['3500', ['VIC', 'NSW']],
    ['3644', ['VIC', 'NSW']],
    ['3707', ['VIC', 'NSW']],
    ['4380', ['QLD', 'NSW']],
    ['4383', ['QLD', 'NSW']],
    ['4385', ['QLD', 'NSW']],
    ['4825', ['QLD', 'NT']],
  ];

  it.each(crossBorder)('cross-border %s belongs to %j', (postcode, states) => {
    expect(statesForPostcode(postcode)).toEqual(states);
  });

  it('knows no state for unallocated or malformed postcodes', () => {
    for (const postcode of ['0000', '0100', '0300', '0799', '200', '20000', 'ABCD', '', ' 2000']) {
      expect(statesForPostcode(postcode), postcode).toEqual([]);
    }
  });
});

describe('postcodeBelongsToState', () => {
  it('accepts the owning state and rejects others', () => {
    expect(postcodeBelongsToState('2000', 'NSW')).toBe(true);
    expect(postcodeBelongsToState('2000', 'VIC')).toBe(false);
    expect(postcodeBelongsToState('0800', 'NT')).toBe(true);
    expect(postcodeBelongsToState('2600', 'ACT')).toBe(true);
    expect(postcodeBelongsToState('2600', 'NSW')).toBe(false);
    expect(postcodeBelongsToState('3000', 'NSW')).toBe(false);
  });

  it('accepts both states of a cross-border postcode', () => {
    expect(postcodeBelongsToState('2406', 'QLD')).toBe(true);
    expect(postcodeBelongsToState('2406', 'NSW')).toBe(true);
    expect(postcodeBelongsToState('3644', 'NSW')).toBe(true);
    expect(postcodeBelongsToState('0872', 'WA')).toBe(true);
    expect(postcodeBelongsToState('0872', 'QLD')).toBe(false);
  });
});

describe('describePostcodeRanges', () => {
  it('lists a state ranges for messages', () => {
    expect(describePostcodeRanges('NSW')).toBe('1000-2599, 2619-2899 and 2921-2999');
    expect(describePostcodeRanges('ACT')).toBe('0200-0299, 2600-2618 and 2900-2920');
    expect(describePostcodeRanges('VIC')).toBe('3000-3999 and 8000-8999');
    expect(describePostcodeRanges('SA')).toBe('5000-5999');
    expect(describePostcodeRanges('NT')).toBe('0800-0999');
  });
});
