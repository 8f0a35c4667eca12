// The one street vocabulary: Australian street types and the suffixes that may follow them, each with every
// spelling accepted for it (Australia Post abbreviations, common variants, the word itself). Address
// parsing, basemap street names and frontage matching all read this table, so "Smith St", "Smith Str."
// and "SMITH STREET" are one street everywhere.

/** Canonical type (title case) -> accepted spellings, lower case with periods removed. */
export const STREET_TYPE_SPELLINGS: Readonly<Record<string, readonly string[]>> = {
  Street: ['st', 'street', 'str'],
  Road: ['rd', 'road'],
  Avenue: ['ave', 'av', 'avenue'],
  Drive: ['dr', 'drv', 'dve', 'drive'],
  Court: ['ct', 'crt', 'court'],
  Crescent: ['cres', 'cr', 'cresc', 'crescent'],
  Place: ['pl', 'place'],
  Parade: ['pde', 'parade'],
  Terrace: ['tce', 'terr', 'terrace'],
  Highway: ['hwy', 'highway'],
  Circuit: ['cct', 'circuit'],
  Close: ['cl', 'close'],
  Grove: ['gr', 'gve', 'grove'],
  Boulevard: ['blvd', 'bvd', 'bvde', 'boulevard'],
  Lane: ['la', 'ln', 'lane'],
  Way: ['way', 'wy'],
  Esplanade: ['esp', 'esplanade'],
  Square: ['sq', 'square'],
  Mews: ['mews'],
  Row: ['row'],
  Walk: ['walk', 'wk'],
  Loop: ['loop', 'lp'],
  Rise: ['rise'],
  Vista: ['vista'],
  Track: ['track', 'trk', 'tr'],
  Trail: ['trail', 'trl'],
  Parkway: ['parkway', 'pkwy'],
  Promenade: ['promenade', 'prom'],
  Quay: ['quay'],
  Strand: ['strand'],
  Alley: ['alley', 'ally', 'al'],
  Arcade: ['arcade', 'arc'],
  Chase: ['chase', 'ch'],
  Glade: ['glade', 'gld'],
  Green: ['green'],
  Heights: ['heights', 'hts'],
  Crest: ['crest', 'crst'],
  Ridge: ['ridge', 'rdg'],
  Outlook: ['outlook'],
  Retreat: ['retreat'],
  Gardens: ['gardens', 'gdns'],
  Link: ['link'],
  Path: ['path'],
  Bend: ['bend', 'bnd'],
  Brace: ['brace'],
  Break: ['break'],
  Corso: ['corso'],
  Cove: ['cove'],
  Entrance: ['entrance', 'ent'],
  Gate: ['gate'],
  Junction: ['junction', 'jnc'],
  Mall: ['mall'],
  Meander: ['meander'],
  Nook: ['nook'],
  Pass: ['pass'],
  Pathway: ['pathway'],
  Plaza: ['plaza'],
  Point: ['point'],
  Reserve: ['reserve'],
  Ramble: ['ramble'],
  Wynd: ['wynd'],
  Boardwalk: ['boardwalk'],
  Broadway: ['broadway', 'bwy'],
  Causeway: ['causeway'],
  Concourse: ['concourse'],
  Approach: ['approach', 'app'],
  Expressway: ['expressway'],
  Freeway: ['freeway', 'fwy'],
  Motorway: ['motorway', 'mwy'],
  Circle: ['circle', 'cir'],
  Circus: ['circus'],
  Grange: ['grange'],
  Hill: ['hill'],
  Park: ['park'],
  View: ['view', 'vw'],
  Vale: ['vale'],
  Glen: ['glen'],
  Haven: ['haven'],
  Corner: ['corner', 'cnr'],
  'Cul-De-Sac': ['cul-de-sac', 'cds'],
};

/** Types that almost only ever end a street name, unlike "Point" or "Hill" that often start a suburb. */
export const PRIMARY_STREET_TYPES: ReadonlySet<string> = new Set([
  'Street',
  'Road',
  'Avenue',
  'Drive',
  'Court',
  'Crescent',
  'Place',
  'Parade',
  'Terrace',
  'Highway',
  'Circuit',
  'Close',
  'Grove',
  'Boulevard',
  'Lane',
  'Way',
  'Esplanade',
]);

/** Canonical suffix -> accepted spellings. */
export const STREET_SUFFIX_SPELLINGS: Readonly<Record<string, readonly string[]>> = {
  North: ['north', 'n', 'nth'],
  South: ['south', 's', 'sth'],
  East: ['east', 'e'],
  West: ['west', 'w'],
  Extension: ['extension', 'ext'],
  Upper: ['upper', 'upr'],
  Lower: ['lower', 'lwr'],
  Central: ['central', 'cnt'],
};

/** Suffix words that also begin localities ("North Sydney", "Upper Coomera"): without a comma they may be either. */
export const AMBIGUOUS_SUFFIX_WORDS: ReadonlySet<string> = new Set([
  'north',
  'south',
  'east',
  'west',
  'upper',
  'lower',
  'central',
]);

function spellingIndex(table: Readonly<Record<string, readonly string[]>>): ReadonlyMap<string, string> {
  const index = new Map<string, string>();
  for (const [canonical, spellings] of Object.entries(table)) {
    for (const spelling of spellings) {
      const taken = index.get(spelling);
      // One spelling, one meaning: a clash would make parsing depend on table order.
      if (taken !== undefined)
        throw new Error(`street spelling "${spelling}" means both ${taken} and ${canonical}`);
      index.set(spelling, canonical);
    }
  }
  return index;
}

const TYPES = spellingIndex(STREET_TYPE_SPELLINGS);
const SUFFIXES = spellingIndex(STREET_SUFFIX_SPELLINGS);

const key = (word: string) => word.toLowerCase().replace(/\.$/, '');

/** "st", "St.", "STREET" -> "Street"; undefined when the word is no street type. */
export function streetTypeOf(word: string): string | undefined {
  return TYPES.get(key(word));
}

/** "nth", "North" -> "North"; undefined when the word is no street suffix. */
export function streetSuffixOf(word: string): string | undefined {
  return SUFFIXES.get(key(word));
}

/** "Smith St" -> "Smith Street", "Pacific Hwy Nth" -> "Pacific Highway North"; a leading "St" stays Saint. */
export function expandStreetName(name: string): string {
  const words = name.trim().split(/\s+/);
  let typeIndex = words.length - 1;
  const suffix = streetSuffixOf(words[typeIndex] ?? '');
  if (words.length >= 3 && suffix) {
    words[typeIndex] = suffix;
    typeIndex--;
  }
  const type = streetTypeOf(words[typeIndex] ?? '');
  if (typeIndex >= 1 && type) words[typeIndex] = type;
  return words.join(' ');
}

/** Comparison key: spelled-out type, no punctuation or case, "Saint" as "St". */
export function streetKey(name: string): string {
  return expandStreetName(name)
    .toLowerCase()
    .replace(/['’.]/g, '')
    .replace(/-/g, ' ')
    .replace(/\s+/g, ' ')
    .replace(/^saint /, 'st ')
    .trim();
}
