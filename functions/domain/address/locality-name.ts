// One spelling of a locality name for lookups: "St. Kilda", "SAINT KILDA" and "st kilda" agree, as do
// "Mt Eliza"/"Mount Eliza" and "Pt Cook"/"Point Cook". Shared by the suburb-postcode index and the
// offline gazetteer, so both find the same localities.

const NAME_ABBREVIATIONS: Readonly<Record<string, string>> = { ST: 'SAINT', MT: 'MOUNT', PT: 'POINT' };
const ABBREVIATED_WORD = /\b(?:ST|MT|PT)\b/g;

const NEEDS_NORMALIZING = /[^A-Z0-9 ]|\b[SMP]T\b|^ | $| {2}/;

/** Upper case, no punctuation, abbreviations spelled out. */
export function normalizeLocalityName(name: string): string {
  const upper = name.toUpperCase();
  // Nearly every gazetteer name is already normal; one test skips the rest for those.
  if (!NEEDS_NORMALIZING.test(upper)) return upper;
  return upper
    .replace(/['\u2018\u2019`.]/g, '')
    .replace(/[^A-Z0-9]+/g, ' ')
    .trim()
    .replace(ABBREVIATED_WORD, (w) => NAME_ABBREVIATIONS[w] ?? w);
}

/** Whether a name may need normalizing at all (a cheap pre-check for bulk indexing). */
export function localityNameNeedsNormalizing(name: string): boolean {
  return NEEDS_NORMALIZING.test(name);
}
