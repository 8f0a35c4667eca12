// An address's parts as a state address register keeps them (upper case, single spaces) and only when
// they are made of what an address can hold: letters, digits, spaces and ' - . / &. Anything else (an
// `=`, a semicolon, a bracket) is no address a register has, so the geocoder answers "not found" without
// asking, and nothing a caller typed can reach a `where` clause except as a quoted, checked literal.
import { STREET_TYPE_SPELLINGS } from '../../../domain/address/street-types.ts';
import type { ParsedAddress } from '../../../domain/geo-types.ts';

const VALUE = /^[A-Z0-9](?:[A-Z0-9 '\-./&]{0,78}[A-Z0-9.])?$/;

/** `text` upper-cased with its spaces collapsed, or undefined when it holds anything an address cannot. */
export function addressValue(text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  const value = text.normalize('NFKC').toUpperCase().replace(/\s+/g, ' ').trim();
  return VALUE.test(value) ? value : undefined;
}

/** The address's parts, checked; undefined when any part is not one an address can have. */
export interface AddressValues {
  readonly houseNumber: string;
  /** The first number of the house number ("12" of "12-14", "12A"). */
  readonly houseNumberFrom: number;
  readonly streetName: string;
  /** Spelled out: "STREET". */
  readonly streetType: string;
  /** The Australia Post abbreviation: "ST". */
  readonly streetTypeShort: string;
  readonly locality: string;
  readonly postcode: string;
  readonly unit: string | undefined;
}

export function addressValues(address: ParsedAddress): AddressValues | undefined {
  if (address.streetNumber === undefined || address.streetNumberFrom === undefined) return undefined;
  const houseNumber = addressValue(address.streetNumber);
  const streetName = addressValue(address.streetName);
  const streetType = addressValue(address.streetType);
  const locality = addressValue(address.suburb);
  const postcode = /^\d{4}$/.test(address.postcode) ? address.postcode : undefined;
  const unit = address.unit === undefined ? undefined : addressValue(address.unit);
  if (!houseNumber || !streetName || !streetType || !locality || !postcode) return undefined;
  if (address.unit !== undefined && unit === undefined) return undefined;
  const spellings = STREET_TYPE_SPELLINGS[address.streetType];
  return {
    houseNumber,
    houseNumberFrom: address.streetNumberFrom,
    streetName,
    streetType,
    streetTypeShort: (spellings?.[0] ?? address.streetType).toUpperCase(),
    locality,
    postcode,
    unit,
  };
}
