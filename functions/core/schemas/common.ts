// Fields shared by every generating request (webhook_url, callback_metadata, the address and its
// lat/lng options; README "Calling the API"), each bound stated once.

import { z } from 'zod';
import { parseAustralianAddress } from '../../domain/address/address-parser.ts';
import { suburbPostcodeProblem } from '../../domain/address/suburb-postcodes.ts';
import { rawJsonOf } from '../jobs/raw-json.ts';
import { ISO_DURATION } from '../jobs/retention.ts';
import { OFFICE_ID } from '../offices/offices.ts';
import { JOB_EVENT_TYPES, WILDCARD_EVENTS } from '../webhooks/events.ts';

/** Australia's extent (mainland, Tasmania and the Torres Strait islands). */
export const AUSTRALIA_BOUNDS = { minLat: -44, maxLat: -9, minLng: 112, maxLng: 154 } as const;

export const CALLBACK_METADATA_MAX_BYTES = 4096;
const ADDRESS_MAX_LENGTH = 300;

export const latitude = z
  .number()
  .min(AUSTRALIA_BOUNDS.minLat)
  .max(AUSTRALIA_BOUNDS.maxLat)
  .meta({ description: "Latitude in degrees; must lie within Australia's extent (-44 to -9)." });

export const longitude = z
  .number()
  .min(AUSTRALIA_BOUNDS.minLng)
  .max(AUSTRALIA_BOUNDS.maxLng)
  .meta({ description: "Longitude in degrees; must lie within Australia's extent (112 to 154)." });

export const address = z
  .string()
  .trim()
  .min(1)
  .max(ADDRESS_MAX_LENGTH)
  .superRefine((value, ctx) => {
    const parsed = parseAustralianAddress(value);
    if (!parsed.ok) {
      for (const problem of parsed.problems) ctx.addIssue({ code: 'custom', message: problem });
      return;
    }
    const mismatch = suburbPostcodeProblem(parsed.address);
    if (mismatch) ctx.addIssue({ code: 'custom', message: mismatch });
  })
  .meta({
    description:
      'Full Australian street address: number (or unit/lot), street name and type, suburb, state and a postcode of that suburb. Example: "Unit 3, 12 Smith Street, Surry Hills NSW 2010".',
    examples: ['12 Smith Street, Surry Hills NSW 2010'],
  });

// Control characters and spaces, which a URL never holds unencoded: C0 and C1 controls, DEL, the space
// and the Unicode line and paragraph separators.
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is what it is for.
const URL_BAD_CHARACTER = /[\u0000-\u0020\u007F-\u009F\u2028\u2029]/;

const CHARACTER_NAMES: Readonly<Record<number, string>> = {
  9: 'a tab',
  10: 'a line feed',
  13: 'a carriage return',
  32: 'a space',
};

/**
 * What is wrong with a URL's characters, in words, or undefined. A URL parser drops tabs and line breaks
 * and trims spaces without a word, so a URL holding one would be stored as one thing and called as another
 * (`…/ok\r\nX-Injected: 1` became `…/okX-Injected: 1`): such a URL is refused, and what is stored is
 * exactly what was sent.
 */
export function urlCharacterProblem(url: string): string | undefined {
  const match = URL_BAD_CHARACTER.exec(url);
  if (!match) return undefined;
  const code = match[0].charCodeAt(0);
  const name =
    CHARACTER_NAMES[code] ?? `the control character U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
  return `contains ${name} at position ${match.index}: a URL holds no spaces or control characters (percent-encode a space as %20)`;
}

/**
 * A URL field the service stores and calls: at most `max` characters, none of them a control character or
 * an unencoded space (urlCharacterProblem), then a URL of the scheme and host shape given. Checked in that
 * order, so the URL check (which would strip tabs and line breaks) only ever sees the text as sent.
 */
export function urlField(options: {
  readonly protocol: RegExp;
  readonly hostname?: RegExp;
  readonly max: number;
}) {
  return z
    .string()
    .max(options.max)
    .superRefine((value, ctx) => {
      const problem = urlCharacterProblem(value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    })
    .meta({ format: 'uri' })
    .pipe(z.url({ protocol: options.protocol, ...(options.hostname ? { hostname: options.hostname } : {}) }));
}

/** A DNS name, or an IPv6 literal in brackets (which address may be called is the SSRF guard's decision). */
const WEBHOOK_HOST = new RegExp(`${z.regexes.hostname.source}|^\\[[0-9a-fA-F:.]+\\]$`);

export const webhookUrl = urlField({ protocol: /^https?$/, hostname: WEBHOOK_HOST, max: 2048 }).meta({
  description: 'Receives progress and completion webhooks for the job.',
});

/**
 * The limit is on the text that is stored and sent back: the caller's own (raw-json.ts), which the API
 * attaches to the parsed value before validating it, so whitespace, escapes and number spellings count
 * as sent; a value without it, as JSON.stringify writes it. Measured before the object check, on the
 * input, because a record's output is a copy without the caller's text.
 */
const callbackMetadata = z
  .preprocess(
    (value, ctx) => {
      if (typeof value !== 'object' || value === null) return value;
      const bytes = Buffer.byteLength(rawJsonOf(value) ?? JSON.stringify(value), 'utf8');
      if (bytes > CALLBACK_METADATA_MAX_BYTES) {
        ctx.addIssue({
          code: 'custom',
          message: `must be at most ${CALLBACK_METADATA_MAX_BYTES} bytes of JSON as sent (UTF-8, whitespace included), got ${bytes}`,
        });
      }
      return value;
    },
    z.record(z.string(), z.unknown()),
  )
  .meta({ description: 'Opaque JSON object (at most 4 KiB) returned unchanged in webhook payloads.' });

/** The event types a request's webhook_url gets (an endpoint's enabled_events take the same values). */
export const webhookEventTypes = z
  .array(z.enum([...JOB_EVENT_TYPES, WILDCARD_EVENTS]))
  .min(1)
  .max(JOB_EVENT_TYPES.length + 1);

/** An office's id (core/offices/offices.ts): `off_` and up to 40 letters and digits. */
export const officeId = z.string().regex(OFFICE_ID, 'must be an office id (off_…)');

export const commonRequestFields = {
  office_id: officeId.optional().meta({
    description:
      "The office the job belongs to, for a key of the whole organization (a key bound to an office always makes its own office's jobs; naming another office is a 404). Default: the organization's own, or for a job built on another, that job's office.",
  }),
  webhook_url: webhookUrl.optional(),
  webhook_events: webhookEventTypes.optional().meta({
    description:
      'The event types sent to webhook_url (default: all, `["*"]`). The organization\'s webhook endpoints get what their own enabled_events name.',
  }),
  callback_metadata: callbackMetadata.optional(),
  delete_after: z
    .string()
    .max(40)
    .regex(
      ISO_DURATION,
      'must be an ISO 8601 duration such as PT1H or P30D (weeks, days, hours, minutes, seconds)',
    )
    .optional()
    .meta({
      description:
        "How long after the job's creation its media and inputs are erased (ISO 8601 duration: `PT1H`, `P30D`), from an hour to 730 days on deployed stages. Default: the organization's retention (its own, else its plan's, else the stage's). The job then shows `media_expired: true`, with its media URLs removed from the output.",
      examples: ['P30D'],
    }),
};

/** Both or neither: one coordinate alone cannot skip geocoding. */
export function requireBothOrNeither<T extends Record<string, unknown>>(
  a: keyof T & string,
  b: keyof T & string,
) {
  return (value: T, ctx: z.RefinementCtx) => {
    const hasA = value[a] !== undefined;
    const hasB = value[b] !== undefined;
    if (hasA !== hasB) {
      ctx.addIssue({
        code: 'custom',
        path: [hasA ? b : a],
        message: `${a} and ${b} must be given together`,
      });
    }
  };
}

/** A refinement: `a` and `b` may not both be given (they say the same thing two ways). */
export function notBoth<T extends Record<string, unknown>>(a: keyof T & string, b: keyof T & string) {
  return (value: T, ctx: z.RefinementCtx) => {
    if (value[a] !== undefined && value[b] !== undefined)
      ctx.addIssue({ code: 'custom', path: [b], message: `give ${a} or ${b}, not both` });
  };
}

export const locationOptions = z
  .strictObject({ lat: latitude.optional(), lng: longitude.optional() })
  .superRefine(requireBothOrNeither('lat', 'lng'));

export const jobIdParam = z.strictObject({
  jobId: z.string().min(1).max(100).meta({ description: "The job's `job_id`." }),
});

/** The `pagination` of a list paged by cursor: the last item's id, to pass as `starting_after`. */
export function cursorPagination(id: z.ZodString) {
  return z.object({
    limit: z.int(),
    count: z.int(),
    has_more: z.boolean(),
    next_cursor: id.nullable().meta({ description: 'Pass as starting_after for the next page.' }),
  });
}

/** `limit` of a list paged by cursor, as a query string gives it: 1-100, default 50. */
export const pageLimit = z
  .string()
  .regex(/^\d+$/, 'limit must be a non-negative integer')
  .transform(Number)
  .pipe(z.int().min(1).max(100))
  .optional()
  .default(50)
  .meta({ description: 'Maximum results, 1-100.' });
