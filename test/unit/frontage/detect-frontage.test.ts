// Frontage detection: the bearing toward the addressed street, name matching across abbreviations,
// the nearest-street and default fallbacks, and lower confidence on corner lots.
import { describe, expect, it } from 'vitest';
import type { ParsedAddress, SiteModel, Street } from '../../../functions/domain/geo-types.ts';
import { angularDifference, bearingLabel } from '../../../functions/domain/geometry/bearing.ts';
import { polygonCentroid } from '../../../functions/domain/geometry/polygon.ts';
import {
  detectFrontage,
  frontageAnchor,
  normalizeStreetName,
} from '../../../functions/media/frontage/detect-frontage.ts';
import { buildSyntheticSite, syntheticLayout } from '../../../functions/media/site/synthetic-site.ts';

const ORIGIN = { lat: -27.47, lng: 153.02 };

const ADDRESSES: ParsedAddress[] = [
  ['1', 'Smith', 'Street', 'SURRY HILLS', 'NSW', '2010'],
  ['12', 'Victoria', 'Road', 'PARRAMATTA', 'NSW', '2150'],
  ['7A', 'Ocean View', 'Parade', 'MANLY', 'NSW', '2095'],
  ['33', 'George', 'Street', 'BRISBANE CITY', 'QLD', '4000'],
  ['5', 'St Georges', 'Terrace', 'PERTH', 'WA', '6000'],
  ['88', 'Chapel', 'Street', 'PRAHRAN', 'VIC', '3181'],
  ['2', 'Sandy Bay', 'Road', 'SANDY BAY', 'TAS', '7005'],
  ['41', 'Mitchell', 'Street', 'DARWIN CITY', 'NT', '0800'],
  ['9', 'Northbourne', 'Avenue', 'BRADDON', 'ACT', '2612'],
  ['150', 'King William', 'Road', 'HYDE PARK', 'SA', '5061'],
  ['3', 'Jacaranda', 'Crescent', 'TOOWONG', 'QLD', '4066'],
  ['17', 'Banksia', 'Drive', 'MOUNT BARKER', 'WA', '6324'],
  ['22', 'Hill', 'Court', 'BALLARAT', 'VIC', '3350'],
  ['64', 'Beach', 'Esplanade', 'ST KILDA', 'VIC', '3182'],
  ['11', 'Railway', 'Parade', 'GLENFIELD', 'NSW', '2167'],
  ['1-3', 'Church', 'Lane', 'MELBOURNE', 'VIC', '3000'],
  ['250', 'Pacific', 'Highway', 'NORTH SYDNEY', 'NSW', '2060'],
  ['14', 'Wattle', 'Grove', 'BELCONNEN', 'ACT', '2617'],
  ['6', 'Eyre', 'Place', 'KINGSTON', 'TAS', '7050'],
  ['99', 'Stuart', 'Highway', 'ALICE SPRINGS', 'NT', '0870'],
].map(([streetNumber, streetName, streetType, suburb, state, postcode]) => ({
  streetNumber: streetNumber!,
  streetNumberFrom: Number.parseInt(streetNumber!, 10),
  streetName: streetName!,
  streetType: streetType!,
  suburb: suburb!,
  state: state as ParsedAddress['state'],
  postcode: postcode!,
}));

describe('detectFrontage on synthetic sites', () => {
  it.each(
    ADDRESSES.map((a) => [`${a.streetNumber} ${a.streetName} ${a.streetType}, ${a.suburb}`, a] as const),
  )('%s: faces the side the generator put the street on', (_, address) => {
    const site = buildSyntheticSite(ORIGIN, address, 150);
    const detection = detectFrontage(site);
    expect(detection.method).toBe('addressed-street');
    expect(
      angularDifference(detection.bearingDeg, syntheticLayout(address).frontBearingDeg),
    ).toBeLessThanOrEqual(5);
    expect(Number.isInteger(detection.bearingDeg)).toBe(true);
    expect(detection.bearingDeg).toBeGreaterThanOrEqual(0);
    expect(detection.bearingDeg).toBeLessThanOrEqual(359);
    expect(detection.label).toBe(bearingLabel(detection.bearingDeg));
    // Corner lots (a cross street beside the lot) score about 0.5-0.6; mid-block lots about 0.95.
    expect(detection.confidence).toBeGreaterThanOrEqual(0.45);
    expect(detection.confidence).toBeLessThanOrEqual(1);
    expect(Math.round(detection.confidence * 100) / 100).toBe(detection.confidence);
    // The front point lies on the addressed street, a nature strip and half the road from the lot.
    const { depthM, streetWidthM } = syntheticLayout(address);
    const d = Math.hypot(detection.frontPoint.x, detection.frontPoint.y);
    expect(d).toBeGreaterThan(depthM / 2 + streetWidthM / 2 + 3);
    expect(d).toBeLessThan(depthM / 2 + streetWidthM / 2 + 6);
  });

  it('is confident mid-block and less so where a cross street runs beside the lot', () => {
    const scores = ADDRESSES.map((a) => detectFrontage(buildSyntheticSite(ORIGIN, a, 150)).confidence);
    expect(scores.filter((c) => c >= 0.9).length).toBeGreaterThanOrEqual(12);
    expect(scores.some((c) => c < 0.7)).toBe(true);
  });

  it('covers many front bearings across the sample', () => {
    const labels = new Set(ADDRESSES.map((a) => detectFrontage(buildSyntheticSite(ORIGIN, a, 150)).label));
    expect(labels.size).toBeGreaterThanOrEqual(5);
  });
});

// A hand-made site: a 16 x 36 m parcel centred on the origin with its front to the north.
const parcel = {
  id: 'p',
  addressed: true,
  polygon: [
    { x: -8, y: -18 },
    { x: 8, y: -18 },
    { x: 8, y: 18 },
    { x: -8, y: 18 },
  ],
};
const street = (name: string, from: [number, number], to: [number, number], widthM = 10): Street => ({
  name,
  widthM,
  centerline: [
    { x: from[0], y: from[1] },
    { x: to[0], y: to[1] },
  ],
});
const siteWith = (addressedStreet: string, streets: Street[], withParcel = true): SiteModel => ({
  origin: ORIGIN,
  addressedStreet,
  streets,
  parcels: withParcel ? [parcel] : [],
  buildings: [],
  driveways: [],
  trees: [],
  provider: 'test',
});

describe('detectFrontage on hand-made sites', () => {
  const front = street('Smith Street', [-100, 27], [100, 27]);
  const back = street('Back Lane', [-100, -40], [100, -40], 6);

  it('points at the addressed street and reports its nearest point', () => {
    const d = detectFrontage(siteWith('Smith Street', [back, front]));
    expect(d).toMatchObject({ bearingDeg: 0, label: 'north', method: 'addressed-street' });
    expect(d.frontPoint.x).toBeCloseTo(0, 9);
    expect(d.frontPoint.y).toBeCloseTo(27, 9);
  });

  it('matches abbreviated and differently cased names', () => {
    expect(detectFrontage(siteWith('Smith St', [front])).method).toBe('addressed-street');
    expect(detectFrontage(siteWith('SMITH STREET', [front])).method).toBe('addressed-street');
    const abbreviated = street('Smith St.', [-100, 27], [100, 27]);
    expect(detectFrontage(siteWith('Smith Street', [abbreviated])).method).toBe('addressed-street');
    expect(normalizeStreetName('St Georges Rd')).toBe('st georges road');
    expect(normalizeStreetName('Pacific Hwy N')).toBe('pacific highway north');
    expect(normalizeStreetName('  Ocean   View Pde ')).toBe('ocean view parade');
  });

  it('faces the addressed street even when another street is nearer, with low confidence', () => {
    const nearBack = street('Back Lane', [-100, -22], [100, -22], 6);
    const d = detectFrontage(siteWith('Smith Street', [nearBack, front]));
    expect(d.method).toBe('addressed-street');
    expect(d.bearingDeg).toBe(0);
    expect(d.confidence).toBeLessThan(0.6);
  });

  it('is less confident on a corner lot than mid-block', () => {
    const midBlock = detectFrontage(siteWith('Smith Street', [front, back]));
    const side = street('Wattle Street', [14, -100], [14, 100]);
    const corner = detectFrontage(siteWith('Smith Street', [front, side]));
    expect(corner.method).toBe('addressed-street');
    expect(corner.bearingDeg).toBe(0);
    expect(corner.confidence).toBeLessThan(midBlock.confidence);
    expect(midBlock.confidence).toBeGreaterThanOrEqual(0.9);
  });

  it('falls back to the nearest street when no street has the addressed name', () => {
    const east = street('Wattle Street', [30, -100], [30, 100]);
    const d = detectFrontage(siteWith('Nowhere Road', [east, back]));
    expect(d.method).toBe('nearest-street');
    expect(d.bearingDeg).toBe(90);
    expect(d.label).toBe('east');
    expect(d.confidence).toBeGreaterThan(0);
    expect(d.confidence).toBeLessThan(detectFrontage(siteWith('Wattle Street', [east, back])).confidence);
  });

  it('uses the site origin when there is no parcel', () => {
    const site = siteWith('Smith Street', [street('Smith Street', [-50, -20], [50, -20])], false);
    expect(frontageAnchor(site)).toEqual({ x: 0, y: 0 });
    expect(detectFrontage(site)).toMatchObject({
      bearingDeg: 180,
      label: 'south',
      method: 'addressed-street',
    });
  });

  it('handles polyline streets, choosing the nearest segment', () => {
    const bent = {
      name: 'Smith Street',
      widthM: 10,
      centerline: [
        { x: -100, y: 60 },
        { x: 20, y: 20 },
        { x: 100, y: 20 },
      ],
    };
    const d = detectFrontage(siteWith('Smith Street', [bent]));
    expect(d.method).toBe('addressed-street');
    const expected = (Math.atan2(d.frontPoint.x, d.frontPoint.y) * 180) / Math.PI;
    expect(angularDifference(d.bearingDeg, expected)).toBeLessThanOrEqual(0.5);
    expect(d.bearingDeg).toBeGreaterThan(0);
    expect(d.bearingDeg).toBeLessThan(90);
  });

  it('defaults to north with zero confidence when there are no streets', () => {
    const d = detectFrontage(siteWith('Smith Street', []));
    expect(d).toEqual({
      bearingDeg: 0,
      label: 'north',
      confidence: 0,
      frontPoint: polygonCentroid(parcel.polygon),
      method: 'default',
    });
  });
});
