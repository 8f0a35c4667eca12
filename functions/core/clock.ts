// Time in one place, so tests and the use cases agree on formats.
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
