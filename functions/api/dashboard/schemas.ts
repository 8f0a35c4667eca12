// Requests and answers of the developer dashboard's API (/v1/dashboard/*).
import { z } from 'zod';
import { API_SCOPES } from '../../core/auth/scopes.ts';
import { jobIdParam, officeId } from '../../core/schemas/common.ts';
import { jobPage, jobRecord, listJobsQuery } from '../job-schemas.ts';
import { usageQuery as apiUsageQuery, usageReport } from '../usage-schemas.ts';
import { listEventsQueryFields, refuseReversedRange } from '../webhook-schemas.ts';

const mode = z.enum(['test', 'live']);

/** API key ids: `key_` and 16 base-62 characters (core/auth/key-admin.ts makes them). */
const keyId = z
  .string()
  .regex(/^key_[0-9A-Za-z]{16}$/, 'must be a key id (key_…)')
  .meta({ description: 'An API key id, as `key_id` in the key list (`key_` and 16 letters or digits).' });

export const signInBody = z.strictObject({
  token: z.string().min(1).max(200).meta({ description: 'The dsi_… token of a one-time sign-in link.' }),
});

export const signedOut = z.object({ signed_out: z.literal(true) });

export const session = z.object({
  session_token: z
    .string()
    .meta({ description: 'Send as `Authorization: Bearer …` to the dashboard routes.' }),
  organization_id: z.string(),
  expires_at: z.iso.datetime(),
});

export const account = z.object({
  organization_id: z.string(),
  modes: z.array(mode).meta({ description: 'Key modes this stage accepts.' }),
  sign_in: z.enum(['sign-in-link', 'cognito']),
});

const dashboardKey = z
  .object({
    key_id: keyId,
    name: z.string(),
    mode,
    status: z.enum(['active', 'revoked']),
    hint: z
      .string()
      .meta({ description: 'Prefix and last four characters; the key itself is never shown again.' }),
    created_at: z.iso.datetime(),
    last_used_at: z.iso.datetime().nullable(),
    revoked_at: z.iso.datetime().nullable(),
    requests_per_minute: z.int(),
    requests_per_day: z.int().nullable(),
    scopes: z.array(z.enum(API_SCOPES)).meta({
      description: 'What the key may do; a key made before scopes has `admin` (every scope).',
    }),
    office_id: z.string().nullable().optional().meta({
      description:
        'The one office the key acts for (it sees and makes only that office’s); null: the whole organization.',
    }),
  })
  .meta({ id: 'DashboardKey' });

export const keyList = z.object({ keys: z.array(dashboardKey) });
export const createdKey = dashboardKey.extend({
  key: z.string().meta({ description: 'The new key. Shown once: store it now.' }),
  replaces: keyId.optional().meta({ description: 'Rotation only: the id of the key this one replaces.' }),
});

/** A scope of the closed set; anything else is refused naming it (and the set). */
const scope = z.enum(API_SCOPES, {
  error: (issue) => `unknown scope '${String(issue.input)}': expected one of ${API_SCOPES.join(', ')}`,
});

export const createKeyBody = z.strictObject({
  mode,
  name: z.string().trim().min(1).max(100),
  scopes: z
    .array(scope)
    .min(1)
    .max(API_SCOPES.length * 2)
    .optional()
    .meta({
      description:
        'What the key may do (`admin` implies every other scope). Without it the key has every scope, as keys made before scopes have.',
    }),
  office_id: officeId.optional().meta({
    description:
      "The one office the key acts for: one of the organization's offices in the key's mode (404 otherwise). Without it the key acts for the whole organization.",
  }),
});

export const keyIdParam = z.strictObject({ keyId });

export const webhookSecrets = z.object({
  current: z.object({ secret: z.string(), created_at: z.iso.datetime() }),
  previous: z.array(
    z.object({ secret: z.string(), created_at: z.iso.datetime(), expires_at: z.iso.datetime() }),
  ),
});

export const dashboardJobsQuery = listJobsQuery.extend({ mode: mode.optional().default('test') });
export const dashboardJobQuery = z.strictObject({ mode: mode.optional().default('test') });
export const dashboardModeQuery = dashboardJobQuery;
export const dashboardEventsQuery = z
  .strictObject({ ...listEventsQueryFields, mode: mode.optional().default('test') })
  .superRefine(refuseReversedRange);
export const dashboardJobParams = jobIdParam;
export { jobPage, jobRecord };

// The usage report is GET /v1/usage's; the dashboard adds the mode (a session is not bound to one).
export const usageQuery = apiUsageQuery.extend({ mode: mode.optional().default('test') });
export { usageReport };

/** The organization's media retention as the Settings page shows it. */
export const retentionSettings = z
  .object({
    media_retention_days: z.int().nullable().meta({
      description:
        "The organization's own retention in days (null: none set, the plan's or stage's applies).",
    }),
    plan: z.string().nullable().meta({ description: "The organization's plan (`keys set-plan`), if any." }),
    plan_days: z.int().nullable().meta({ description: "The plan's default retention, if it has one." }),
    stage_days: z.int().meta({ description: "The stage's default retention." }),
    effective_days: z.int().meta({
      description:
        "What new jobs without delete_after get: the organization's own, else the plan's, else the stage's.",
    }),
    max_days: z.int().meta({ description: 'The longest retention the stage accepts.' }),
  })
  .meta({ id: 'DashboardRetentionSettings' });

export const retentionSettingsBody = z.strictObject({
  media_retention_days: z.int().min(1).meta({
    description:
      "Days a new job's media and inputs are kept, from 1 to the stage's max_days (a job's delete_after still wins).",
  }),
});
