// Identifiers: job ids are UUIDv7 (time-ordered, so the newest-first listing is a plain key order),
// request ids are req_<hex>, key ids are a short public handle that is never a secret.
import { createHash, randomBytes } from 'node:crypto';

export function uuidv7(now: number = Date.now()): string {
  return uuidv7From(randomBytes(16), now);
}

/**
 * A UUIDv7 whose random bits come from `seed` (SHA-256): the same seed and time give the same id, so a
 * job made on someone's behalf (a listing kit's child) keeps its id when its creation is retried.
 */
export function derivedUuidv7(now: number, seed: string): string {
  return uuidv7From(createHash('sha256').update(seed).digest().subarray(0, 16), now);
}

/** The creation time (epoch ms) a UUIDv7 carries in its first 48 bits. */
export function uuidv7Time(id: string): number {
  return Number.parseInt(id.replaceAll('-', '').slice(0, 12), 16);
}

function uuidv7From(source: Uint8Array, now: number): string {
  const bytes = Buffer.from(source);
  const ms = BigInt(now);
  for (let i = 0; i < 6; i += 1) bytes[i] = Number((ms >> BigInt(8 * (5 - i))) & 0xffn);
  bytes[6] = (bytes[6]! & 0x0f) | 0x70;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

export function isUuid(value: string): boolean {
  return UUID_PATTERN.test(value);
}

/**
 * A webhook event id (the webhook-id header): evt_<32 hex>, the hex of a UUIDv7, so ids sort by the time
 * they were made (the event log lists and pages by id).
 */
export function newEventId(now: number = Date.now()): string {
  return `evt_${uuidv7(now).replaceAll('-', '')}`;
}

/** The smallest event id made at `ms` (a bound of a created-at range over event ids). */
export function eventIdFloor(ms: number): string {
  return `evt_${Math.max(0, Math.floor(ms)).toString(16).padStart(12, '0')}`;
}

/** A request id; when the platform gave one (API Gateway's requestId) it is reused so logs correlate. */
export function requestId(platformId?: string): string {
  const hex = platformId?.replace(/[^0-9a-fA-F]/g, '').toLowerCase();
  return `req_${hex && hex.length >= 16 ? hex : randomBytes(16).toString('hex')}`;
}

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** Uniform random base62 (rejection sampling, no modulo bias). */
export function randomBase62(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 248 && out.length < length) out += BASE62[byte % 62];
    }
  }
  return out;
}
