// Parses a full Australian street address written the way people type it ("3/12 Smith St Surry Hills
// NSW 2010") into a ParsedAddress, or explains to an API integrator what is missing or wrong.
// Lenient about form (commas, case, spacing, periods, a trailing "Australia"), strict about content.
//
// "The Avenue", "The Esplanade", "The Strand" and friends parse as streetName "The" plus the real street
// type, so `${streetName} ${streetType}` always reads as the street's full name and streetType is always
// a genuine type. Streets named by a bare type ("1 Broadway") are not supported: there is no name.
// A leading "Level 3," is accepted and dropped: ParsedAddress has no floor and a building has one position.

import type { AustralianState, ParsedAddress } from '../geo-types.ts';
import { describePostcodeRanges, statesForPostcode } from './postcodes.ts';
import {
  AMBIGUOUS_SUFFIX_WORDS,
  PRIMARY_STREET_TYPES,
  streetSuffixOf,
  streetTypeOf,
} from './street-types.ts';

type ParseResult = { ok: true; address: ParsedAddress } | { ok: false; problems: string[] };

// Matches the API schema's limit; anything longer is not one address.
const MAX_LENGTH = 300;

// Spellings of street types that also begin real localities (from the gazetteer): "St Kilda",
// "Point Cook", "Glen Iris", "La Perouse". Any other type word cannot start a suburb.
const LOCALITY_STARTERS: ReadonlySet<string> = new Set(
  'st avenue crescent terrace grove la lane way square vista green retreat bend junction meander nook point reserve broadway causeway grange hill park vale glen haven'.split(
    ' ',
  ),
);

const STATE_NAMES: readonly (readonly [string, AustralianState])[] = [
  ['australian capital territory', 'ACT'],
  ['new south wales', 'NSW'],
  ['western australia', 'WA'],
  ['south australia', 'SA'],
  ['northern territory', 'NT'],
  ['victoria', 'VIC'],
  ['queensland', 'QLD'],
  ['tasmania', 'TAS'],
  ['nsw', 'NSW'],
  ['vic', 'VIC'],
  ['qld', 'QLD'],
  ['wa', 'WA'],
  ['sa', 'SA'],
  ['tas', 'TAS'],
  ['act', 'ACT'],
  ['nt', 'NT'],
];

const UNIT_DESIGNATORS: ReadonlySet<string> = new Set([
  'unit',
  'u',
  'flat',
  'apartment',
  'apt',
  'shop',
  'suite',
  'ste',
  'villa',
  'townhouse',
  'office',
]);
const LEVEL_WORDS: ReadonlySet<string> = new Set(['level', 'lvl', 'floor']);

const UNIT_ID = /^(?:[a-z]{0,2}\d{1,5}[a-z]?|[a-z])$/i;
const STREET_NUMBER = /^(\d{1,6})([a-z]?)(?:-(\d{1,6})([a-z]?))?$/i;
const UNIT_AND_NUMBER =
  /^(?:u|unit|apt|flat)?([a-z]{0,2}\d{1,5}[a-z]?|[a-z])\/(\d{1,6}[a-z]?(?:-\d{1,6}[a-z]?)?)$/i;
const LOT_NUMBER = /^\d{1,6}[a-z]?$/i;
const NAME_WORD = /^(?:[a-z][a-z'-]*|\d{1,3}(?:st|nd|rd|th))$/i;
const SUBURB_WORD = /^[a-z][a-z'-]*$/i;

const PO_BOX =
  /\b(?:(?:g\s?p\s?o|l\s?p\s?o|p\s?o|post\s+office)\s*box|(?:locked|private|mail)\s+bag|parcel\s+locker)\b/i;

// Trailing country names and postcode shapes that mark an address as foreign.
const FOREIGN_COUNTRIES: readonly string[] = [
  'new zealand',
  'nz',
  'united kingdom',
  'uk',
  'england',
  'scotland',
  'northern ireland',
  'ireland',
  'united states of america',
  'united states',
  'usa',
  'canada',
  'singapore',
  'south africa',
  'india',
  'china',
  'japan',
  'france',
  'germany',
];
const FOREIGN_POSTCODES: readonly (readonly [RegExp, string])[] = [
  [/\b([a-z]{1,2}\d[a-z\d]?\s?\d[a-z]{2})$/i, 'UK'],
  [/\b[a-z]{2}\s+(\d{5}(?:-\d{4})?)$/i, 'US'],
  [/\b([a-z]\d[a-z]\s?\d[a-z]\d)$/i, 'Canadian'],
];

const MESSAGES = {
  empty: 'address is empty',
  tooLong: `address is longer than ${MAX_LENGTH} characters; give one street address`,
  poBox:
    'PO Box, Locked Bag and similar addresses are postal-only and not a property: give the street address of the property (e.g. 12 Smith Street, Sydney NSW 2000)',
  noPostcode: 'address has no postcode (expected a four-digit Australian postcode such as 2000)',
  noState: 'address has no state (expected NSW, VIC, QLD, WA, SA, TAS, ACT or NT)',
  noNumber: 'address has no street number',
  noStreet: 'address has no street name',
  noType: 'street type missing: expected e.g. Street, Road, Avenue',
  noSuburb: 'address has no suburb',
} as const;

interface Token {
  readonly text: string;
  /** A comma followed this token in the input. */
  readonly comma: boolean;
}

export function parseAustralianAddress(input: string): ParseResult {
  const text = normalize(input);
  if (text === '') return fail([MESSAGES.empty]);
  if (text.length > MAX_LENGTH) return fail([MESSAGES.tooLong]);
  if (PO_BOX.test(text)) return fail([MESSAGES.poBox]);
  const foreign = foreignReason(text);
  if (foreign) return fail([foreign]);

  const problems: string[] = [];
  const tokens = tokenize(text);
  stripTrailingCountry(tokens);
  const { postcode, state } = takeStateAndPostcode(tokens, problems);
  const prefix = takePrefix(tokens, problems);
  const street = parseStreetAndSuburb(tokens.slice(prefix.next), problems);

  if (problems.length > 0 || !street || !postcode || !state) {
    return fail(problems.length > 0 ? problems : [MESSAGES.noStreet]);
  }
  const address: ParsedAddress = {
    ...(prefix.unit !== undefined && { unit: prefix.unit }),
    ...(prefix.lot !== undefined && { lot: prefix.lot }),
    ...(prefix.streetNumber !== undefined && {
      streetNumber: prefix.streetNumber,
      streetNumberFrom: Number.parseInt(prefix.streetNumber, 10),
    }),
    streetName: street.name,
    streetType: street.type,
    ...(street.suffix !== undefined && { streetSuffix: street.suffix }),
    suburb: street.suburb,
    state,
    postcode,
  };
  return { ok: true, address };
}

/** Canonical one-line form: "3/12 Smith Street, SURRY HILLS NSW 2010", "Lot 5 Smith Road, ...". */
export function formatAddress(a: ParsedAddress): string {
  const parts: string[] = [];
  if (a.lot !== undefined) parts.push(`Lot ${a.lot}${a.streetNumber !== undefined ? ',' : ''}`);
  if (a.streetNumber !== undefined)
    parts.push(a.unit !== undefined ? `${a.unit}/${a.streetNumber}` : a.streetNumber);
  parts.push(a.streetName, a.streetType);
  if (a.streetSuffix !== undefined) parts.push(a.streetSuffix);
  return `${parts.join(' ')}, ${a.suburb} ${a.state} ${a.postcode}`;
}

function fail(problems: string[]): ParseResult {
  return { ok: false, problems };
}

function normalize(input: string): string {
  return (
    input
      .normalize('NFKC')
      .replace(/[\u2018\u2019`\u00b4]/g, "'")
      .replace(/[\u2010-\u2015\u2212]/g, '-')
      // Initialisms lose their periods as a whole ("N.S.W." -> "NSW", "P.O." -> "PO").
      .replace(/\b(?:[a-z]\.){2,}/gi, (m) => m.replaceAll('.', ''))
      .replace(/\./g, ' ')
      .replace(/[\r\n;]+/g, ',')
      .replace(/\s*\/\s*/g, '/')
      .replace(/(\d[a-z]?)\s*-\s*(?=\d)/gi, '$1-')
      .replace(/\s*,[\s,]*/g, ', ')
      .replace(/\s+/g, ' ')
      .replace(/^[\s,]+|[\s,]+$/g, '')
  );
}

function foreignReason(text: string): string | undefined {
  const lower = text.toLowerCase();
  for (const country of FOREIGN_COUNTRIES) {
    if (lower === country || lower.endsWith(` ${country}`) || lower.endsWith(`,${country}`)) {
      return `address is outside Australia (it ends with "${text.slice(text.length - country.length)}"); only Australian street addresses are supported`;
    }
  }
  for (const [pattern, kind] of FOREIGN_POSTCODES) {
    const match = pattern.exec(text);
    // "WA 60000" is a mistyped Australian postcode, not Washington.
    if (match && !(kind === 'US' && /^(?:wa|sa|nt)\s/i.test(match[0]))) {
      return `address looks like it is outside Australia (it ends with the ${kind} postcode "${match[1]}"); only Australian street addresses are supported`;
    }
  }
  return undefined;
}

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  for (const segment of text.split(',')) {
    const words = segment.split(' ').filter((w) => w !== '');
    words.forEach((word, i) => {
      tokens.push({ text: word, comma: i === words.length - 1 });
    });
  }
  const last = tokens.at(-1);
  if (last) tokens[tokens.length - 1] = { text: last.text, comma: false };
  return tokens;
}

function lower(token: Token | undefined): string {
  return token ? token.text.toLowerCase() : '';
}

function stripTrailingCountry(tokens: Token[]): void {
  const last = lower(tokens.at(-1));
  const before = lower(tokens.at(-2));
  // "Western Australia" and "South Australia" are states, not a trailing country.
  if (
    tokens.length > 1 &&
    (last === 'au' || last === 'aus' || (last === 'australia' && before !== 'western' && before !== 'south'))
  ) {
    tokens.pop();
  }
}

function takeStateAndPostcode(
  tokens: Token[],
  problems: string[],
): { postcode: string | undefined; state: AustralianState | undefined } {
  let postcode: string | undefined;
  let state: AustralianState | undefined;
  let badPostcode = false;
  // Two passes accept both "NSW 2000" and the occasional "2000 NSW".
  for (let pass = 0; pass < 2; pass++) {
    const last = tokens.at(-1);
    const before = lower(tokens.at(-2));
    // "Lot 5" or "Unit 3" at the end is not a postcode.
    const labelled = before === 'lot' || UNIT_DESIGNATORS.has(before) || LEVEL_WORDS.has(before);
    if (
      postcode === undefined &&
      !badPostcode &&
      last &&
      tokens.length > 1 &&
      !labelled &&
      /^\d+$/.test(last.text)
    ) {
      tokens.pop();
      if (last.text.length === 4) {
        postcode = last.text;
      } else {
        badPostcode = true;
        problems.push(
          `postcode "${last.text}" is not four digits (Australian postcodes have four digits; NT and some ACT postcodes start with 0, e.g. 0800)`,
        );
      }
      continue;
    }
    if (state === undefined) {
      const found = stateAtEnd(tokens);
      if (found) {
        tokens.splice(tokens.length - found.words, found.words);
        state = found.state;
      }
    }
  }
  if (postcode === undefined && !badPostcode) problems.push(MESSAGES.noPostcode);
  if (state === undefined) problems.push(MESSAGES.noState);
  if (postcode !== undefined) {
    const owners = statesForPostcode(postcode);
    if (owners.length === 0) {
      problems.push(`postcode ${postcode} is not an Australian postcode`);
    } else if (state !== undefined && !owners.includes(state)) {
      problems.push(
        `postcode ${postcode} does not belong to ${state} (${postcode} belongs to ${owners.join(' and ')}; ${state} postcodes are ${describePostcodeRanges(state)})`,
      );
    }
  }
  return { postcode, state };
}

function stateAtEnd(tokens: Token[]): { state: AustralianState; words: number } | undefined {
  for (const [name, state] of STATE_NAMES) {
    const words = name.split(' ');
    // Something must remain in front of the state (at least a suburb or street).
    if (tokens.length <= words.length) continue;
    const tail = tokens
      .slice(-words.length)
      .map((t) => t.text.toLowerCase())
      .join(' ');
    if (tail === name) return { state, words: words.length };
  }
  return undefined;
}

interface Prefix {
  unit?: string;
  lot?: string;
  streetNumber?: string;
  /** Index of the first token after the unit, lot and number. */
  next: number;
}

function takePrefix(tokens: Token[], problems: string[]): Prefix {
  const prefix: Prefix = { next: 0 };
  let i = 0;
  if (LEVEL_WORDS.has(lower(tokens[0])) && /^\d{1,3}$/.test(tokens[1]?.text ?? '')) i = 2;

  const word = lower(tokens[i]);
  const next = tokens[i + 1]?.text ?? '';
  if (word === 'lot' && LOT_NUMBER.test(next)) {
    prefix.lot = next.toUpperCase();
    i += 2;
    i = takeStreetNumber(tokens, i, prefix, problems, false);
  } else if (UNIT_DESIGNATORS.has(word)) {
    const combined = UNIT_AND_NUMBER.exec(next);
    if (combined) {
      prefix.unit = combined[1]!.toUpperCase();
      takeStreetNumber([{ text: combined[2]!, comma: false }], 0, prefix, problems, true);
      i += 2;
    } else if (UNIT_ID.test(next)) {
      prefix.unit = next.toUpperCase();
      i += 2;
      if (STREET_NUMBER.test(tokens[i]?.text ?? '')) {
        i = takeStreetNumber(tokens, i, prefix, problems, true);
      } else {
        problems.push(
          `address has no street number (unit ${prefix.unit} needs the building's street number, e.g. "Unit ${prefix.unit}, 22 Smith Street")`,
        );
      }
    } else {
      problems.push(
        `"${tokens[i]!.text}" is not followed by a unit number (e.g. "${tokens[i]!.text} 3, 12 Smith Street")`,
      );
      i += 1;
    }
  } else {
    const combined = UNIT_AND_NUMBER.exec(tokens[i]?.text ?? '');
    if (combined) {
      prefix.unit = combined[1]!.toUpperCase();
      takeStreetNumber([{ text: combined[2]!, comma: false }], 0, prefix, problems, true);
      i += 1;
    } else {
      i = takeStreetNumber(tokens, i, prefix, problems, true);
    }
  }
  prefix.next = i;
  return prefix;
}

/** Reads a house number ("12", "12A", "12-14") at tokens[i]; returns the index after it. */
function takeStreetNumber(
  tokens: Token[],
  i: number,
  prefix: Prefix,
  problems: string[],
  required: boolean,
): number {
  const match = STREET_NUMBER.exec(tokens[i]?.text ?? '');
  if (!match) {
    if (required) problems.push(MESSAGES.noNumber);
    return i;
  }
  const [, from, fromSuffix, to, toSuffix] = match;
  if (to !== undefined && Number(to) <= Number(from)) {
    problems.push(`street number range ${match[0]} does not run upwards (expected e.g. 12-14)`);
  }
  if (Number(from) === 0) problems.push('street number 0 is not a valid house number');
  prefix.streetNumber = `${from}${fromSuffix}${to !== undefined ? `-${to}${toSuffix}` : ''}`.toUpperCase();
  return i + 1;
}

interface StreetAndSuburb {
  name: string;
  type: string;
  suffix: string | undefined;
  suburb: string;
}

interface Candidate {
  typeIndex: number;
  /** Index of the last street token (the type, or the suffix after it). */
  end: number;
  penalty: number;
  commaAligned: boolean;
}

/**
 * Splits "St Georges Terrace, Perth" or "Smith Street Surry Hills" into street and suburb. Without a
 * comma the boundary is the street-type word followed by suburb words, preferring common types, names
 * that contain no other type word, and otherwise the last such word.
 */
function parseStreetAndSuburb(tokens: readonly Token[], problems: string[]): StreetAndSuburb | undefined {
  if (tokens.length === 0) {
    problems.push(MESSAGES.noStreet);
    return undefined;
  }
  const candidates = streetCandidates(tokens);
  const aligned = candidates.filter((c) => c.commaAligned);
  const pool = aligned.length > 0 ? aligned : candidates;
  let best: Candidate | undefined;
  for (const c of pool) {
    if (!best || c.penalty < best.penalty || (c.penalty === best.penalty && c.end >= best.end)) best = c;
  }
  if (!best) {
    problems.push(diagnoseMissingStreet(tokens));
    return undefined;
  }

  const nameTokens = tokens.slice(0, best.typeIndex);
  const suburbTokens = tokens.slice(best.end + 1);
  const name = nameTokens.map((t) => t.text).join(' ');
  const suburb = suburbTokens.map((t) => t.text).join(' ');
  if (nameTokens.some((t) => !NAME_WORD.test(t.text))) {
    problems.push(
      /^\d/.test(name)
        ? `street name "${name}" starts with a number; write a unit and street number as 3/12, not "3 12"`
        : `street name "${name}" contains characters that do not belong in a street name`,
    );
  }
  if (suburbTokens.slice(0, -1).some((t) => t.comma)) {
    problems.push(
      `suburb "${suburbTokens.map((t) => `${t.text}${t.comma ? ',' : ''}`).join(' ')}" has more than one part; give a single suburb`,
    );
  } else if (suburbTokens.some((t) => !SUBURB_WORD.test(t.text))) {
    problems.push(`suburb "${suburb}" is not a locality name (letters only, e.g. SURRY HILLS)`);
  }
  const typeWord = tokens[best.typeIndex]!;
  const suffixWord = best.end > best.typeIndex ? tokens[best.end] : undefined;
  return {
    name: nameTokens.map((t) => titleCase(t.text)).join(' '),
    type: streetTypeOf(typeWord.text)!,
    suffix: suffixWord ? streetSuffixOf(suffixWord.text) : undefined,
    suburb: suburb.toUpperCase(),
  };
}

function streetCandidates(tokens: readonly Token[]): Candidate[] {
  const candidates: Candidate[] = [];
  for (let t = 1; t < tokens.length; t++) {
    const typeToken = tokens[t]!;
    const type = streetTypeOf(typeToken.text);
    if (type === undefined) continue;
    // A comma inside the street name means the type word belongs to something later.
    if (tokens.slice(0, t).some((tok) => tok.comma)) continue;

    let namePenalty = 0;
    for (let k = 0; k < t; k++) {
      const nameWord = tokens[k]!.text.toLowerCase();
      // "St" opening a name is Saint ("St Georges Terrace"), not Street.
      if (k === 0 && nameWord === 'st') continue;
      const asType = streetTypeOf(nameWord);
      if (asType !== undefined && PRIMARY_STREET_TYPES.has(asType)) namePenalty = 2;
    }
    const typePenalty = PRIMARY_STREET_TYPES.has(type) ? 0 : 1;

    const ends: { end: number; penalty: number }[] = [{ end: t, penalty: 0 }];
    const suffixWord = tokens[t + 1]?.text.toLowerCase() ?? '';
    if (streetSuffixOf(suffixWord) !== undefined && !typeToken.comma) {
      const afterSuffixComma = tokens[t + 1]!.comma;
      ends.push({ end: t + 1, penalty: AMBIGUOUS_SUFFIX_WORDS.has(suffixWord) && !afterSuffixComma ? 1 : 0 });
    }
    for (const { end, penalty } of ends) {
      const suburbFirst = tokens[end + 1];
      if (!suburbFirst) continue;
      const firstWord = suburbFirst.text.toLowerCase();
      if (streetTypeOf(firstWord) !== undefined && !LOCALITY_STARTERS.has(firstWord)) continue;
      candidates.push({
        typeIndex: t,
        end,
        penalty: namePenalty + typePenalty + penalty,
        commaAligned: tokens[end]!.comma,
      });
    }
  }
  return candidates;
}

function diagnoseMissingStreet(tokens: readonly Token[]): string {
  const typeIndexes = tokens.flatMap((t, i) => (streetTypeOf(t.text) !== undefined ? [i] : []));
  if (typeIndexes.some((i) => i > 0)) return MESSAGES.noSuburb;
  if (typeIndexes.includes(0)) {
    const type = streetTypeOf(tokens[0]!.text)!;
    return `street name missing: "${tokens[0]!.text}" is a street type and needs a name in front of it (e.g. "12 Smith ${type}")`;
  }
  const commaAt = tokens.findIndex((t) => t.comma);
  const street = commaAt >= 0 ? tokens.slice(0, commaAt + 1) : tokens;
  return `${MESSAGES.noType} (found "${street.map((t) => t.text).join(' ')}")`;
}

/** Title case that keeps deliberate mixed case ("McDonald") and capitalises after ' and - ("O'Connell"). */
function titleCase(word: string): string {
  const hasUpper = /[A-Z]/.test(word);
  const hasLower = /[a-z]/.test(word);
  if (hasUpper && hasLower && word !== word[0]!.toUpperCase() + word.slice(1).toLowerCase()) return word;
  if (/^\d/.test(word)) return word.toLowerCase();
  const cased = word
    .toLowerCase()
    .replace(/(^|['-])([a-z])/g, (_m, sep: string, c: string) => sep + c.toUpperCase());
  return cased.replace(/^Mc([a-z])/, (_m, c: string) => `Mc${c.toUpperCase()}`);
}
