// Requests and answers of the developer dashboard's API (/v1/dashboard/*).
import { z } from 'zod';
import { API_SCOPES } from '../../core/auth/scopes.ts';
import { DASHBOARD_ROLES } from '../../core/members/members.ts';
import { jobIdParam, officeId } from '../../core/schemas/common.ts';
import { auditEvent, auditEventPage, exportAuditEventsQuery, listAuditEventsQuery } from '../audit-routes.ts';
import { listBrandKitsQuery } from '../brand-kit-schemas.ts';
import { jobPage, jobRecord, listJobsQuery } from '../job-schemas.ts';
import { usageQuery as apiUsageQuery, usageReport } from '../usage-schemas.ts';
import { listEventsQueryFields, refuseReversedRange } from '../webhook-schemas.ts';
import { ABILITIES, type DashboardAbility } from './permissions.ts';

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

/** A role of the closed set; anything else is refused naming it (and the set). */
const role = z.enum(DASHBOARD_ROLES, {
  error: (issue) => `unknown role '${String(issue.input)}': expected one of ${DASHBOARD_ROLES.join(', ')}`,
});

const memberId = z
  .string()
  .regex(/^mem_[0-9A-Za-z]{16}$/, 'must be a member id (mem_…)')
  .meta({ description: 'A dashboard member id (`mem_` and 16 letters or digits).' });

const officeIds = z.array(z.string().min(1).max(100)).max(100).meta({
  description:
    'The offices a `member` acts for (opaque office ids); other roles act for the whole organization and take none.',
});

export const dashboardMember = z
  .object({
    object: z.literal('member'),
    id: memberId,
    email: z.string(),
    role: role.meta({
      description:
        'owner and admin: everything (only an owner makes, changes or removes an owner); member: the jobs of its offices; viewer: read-only; billing: usage only.',
    }),
    office_ids: z.array(z.string()),
    created_at: z.iso.datetime(),
    updated_at: z.iso.datetime(),
  })
  .meta({ id: 'DashboardMember' });

export const memberList = z.object({ members: z.array(dashboardMember) });

export const inviteMemberBody = z.strictObject({
  email: z.email().max(254),
  role,
  office_ids: officeIds.optional(),
});

export const invitedMember = dashboardMember.extend({
  invitation: z.enum(['sign_in_link', 'email', 'existing_account']).meta({
    description:
      "How the new member is invited. `sign_in_link`: sign-in-link stages (the local stack), hand over `sign_in_link`. Cognito stages: `email`, the stage's user pool made their user (username and email the invited email, this organization in `custom:org_id`) and emailed them a temporary password (again, when their user exists but never signed in); `existing_account`, they already have a user of this organization and sign in with it.",
  }),
  sign_in_link: z.string().nullable().meta({
    description:
      "Sign-in-link stages (the local stack): the new member's one-time sign-in link (15 minutes; `keys signin-link --email` prints another). null on Cognito stages, whose user pool sends the invitation (`invitation`).",
  }),
  sign_in_link_expires_at: z.iso.datetime().nullable(),
});

export const updateMemberBody = z
  .strictObject({ role: role.optional(), office_ids: officeIds.optional() })
  .refine((body) => body.role !== undefined || body.office_ids !== undefined, {
    message: 'give role, office_ids or both',
  });

export const memberIdParam = z.strictObject({ memberId });

export const removedMember = z.object({
  object: z.literal('member'),
  id: memberId,
  removed: z.literal(true),
});

export const account = z.object({
  organization_id: z.string(),
  modes: z.array(mode).meta({ description: 'Key modes this stage accepts.' }),
  sign_in: z.enum(['sign-in-link', 'cognito']),
  member: dashboardMember.meta({ description: 'Who is signed in.' }),
  permissions: z.array(z.enum(Object.keys(ABILITIES) as [DashboardAbility, ...DashboardAbility[]])).meta({
    description:
      "What the member's role may do; the page hides the rest (the server refuses it whatever the page shows).",
  }),
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
/** The Brand kits page: GET /v1/brand-kits's paging in the mode the page shows. */
export const dashboardBrandKitsQuery = listBrandKitsQuery.extend({ mode: mode.optional().default('test') });
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

// The audit log as GET /v1/audit-events (and its export) has it; the dashboard adds the mode.
export const dashboardAuditQuery = listAuditEventsQuery.safeExtend({ mode: mode.optional().default('test') });
export const dashboardAuditExportQuery = exportAuditEventsQuery.safeExtend({
  mode: mode.optional().default('test'),
});
export { auditEvent, auditEventPage };
