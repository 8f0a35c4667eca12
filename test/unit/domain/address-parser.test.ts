// Checks the Australian address parser against real-world address forms from every state and territory,
// field by field, and that malformed or non-property addresses are rejected with a useful problem.
import { describe, expect, it } from 'vitest';
import { formatAddress, parseAustralianAddress } from '../../../functions/domain/address/address-parser.ts';
import type { ParsedAddress } from '../../../functions/domain/geo-types.ts';

type Case = readonly [input: string, expected: ParsedAddress];

function house(
  streetNumber: string,
  streetName: string,
  streetType: string,
  suburb: string,
  state: ParsedAddress['state'],
  postcode: string,
  extra: Partial<ParsedAddress> = {},
): ParsedAddress {
  return {
    streetNumber,
    streetNumberFrom: Number.parseInt(streetNumber, 10),
    streetName,
    streetType,
    suburb,
    state,
    postcode,
    ...extra,
  };
}

function lotOnly(
  lot: string,
  streetName: string,
  streetType: string,
  suburb: string,
  state: ParsedAddress['state'],
  postcode: string,
): ParsedAddress {
  return { lot, streetName, streetType, suburb, state, postcode };
}

const ACCEPTED: readonly Case[] = [
  // New South Wales
  ['1 Martin Place, Sydney NSW 2000', house('1', 'Martin', 'Place', 'SYDNEY', 'NSW', '2000')],
  ['12 Smith Street Surry Hills NSW 2010', house('12', 'Smith', 'Street', 'SURRY HILLS', 'NSW', '2010')],
  [
    '3/12 Smith St, Surry Hills NSW 2010',
    house('12', 'Smith', 'Street', 'SURRY HILLS', 'NSW', '2010', { unit: '3' }),
  ],
  [
    'Unit 3, 12 Smith Street, Surry Hills NSW 2010',
    house('12', 'Smith', 'Street', 'SURRY HILLS', 'NSW', '2010', { unit: '3' }),
  ],
  [
    'Unit 3 12 Smith St Surry Hills NSW 2010',
    house('12', 'Smith', 'Street', 'SURRY HILLS', 'NSW', '2010', { unit: '3' }),
  ],
  [
    'Flat 2/5 Ocean Street, Bondi NSW 2026',
    house('5', 'Ocean', 'Street', 'BONDI', 'NSW', '2026', { unit: '2' }),
  ],
  ['12 Smith Street North Sydney NSW 2060', house('12', 'Smith', 'Street', 'NORTH SYDNEY', 'NSW', '2060')],
  [
    '88 Anzac Parade South, Kensington NSW 2033',
    house('88', 'Anzac', 'Parade', 'KENSINGTON', 'NSW', '2033', { streetSuffix: 'South' }),
  ],
  [
    '5 Macquarie Street, Parramatta, New South Wales 2150',
    house('5', 'Macquarie', 'Street', 'PARRAMATTA', 'NSW', '2150'),
  ],
  [
    '12 smith st. surry hills n.s.w. 2010 australia',
    house('12', 'Smith', 'Street', 'SURRY HILLS', 'NSW', '2010'),
  ],
  ['Shop 1/20 The Corso, Manly NSW 2095', house('20', 'The', 'Corso', 'MANLY', 'NSW', '2095', { unit: '1' })],
  [
    'Apartment 12, 100 George Street, The Rocks NSW 2000',
    house('100', 'George', 'Street', 'THE ROCKS', 'NSW', '2000', { unit: '12' }),
  ],
  ['Level 5, 1 Macquarie Place, Sydney NSW 2000', house('1', 'Macquarie', 'Place', 'SYDNEY', 'NSW', '2000')],
  [
    'Suite 5, 33 Berry Street, North Sydney NSW 2060',
    house('33', 'Berry', 'Street', 'NORTH SYDNEY', 'NSW', '2060', { unit: '5' }),
  ],
  ['1 Farrer Place Sydney NSW 2000, AU', house('1', 'Farrer', 'Place', 'SYDNEY', 'NSW', '2000')],
  [
    '  12   SMITH   STREET ,  SURRY HILLS ,  NSW   2010  ',
    house('12', 'Smith', 'Street', 'SURRY HILLS', 'NSW', '2010'),
  ],
  ['1 Martin Place Sydney 2000 NSW', house('1', 'Martin', 'Place', 'SYDNEY', 'NSW', '2000')],
  [
    'U3/12 Crown St Wollongong NSW 2500',
    house('12', 'Crown', 'Street', 'WOLLONGONG', 'NSW', '2500', { unit: '3' }),
  ],
  [
    '7 McDonald Cres, Coffs Harbour NSW 2450',
    house('7', 'McDonald', 'Crescent', 'COFFS HARBOUR', 'NSW', '2450'),
  ],
  // Victoria
  [
    'Unit 5, 22 Smith Street, Fitzroy VIC 3065',
    house('22', 'Smith', 'Street', 'FITZROY', 'VIC', '3065', { unit: '5' }),
  ],
  ['12 Fitzroy St St Kilda VIC 3182', house('12', 'Fitzroy', 'Street', 'ST KILDA', 'VIC', '3182')],
  ['45 Alma Road, St Kilda East, Victoria 3183', house('45', 'Alma', 'Road', 'ST KILDA EAST', 'VIC', '3183')],
  ['200 St Kilda Road St Kilda VIC 3182', house('200', 'St Kilda', 'Road', 'ST KILDA', 'VIC', '3182')],
  [
    '1 High Street Road Glen Waverley VIC 3150',
    house('1', 'High Street', 'Road', 'GLEN WAVERLEY', 'VIC', '3150'),
  ],
  ['12 Smith St Box Hill North VIC 3129', house('12', 'Smith', 'Street', 'BOX HILL NORTH', 'VIC', '3129')],
  [
    '100 Point Cook Road, Point Cook VIC 3030',
    house('100', 'Point Cook', 'Road', 'POINT COOK', 'VIC', '3030'),
  ],
  ['100 Point Cook Rd Point Cook VIC 3030', house('100', 'Point Cook', 'Road', 'POINT COOK', 'VIC', '3030')],
  [
    'Apt 4/55 Chapel St, Windsor VIC 3181',
    house('55', 'Chapel', 'Street', 'WINDSOR', 'VIC', '3181', { unit: '4' }),
  ],
  ['12 The Avenue Windsor VIC 3181', house('12', 'The', 'Avenue', 'WINDSOR', 'VIC', '3181')],
  ['8 Spring St, Melbourne VIC 3000 Australia', house('8', 'Spring', 'Street', 'MELBOURNE', 'VIC', '3000')],
  ['1a grattan street carlton vic 3053', house('1A', 'Grattan', 'Street', 'CARLTON', 'VIC', '3053')],
  [
    '15 Burke Rd E, Camberwell VIC 3124',
    house('15', 'Burke', 'Road', 'CAMBERWELL', 'VIC', '3124', { streetSuffix: 'East' }),
  ],
  // Queensland
  [
    '100 Queen Street, Brisbane City QLD 4000',
    house('100', 'Queen', 'Street', 'BRISBANE CITY', 'QLD', '4000'),
  ],
  [
    'Apartment 12, 100 Wickham Terrace, Spring Hill QLD 4000',
    house('100', 'Wickham', 'Terrace', 'SPRING HILL', 'QLD', '4000', { unit: '12' }),
  ],
  [
    '3 Orchid Avenue, Surfers Paradise, Queensland 4217',
    house('3', 'Orchid', 'Avenue', 'SURFERS PARADISE', 'QLD', '4217'),
  ],
  ['Lot 5 Smith Road, Woodford QLD 4514', lotOnly('5', 'Smith', 'Road', 'WOODFORD', 'QLD', '4514')],
  ['12 Ann St, Fortitude Valley QLD 4006', house('12', 'Ann', 'Street', 'FORTITUDE VALLEY', 'QLD', '4006')],
  ['20 Barwon Street, Mungindi QLD 2406', house('20', 'Barwon', 'Street', 'MUNGINDI', 'QLD', '2406')],
  ['9 Esplanade Lane, Cairns City QLD 4870', house('9', 'Esplanade', 'Lane', 'CAIRNS CITY', 'QLD', '4870')],
  // South Australia
  [
    "3/12 O'Connell St, North Adelaide SA 5006",
    house('12', "O'Connell", 'Street', 'NORTH ADELAIDE', 'SA', '5006', { unit: '3' }),
  ],
  [
    'Lot 5, 12 Smith Rd, Mount Barker SA 5251',
    house('12', 'Smith', 'Road', 'MOUNT BARKER', 'SA', '5251', { lot: '5' }),
  ],
  [
    '45 King William Street, Adelaide, South Australia 5000',
    house('45', 'King William', 'Street', 'ADELAIDE', 'SA', '5000'),
  ],
  ['2 Jetty Rd Glenelg SA 5045', house('2', 'Jetty', 'Road', 'GLENELG', 'SA', '5045')],
  ['14 The Parade, Norwood SA 5067', house('14', 'The', 'Parade', 'NORWOOD', 'SA', '5067')],
  // Western Australia
  [
    'Lot 12 Banksia Drive, Mount Barker WA 6324',
    lotOnly('12', 'Banksia', 'Drive', 'MOUNT BARKER', 'WA', '6324'),
  ],
  ['12-14 St Georges Tce, Perth WA 6000', house('12-14', 'St Georges', 'Terrace', 'PERTH', 'WA', '6000')],
  ['140 William St Perth Western Australia 6000', house('140', 'William', 'Street', 'PERTH', 'WA', '6000')],
  ['5 Beaufort Street, Mt Lawley WA 6050', house('5', 'Beaufort', 'Street', 'MT LAWLEY', 'WA', '6050')],
  ['12 Marine Pde, Cottesloe WA 6011', house('12', 'Marine', 'Parade', 'COTTESLOE', 'WA', '6011')],
  ['31 The Esplanade, Scarborough WA 6019', house('31', 'The', 'Esplanade', 'SCARBOROUGH', 'WA', '6019')],
  // Tasmania
  ['45A Macquarie Street, Hobart TAS 7000', house('45A', 'Macquarie', 'Street', 'HOBART', 'TAS', '7000')],
  [
    '12 Hampden Rd, Battery Point, Tasmania 7004',
    house('12', 'Hampden', 'Road', 'BATTERY POINT', 'TAS', '7004'),
  ],
  [
    '3/7 Brisbane St Launceston Tas 7250',
    house('7', 'Brisbane', 'Street', 'LAUNCESTON', 'TAS', '7250', { unit: '3' }),
  ],
  // Australian Capital Territory
  ['8 Brisbane Avenue, Barton ACT 2600', house('8', 'Brisbane', 'Avenue', 'BARTON', 'ACT', '2600')],
  ['25 Lonsdale St, Braddon A.C.T. 2612', house('25', 'Lonsdale', 'Street', 'BRADDON', 'ACT', '2612')],
  [
    '1 Queen Elizabeth Tce, Parkes, Australian Capital Territory 2600',
    house('1', 'Queen Elizabeth', 'Terrace', 'PARKES', 'ACT', '2600'),
  ],
  ['4 Gladstone Street, Hall ACT 2618', house('4', 'Gladstone', 'Street', 'HALL', 'ACT', '2618')],
  ['16 Ainslie Ave Reid Act 2612', house('16', 'Ainslie', 'Avenue', 'REID', 'ACT', '2612')],
  // Northern Territory
  ['7 Smith St Darwin NT 0800', house('7', 'Smith', 'Street', 'DARWIN', 'NT', '0800')],
  [
    '3 Gregory Street, Parap, Northern Territory 0820',
    house('3', 'Gregory', 'Street', 'PARAP', 'NT', '0820'),
  ],
  [
    'Unit 2, 15 Gap Road, Alice Springs NT 0870',
    house('15', 'Gap', 'Road', 'ALICE SPRINGS', 'NT', '0870', { unit: '2' }),
  ],
  ['22 Mitchell St., Darwin City, N.T. 0800', house('22', 'Mitchell', 'Street', 'DARWIN CITY', 'NT', '0800')],
];

describe('parseAustralianAddress accepts real-world forms', () => {
  it('covers at least 45 forms across every state and territory', () => {
    expect(ACCEPTED.length).toBeGreaterThanOrEqual(45);
    expect(new Set(ACCEPTED.map(([, a]) => a.state))).toEqual(
      new Set(['NSW', 'VIC', 'QLD', 'SA', 'WA', 'TAS', 'ACT', 'NT']),
    );
  });

  it.each(ACCEPTED)('%s', (input, expected) => {
    const result = parseAustralianAddress(input);
    if (!result.ok) throw new Error(`rejected: ${result.problems.join('; ')}`);
    expect(result.address).toEqual(expected);
  });

  it.each(ACCEPTED)('formats and re-parses %s to the same address', (input) => {
    const first = parseAustralianAddress(input);
    if (!first.ok) throw new Error(`rejected: ${first.problems.join('; ')}`);
    const again = parseAustralianAddress(formatAddress(first.address));
    expect(again).toEqual(first);
  });
});

describe('parseAustralianAddress field details', () => {
  it('keeps the range start of a number range', () => {
    const r = parseAustralianAddress('12-14 St Georges Tce, Perth WA 6000');
    expect(r.ok && r.address.streetNumberFrom).toBe(12);
  });

  it('spells out every abbreviated street type', () => {
    const pairs: [string, string][] = [
      ['Rd', 'Road'],
      ['Ave', 'Avenue'],
      ['Av', 'Avenue'],
      ['Dr', 'Drive'],
      ['Drv', 'Drive'],
      ['Ct', 'Court'],
      ['Cres', 'Crescent'],
      ['Cr', 'Crescent'],
      ['Pl', 'Place'],
      ['Pde', 'Parade'],
      ['Tce', 'Terrace'],
      ['Hwy', 'Highway'],
      ['Cct', 'Circuit'],
      ['Cl', 'Close'],
      ['Gr', 'Grove'],
      ['Gve', 'Grove'],
      ['Blvd', 'Boulevard'],
      ['Bvd', 'Boulevard'],
      ['La', 'Lane'],
      ['Ln', 'Lane'],
      ['Esp', 'Esplanade'],
      ['Sq', 'Square'],
      ['Pkwy', 'Parkway'],
      ['Prom', 'Promenade'],
      ['Ally', 'Alley'],
      ['Arc', 'Arcade'],
      ['Hts', 'Heights'],
      ['Gdns', 'Gardens'],
      ['Ent', 'Entrance'],
      ['Jnc', 'Junction'],
      ['App', 'Approach'],
      ['Fwy', 'Freeway'],
      ['Mwy', 'Motorway'],
      ['Way', 'Way'],
      ['Mews', 'Mews'],
      ['Wynd', 'Wynd'],
    ];
    for (const [abbreviation, spelled] of pairs) {
      const r = parseAustralianAddress(`9 Banksia ${abbreviation}, Frankston VIC 3199`);
      expect(r.ok && r.address.streetType, abbreviation).toBe(spelled);
    }
  });

  it('reads a suffix after the type when a comma or a single letter makes it unambiguous', () => {
    const r = parseAustralianAddress('12 Pacific Hwy North, Wahroonga NSW 2076');
    expect(r.ok && r.address).toMatchObject({
      streetType: 'Highway',
      streetSuffix: 'North',
      suburb: 'WAHROONGA',
    });
    const ext = parseAustralianAddress('3 Bourke St Extension Goulburn NSW 2580');
    expect(ext.ok && ext.address).toMatchObject({
      streetType: 'Street',
      streetSuffix: 'Extension',
      suburb: 'GOULBURN',
    });
  });
});

describe('formatAddress', () => {
  it('gives the canonical one-line forms', () => {
    expect(formatAddress(house('12', 'Smith', 'Street', 'SURRY HILLS', 'NSW', '2010', { unit: '3' }))).toBe(
      '3/12 Smith Street, SURRY HILLS NSW 2010',
    );
    expect(formatAddress(lotOnly('5', 'Smith', 'Road', 'MOUNT BARKER', 'WA', '6324'))).toBe(
      'Lot 5 Smith Road, MOUNT BARKER WA 6324',
    );
    expect(formatAddress(house('12', 'Smith', 'Road', 'MOUNT BARKER', 'SA', '5251', { lot: '5' }))).toBe(
      'Lot 5, 12 Smith Road, MOUNT BARKER SA 5251',
    );
    expect(formatAddress(house('7', 'Smith', 'Street', 'DARWIN', 'NT', '0800'))).toBe(
      '7 Smith Street, DARWIN NT 0800',
    );
    expect(
      formatAddress(house('12', 'Pacific', 'Highway', 'WAHROONGA', 'NSW', '2076', { streetSuffix: 'North' })),
    ).toBe('12 Pacific Highway North, WAHROONGA NSW 2076');
  });
});

const REJECTED: readonly (readonly [input: string, problem: RegExp])[] = [
  ['', /^address is empty$/],
  ['   ,  ', /^address is empty$/],
  [
    '1 Martin Place, Sydney NSW',
    /address has no postcode \(expected a four-digit Australian postcode such as 2000\)/,
  ],
  ['1 Martin Place, Sydney 2000', /address has no state \(expected NSW, VIC, QLD, WA, SA, TAS, ACT or NT\)/],
  [
    '1 Martin Place, Sydney VIC 2000',
    /postcode 2000 does not belong to VIC \(2000 belongs to NSW; VIC postcodes are 3000-3999 and 8000-8999\)/,
  ],
  [
    '8 Brisbane Avenue, Barton NSW 2600',
    /postcode 2600 does not belong to NSW \(2600 belongs to ACT; NSW postcodes are 1000-2599, 2619-2899 and 2921-2999\)/,
  ],
  ['Martin Place, Sydney NSW 2000', /^address has no street number$/],
  ['hello world', /^address has no street number$/],
  ['PO Box 123 Sydney NSW 2001', /PO Box.*not a property: give the street address of the property/],
  ['P.O. Box 45, Fitzroy VIC 3065', /PO Box.*not a property/],
  ['GPO Box 1234, Melbourne VIC 3001', /PO Box.*not a property/],
  ['Locked Bag 5, Parramatta NSW 2124', /Locked Bag.*not a property/],
  ['10 Downing Street, London SW1A 2AA', /outside Australia \(it ends with the UK postcode "SW1A 2AA"\)/],
  ['1600 Pennsylvania Avenue NW, Washington, DC 20500', /outside Australia .*US postcode "20500"/],
  ['12 Queen Street, Auckland 1010, New Zealand', /outside Australia \(it ends with "New Zealand"\)/],
  ['12 Smith, Surry Hills NSW 2010', /^street type missing: expected e\.g\. Street, Road, Avenue/],
  ['12 Smith Street NSW 2010', /^address has no suburb$/],
  ['14-12 Smith St Surry Hills NSW 2010', /street number range 14-12 does not run upwards/],
  ['1 Martin Place Sydney NSW 200', /postcode "200" is not four digits/],
  ['140 William St, Perth WA 60000', /postcode "60000" is not four digits/],
  ['1 Smith St Somewhere NSW 0100', /postcode 0100 is not an Australian postcode/],
  [
    'Unit 5 Smith Street, Fitzroy VIC 3065',
    /address has no street number \(unit 5 needs the building's street number/,
  ],
  ['12 34 Smith St Sydney NSW 2000', /street name "34 Smith" starts with a number/],
  ['1 Broadway, Ultimo NSW 2007', /street name missing: "Broadway" is a street type/],
  [`${'12 Smith Street '.repeat(20)}Sydney NSW 2000`, /longer than 300 characters/],
];

describe('parseAustralianAddress rejects what is not a full Australian property address', () => {
  it('has at least 12 rejection cases', () => {
    expect(REJECTED.length).toBeGreaterThanOrEqual(12);
  });

  it.each(REJECTED)('%s', (input, problem) => {
    const result = parseAustralianAddress(input);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(
      result.problems.some((p) => problem.test(p)),
      result.problems.join(' | '),
    ).toBe(true);
  });

  it('reports every problem it can find at once', () => {
    const result = parseAustralianAddress('Smith Street Surry Hills');
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems).toEqual(
      expect.arrayContaining([
        'address has no postcode (expected a four-digit Australian postcode such as 2000)',
        'address has no state (expected NSW, VIC, QLD, WA, SA, TAS, ACT or NT)',
        'address has no street number',
      ]),
    );
  });
});
