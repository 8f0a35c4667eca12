// Time in one place, so tests and the use cases agree on formats.
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** ISO 8601 UTC with milliseconds, as every timestamp in the API. */
export function isoTimestamp(date: Date): string {
  return date.toISOString();
}
