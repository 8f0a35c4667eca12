// When webhook deliveries are attempted.
//
// Interpretation of a schedule: entry i (0-based) is the delay before attempt i+1 (1-based).
// Entry 0 is the delay of the initial attempt (0: deliver immediately); after attempt n fails,
// attempt n+1 waits schedule[n]. So the schedule's length is the total number of attempts, and
// after attempt schedule.length fails there is nothing left. With the default schedule:
//   attempt 1 at once, 2 after 5 s, 3 after 5 min, 4 after 30 min, 5 after 2 h, 6 after 5 h,
//   7 after 10 h, 8 after another 10 h - 8 attempts over about 27.6 hours.

/** Delay in seconds before each attempt (see the interpretation above). */
export const DEFAULT_RETRY_SCHEDULE_SECONDS: readonly number[] = Object.freeze([
  0, 5, 300, 1800, 7200, 18000, 36000, 36000,
]);

/** A receiver's Retry-After can push a retry later, but not park a delivery for days. */
export const MAX_RETRY_AFTER_SECONDS = 24 * 60 * 60;

/** ±10%: spreads retries of many deliveries that failed together (a receiver outage) apart. */
const JITTER_FRACTION = 0.1;

/** SQS refuses DelaySeconds above 15 minutes. */
export const SQS_MAX_DELAY_SECONDS = 900;

interface NextDelayOptions {
  /** Parsed Retry-After of the failed attempt's response (see parseRetryAfter). */
  retryAfterSeconds?: number;
  /** Uniform [0, 1); injected in tests for a deterministic jitter. */
  random?: () => number;
}

/**
 * Seconds to wait before the next attempt after attempt `attemptNumber` (1-based) failed, or null
 * when that was the last attempt. Whole seconds, because SQS delays are whole seconds.
 */
export function nextDelaySeconds(
  schedule: readonly number[],
  attemptNumber: number,
  options: NextDelayOptions = {},
): number | null {
  // 0 or a fraction means the caller confused 0- and 1-based counting; failing loudly beats
  // silently retrying one attempt too many or too few.
  if (!Number.isInteger(attemptNumber) || attemptNumber < 1) {
    throw new RangeError(`attemptNumber must be a 1-based integer, got ${attemptNumber}.`);
  }
  const scheduled = schedule[attemptNumber];
  if (scheduled === undefined) return null;
  const random = options.random ?? Math.random;
  const jitter = (random() * 2 - 1) * JITTER_FRACTION;
  let delay = Math.max(0, Math.round(scheduled * (1 + jitter)));
  const retryAfter = options.retryAfterSeconds;
  // Retry-After only ever raises the delay: a receiver asking for sooner does not get to shorten
  // the backoff that protects it from a retry storm.
  if (retryAfter !== undefined && Number.isFinite(retryAfter) && retryAfter > delay) {
    delay = Math.max(delay, Math.min(Math.ceil(retryAfter), MAX_RETRY_AFTER_SECONDS));
  }
  return delay;
}

/**
 * Splits a delay for SQS: `now` goes into DelaySeconds (at most 900), `remaining` must be waited by
 * re-enqueueing the message with it when it arrives (repeat until remaining is 0).
 */
export function sqsDelayChunks(totalSeconds: number): { now: number; remaining: number } {
  if (!Number.isFinite(totalSeconds)) {
    throw new RangeError(`totalSeconds must be a finite number, got ${totalSeconds}.`);
  }
  // Rounded up: arriving a fraction of a second late is fine, early could precede a Retry-After.
  const total = Math.max(0, Math.ceil(totalSeconds));
  const now = Math.min(total, SQS_MAX_DELAY_SECONDS);
  return { now, remaining: total - now };
}

const DAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
const LONG_DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const DAY = `(?:${DAYS.join('|')})`;
const MONTH = `(${MONTHS.join('|')})`;
const TIME = '(\\d{2}):(\\d{2}):(\\d{2})';
// The three HTTP-date forms of RFC 9110 section 5.6.7. Parsed by hand because Date.parse is lenient
// (it reads "1" as the year 2001) and treats the asctime form as local time rather than GMT.
const IMF_FIXDATE = new RegExp(`^${DAY}, (\\d{2}) ${MONTH} (\\d{4}) ${TIME} GMT$`);
const RFC_850 = new RegExp(`^(?:${LONG_DAYS.join('|')}), (\\d{2})-${MONTH}-(\\d{2}) ${TIME} GMT$`);
const ASCTIME = new RegExp(`^${DAY} ${MONTH} ([ \\d]\\d) ${TIME} (\\d{4})$`);

interface DateParts {
  day: string;
  month: string;
  year: number;
  clock: readonly string[];
}

function httpDateParts(text: string): DateParts | undefined {
  const imf = IMF_FIXDATE.exec(text);
  if (imf) return { day: imf[1]!, month: imf[2]!, year: Number(imf[3]), clock: imf.slice(4, 7) };
  const rfc850 = RFC_850.exec(text);
  if (rfc850) {
    // Two-digit years: RFC 9110 wants the most recent matching year not more than 50 years ahead.
    const yy = Number(rfc850[3]);
    return {
      day: rfc850[1]!,
      month: rfc850[2]!,
      year: yy + (yy < 70 ? 2000 : 1900),
      clock: rfc850.slice(4, 7),
    };
  }
  const asctime = ASCTIME.exec(text);
  if (asctime) {
    return {
      day: asctime[2]!.trim(),
      month: asctime[1]!,
      year: Number(asctime[6]),
      clock: asctime.slice(3, 6),
    };
  }
  return undefined;
}

function httpDateMillis(text: string): number | undefined {
  const parts = httpDateParts(text);
  if (parts === undefined) return undefined;
  const [hours, minutes, seconds] = parts.clock.map(Number) as [number, number, number];
  const day = Number(parts.day);
  const month = MONTHS.indexOf(parts.month);
  if (hours > 23 || minutes > 59 || seconds > 60) return undefined;
  const millis = Date.UTC(parts.year, month, day, hours, minutes, seconds);
  // Date.UTC rolls over (Feb 31 -> Mar 3); a date that does not round-trip is not a real date.
  const check = new Date(millis);
  if (check.getUTCDate() !== day || check.getUTCMonth() !== month) return undefined;
  return millis;
}

/**
 * Seconds a Retry-After header asks to wait: delay-seconds or an HTTP-date (a past date means 0).
 * Undefined when absent or malformed, so a garbled header falls back to the normal schedule.
 */
export function parseRetryAfter(header: string | null, now: Date): number | undefined {
  if (header === null) return undefined;
  const value = header.trim();
  if (/^\d+$/.test(value)) {
    const seconds = Number(value);
    return Number.isSafeInteger(seconds) ? seconds : undefined;
  }
  const millis = httpDateMillis(value);
  if (millis === undefined) return undefined;
  return Math.max(0, Math.ceil((millis - now.getTime()) / 1000));
}

function humanDelay(seconds: number): string {
  if (seconds < 60) return `${seconds} s`;
  if (seconds < 3600) return `${Math.round((seconds / 60) * 10) / 10} min`;
  return `${Math.round((seconds / 3600) * 10) / 10} h`;
}

/**
 * The schedule in words, as the README states it (a test keeps the two equal), e.g. "attempt 1 is
 * immediate, attempt 2 follows after 5 s, then 5 min and 30 min — 4 attempts over about 0.6 hours".
 */
export function describeRetrySchedule(schedule: readonly number[]): string {
  const [first = 0, second, ...rest] = schedule;
  const start = first === 0 ? 'attempt 1 is immediate' : `attempt 1 follows after ${humanDelay(first)}`;
  if (second === undefined) return `${start} — 1 attempt`;
  const later = rest.map(humanDelay);
  const then =
    later.length === 0
      ? ''
      : `, then ${later.length > 1 ? `${later.slice(0, -1).join(', ')} and ${later.at(-1)}` : later[0]}`;
  const total = Math.round((schedule.reduce((a, b) => a + b, 0) / 3600) * 10) / 10;
  return `${start}, attempt 2 follows after ${humanDelay(second)}${then} — ${schedule.length} attempts over about ${total} hours`;
}
