// The developer dashboard's API: what the dashboard page (GET /dashboard) calls. Authenticated by a
// dashboard session (a Cognito ID token on deployed stages, a sign-in-link session locally), never by
// an API key, and always scoped to the signed-in organization.
import type { ErrorCode } from '../../core/errors.ts';
import {
  brandKit,
  brandKitIdParam,
  brandKitPage,
  createBrandKitBody,
  deletedBrandKit,
  updateBrandKitBody,
} from '../brand-kit-schemas.ts';
import {
  createImagerySourceBody,
  deletedImagerySource,
  imagerySource,
  imagerySourceList,
  sourceIdParam,
} from '../imagery-source-schemas.ts';
import { deletionReceipt } from '../job-schemas.ts';
import {
  createOfficeBody,
  deletedOffice,
  office,
  officeIdParam,
  officeList,
  updateOfficeBody,
} from '../office-schemas.ts';
import type { RouteDefinition } from '../route-definition.ts';
import {
  createEndpointBody,
  deletedEndpoint,
  endpointIdParam,
  eventIdParam,
  eventPage,
  eventRecord,
  resendEventAnswer,
  resendEventBody,
  resendEventsAnswer,
  resendEventsBody,
  testEventAnswer,
  updatedEndpoint,
  updateEndpointBody,
  webhookEndpointList,
  webhookEndpointWithSecret,
} from '../webhook-schemas.ts';
import {
  account,
  auditEvent,
  auditEventPage,
  createdKey,
  createKeyBody,
  dashboardAuditExportQuery,
  dashboardAuditQuery,
  dashboardBrandKitsQuery,
  dashboardEventsQuery,
  dashboardJobParams,
  dashboardJobQuery,
  dashboardJobsQuery,
  dashboardModeQuery,
  invitedMember,
  inviteMemberBody,
  jobPage,
  jobRecord,
  keyIdParam,
  keyList,
  memberIdParam,
  memberList,
  removedMember,
  retentionSettings,
  retentionSettingsBody,
  session,
  signedOut,
  signInBody,
  updateMemberBody,
  usageQuery,
  usageReport,
  webhookSecrets,
} from './schemas.ts';

const DASHBOARD_HANDLER = 'functions/api/dashboard/handler.ts';
/** One function serves every dashboard route (each route would otherwise cost ~8 stack resources). */
export const DASHBOARD_API_FUNCTION_ID = 'DashboardApiFunction';
/**
 * What that function may touch: sessions, members, keys, webhook secrets and endpoints, imagery sources,
 * offices and brand kits (accounts table), jobs and their media (read, and erased by a deletion), brand
 * kits' kept logos and photos (media bucket, written), usage, the event log (pings are recorded), the webhook
 * queue (pings, resends, job.deleted) and the dashboard's user pool (invitations).
 */
const DASHBOARD_ACCESS = {
  sessions: true,
  keys: true,
  usage: true,
  events: 'write',
  jobEvents: true,
  // Deleting a job (the Jobs page), as DELETE /v1/jobs/{id}: cancel it, erase its records and media, and
  // the Idempotency-Key records of the request that created it.
  jobs: 'write',
  // writeDelete: also puts objects, as the Brand kits page saves a kit's logo (and decodes it: the
  // function then carries the sharp layer, as the brand kit routes' function does).
  media: 'writeDelete',
  stopsJobs: true,
  idempotencyRecords: 'erase',
  // Invitations make the member's user in the stage's Cognito user pool (stages that have one).
  invitesMembers: true,
} as const;
/** The dashboard's webhook endpoint and event routes: through its greedy resource, not a method each (webhook-routes.ts). */
export const DASHBOARD_PROXY_PATH = '/v1/dashboard/{proxy+}';

const DASHBOARD_ENDPOINT = '/v1/dashboard/webhook-endpoints/{endpointId}';
const DASHBOARD_MEMBER = '/v1/dashboard/members/{memberId}';
const DASHBOARD_OFFICE = '/v1/dashboard/offices/{officeId}';
const DASHBOARD_BRAND_KIT = '/v1/dashboard/brand-kits/{brandKitId}';

const SESSION_ERRORS: readonly ErrorCode[] = ['UNAUTHORIZED', 'FORBIDDEN', 'INTERNAL_ERROR'];
const BODY_ERRORS: readonly ErrorCode[] = [
  'VALIDATION_ERROR',
  'INVALID_JSON',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
];

type DashboardRoute = Omit<RouteDefinition, 'handler' | 'tag' | 'auth' | 'functionId' | 'access'>;

const route = (definition: DashboardRoute): RouteDefinition => ({
  ...definition,
  handler: DASHBOARD_HANDLER,
  functionId: DASHBOARD_API_FUNCTION_ID,
  access: DASHBOARD_ACCESS,
  tag: 'Dashboard',
  auth: definition.operationId === 'dashboardSignIn' ? 'none' : 'session',
});

export const DASHBOARD_ROUTES: readonly RouteDefinition[] = [
  route({
    method: 'POST',
    path: '/v1/dashboard/sessions',
    operationId: 'dashboardSignIn',
    summary:
      'Exchanges a one-time sign-in link token (`npm start`, `keys signin-link`) for a dashboard session. Stages with a Cognito user pool answer 403.',
    body: signInBody,
    success: { status: 201, schema: session, description: 'The session.' },
    errors: [...BODY_ERRORS, 'UNAUTHORIZED', 'FORBIDDEN', 'INTERNAL_ERROR'],
  }),
  route({
    method: 'POST',
    path: '/v1/dashboard/sessions/end',
    operationId: 'dashboardSignOut',
    summary:
      'Ends the current dashboard session (sign-in-link sessions; Cognito sessions end in the browser).',
    success: { status: 200, schema: signedOut, description: 'Signed out.' },
    errors: SESSION_ERRORS,
  }),
  route({
    method: 'GET',
    path: '/v1/dashboard/account',
    operationId: 'dashboardAccount',
    summary: 'The signed-in organization and the key modes this stage accepts.',
    success: { status: 200, schema: account, description: 'The account.' },
    errors: SESSION_ERRORS,
  }),
  route({
    method: 'GET',
    path: '/v1/dashboard/keys',
    operationId: 'dashboardListKeys',
    summary: "The organization's API keys (hints only, never the keys).",
    success: { status: 200, schema: keyList, description: 'The keys.' },
    errors: SESSION_ERRORS,
  }),
  route({
    method: 'POST',
    path: '/v1/dashboard/keys',
    operationId: 'dashboardCreateKey',
    summary: 'Creates an API key; the answer is the only time the key is shown.',
    body: createKeyBody,
    success: { status: 201, schema: createdKey, description: 'The key, shown once.' },
    // NOT_FOUND: office_id is not one of the organization's offices in the key's mode.
    errors: [...BODY_ERRORS, 'NOT_FOUND', ...SESSION_ERRORS],
  }),
  route({
    method: 'GET',
    path: '/v1/dashboard/offices',
    operationId: 'dashboardOffices',
    summary:
      "The organization's offices in one mode (`mode`, default test), as GET /v1/offices answers them: what a key's office_id may name.",
    query: dashboardModeQuery,
    success: { status: 200, schema: officeList, description: 'The offices.' },
    errors: ['VALIDATION_ERROR', ...SESSION_ERRORS],
    proxied: DASHBOARD_PROXY_PATH,
  }),
  route({
    method: 'POST',
    path: '/v1/dashboard/offices',
    operationId: 'dashboardCreateOffice',
    summary:
      'Creates an office in one mode (`mode`, default test), as POST /v1/offices does (owners and admins).',
    query: dashboardModeQuery,
    body: createOfficeBody,
    success: { status: 201, schema: office, description: 'The office.' },
    errors: [...BODY_ERRORS, 'NOT_FOUND', 'OFFICE_LIMIT', ...SESSION_ERRORS],
    proxied: DASHBOARD_PROXY_PATH,
  }),
  route({
    method: 'PATCH',
    path: DASHBOARD_OFFICE,
    operationId: 'dashboardUpdateOffice',
    summary:
      "Changes an office's name, external_ref, media_retention_days or default_brand_kit_id, as PATCH /v1/offices/{id} does (owners and admins).",
    params: officeIdParam,
    query: dashboardModeQuery,
    body: updateOfficeBody,
    success: { status: 200, schema: office, description: 'The office as changed.' },
    errors: [...BODY_ERRORS, 'NOT_FOUND', ...SESSION_ERRORS],
    proxied: DASHBOARD_PROXY_PATH,
  }),
  route({
    method: 'DELETE',
    path: DASHBOARD_OFFICE,
    operationId: 'dashboardDeleteOffice',
    summary:
      'Deletes an office with no job queued or processing (409 OFFICE_HAS_RUNNING_JOBS otherwise), as DELETE /v1/offices/{id} does (owners and admins).',
    params: officeIdParam,
    query: dashboardModeQuery,
    success: { status: 200, schema: deletedOffice, description: 'Deleted.' },
    errors: ['VALIDATION_ERROR', 'NOT_FOUND', 'OFFICE_HAS_RUNNING_JOBS', ...SESSION_ERRORS],
    proxied: DASHBOARD_PROXY_PATH,
  }),
  route({
    method: 'GET',
    path: '/v1/dashboard/brand-kits',
    operationId: 'dashboardBrandKits',
    summary:
      "The organization's brand kits in one mode (`mode`, default test), newest first, as GET /v1/brand-kits answers them (with each kit's colours' contrast).",
    query: dashboardBrandKitsQuery,
    success: { status: 200, schema: brandKitPage, description: 'A page of kits.' },
    errors: ['VALIDATION_ERROR', ...SESSION_ERRORS],
    proxied: DASHBOARD_PROXY_PATH,
  }),
  route({
    method: 'POST',
    path: '/v1/dashboard/brand-kits',
    operationId: 'dashboardCreateBrandKit',
    summary:
      'Saves a brand kit in one mode (`mode`, default test), as POST /v1/brand-kits does: the logo is downloaded once, now, and kept (owners and admins).',
    query: dashboardModeQuery,
    body: createBrandKitBody,
    success: { status: 201, schema: brandKit, description: 'The kit, version 1.' },
    errors: [...BODY_ERRORS, 'URL_NOT_ALLOWED', 'NOT_FOUND', ...SESSION_ERRORS],
    proxied: DASHBOARD_PROXY_PATH,
  }),
  route({
    method: 'PATCH',
    path: DASHBOARD_BRAND_KIT,
    operationId: 'dashboardUpdateBrandKit',
    summary:
      'Changes a brand kit, as PATCH /v1/brand-kits/{id} does: the fields given replace its own (null removes one) and its version goes up by one (owners and admins).',
    params: brandKitIdParam,
    query: dashboardModeQuery,
    body: updateBrandKitBody,
    success: { status: 200, schema: brandKit, description: 'The kit as changed.' },
    errors: [...BODY_ERRORS, 'URL_NOT_ALLOWED', 'NOT_FOUND', ...SESSION_ERRORS],
    proxied: DASHBOARD_PROXY_PATH,
  }),
  route({
    method: 'DELETE',
    path: DASHBOARD_BRAND_KIT,
    operationId: 'dashboardDeleteBrandKit',
    summary:
      "Deletes a brand kit, as DELETE /v1/brand-kits/{id} does; an office's default kit is refused (409 BRAND_KIT_IN_USE naming the offices) (owners and admins).",
    params: brandKitIdParam,
    query: dashboardModeQuery,
    success: { status: 200, schema: deletedBrandKit, description: 'Deleted.' },
    errors: ['VALIDATION_ERROR', 'NOT_FOUND', 'BRAND_KIT_IN_USE', ...SESSION_ERRORS],
    proxied: DASHBOARD_PROXY_PATH,
  }),
  route({
    method: 'POST',
    path: '/v1/dashboard/keys/{keyId}/rotate',
    operationId: 'dashboardRotateKey',
    summary: 'Replaces a key: a new key with the same mode and name, the old one revoked at once.',
    params: keyIdParam,
    success: { status: 201, schema: createdKey, description: 'The replacement, shown once.' },
    errors: ['VALIDATION_ERROR', 'NOT_FOUND', 'KEY_NOT_ACTIVE', ...SESSION_ERRORS],
  }),
  route({
    method: 'POST',
    path: '/v1/dashboard/keys/{keyId}/revoke',
    operationId: 'dashboardRevokeKey',
    summary: 'Revokes a key at once.',
    params: keyIdParam,
    success: { status: 200, schema: keyList.shape.keys.element, description: 'The revoked key.' },
    errors: ['VALIDATION_ERROR', 'NOT_FOUND', 'KEY_NOT_ACTIVE', ...SESSION_ERRORS],
  }),
  route({
    method: 'GET',
    path: '/v1/dashboard/webhook-secret',
    operationId: 'dashboardWebhookSecret',
    summary:
      "The organization's webhook signing secret (created on first use) and any rotated-out one still signing.",
    success: { status: 200, schema: webhookSecrets, description: 'The secrets.' },
    errors: SESSION_ERRORS,
  }),
  route({
    method: 'POST',
    path: '/v1/dashboard/webhook-secret/rotate',
    operationId: 'dashboardRotateWebhookSecret',
    summary: 'A new signing secret; the previous one keeps signing beside it for 24 hours.',
    success: { status: 200, schema: webhookSecrets, description: 'The secrets.' },
    errors: SESSION_ERRORS,
  }),
  route({
    method: 'GET',
    path: '/v1/dashboard/webhook-endpoints',
    operationId: 'dashboardWebhookEndpoints',
    summary: "The organization's webhook endpoints in one mode (`mode`, default test), never their secrets.",
    query: dashboardModeQuery,
    success: { status: 200, schema: webhookEndpointList, description: 'The endpoints.' },
    errors: ['VALIDATION_ERROR', ...SESSION_ERRORS],
    proxied: DASHBOARD_PROXY_PATH,
  }),
  route({
    method: 'GET',
    path: '/v1/dashboard/events',
    operationId: 'dashboardEvents',
    summary:
      "The organization's events in one mode (`mode`, default test), newest first, with GET /v1/events's filters and paging.",
    query: dashboardEventsQuery,
    success: { status: 200, schema: eventPage, description: 'A page of events.' },
    errors: ['VALIDATION_ERROR', ...SESSION_ERRORS],
    proxied: DASHBOARD_PROXY_PATH,
  }),
  route({
    method: 'POST',
    path: '/v1/dashboard/webhook-endpoints',
    operationId: 'dashboardCreateWebhookEndpoint',
    summary:
      'Registers a webhook endpoint in one mode (`mode`, default test), as POST /v1/webhook-endpoints does; the answer is the only time its secret is shown.',
    query: dashboardModeQuery,
    body: createEndpointBody,
    success: { status: 201, schema: webhookEndpointWithSecret, description: 'The endpoint and its secret.' },
    errors: [...BODY_ERRORS, 'URL_NOT_ALLOWED', 'WEBHOOK_ENDPOINT_LIMIT', ...SESSION_ERRORS],
    proxied: DASHBOARD_PROXY_PATH,
  }),
  route({
    method: 'PATCH',
    path: DASHBOARD_ENDPOINT,
    operationId: 'dashboardUpdateWebhookEndpoint',
    summary:
      'Changes an endpoint (url, enabled_events, description, enabled), as PATCH /v1/webhook-endpoints/{id} does: enabling a disabled one answers `replay`, what it missed and the resend that replays it.',
    params: endpointIdParam,
    query: dashboardModeQuery,
    body: updateEndpointBody,
    success: { status: 200, schema: updatedEndpoint, description: 'The endpoint as changed.' },
    errors: [...BODY_ERRORS, 'URL_NOT_ALLOWED', 'NOT_FOUND', ...SESSION_ERRORS],
    proxied: DASHBOARD_PROXY_PATH,
  }),
  route({
    method: 'DELETE',
    path: DASHBOARD_ENDPOINT,
    operationId: 'dashboardDeleteWebhookEndpoint',
    summary: 'Deletes an endpoint: nothing more is sent to it, retries included.',
    params: endpointIdParam,
    query: dashboardModeQuery,
    success: { status: 200, schema: deletedEndpoint, description: 'Deleted.' },
    errors: ['VALIDATION_ERROR', 'NOT_FOUND', ...SESSION_ERRORS],
    proxied: DASHBOARD_PROXY_PATH,
  }),
  route({
    method: 'POST',
    path: `${DASHBOARD_ENDPOINT}/rotate-secret`,
    operationId: 'dashboardRotateWebhookEndpointSecret',
    summary:
      'A new signing secret for the endpoint, shown once; the previous one keeps signing for 24 hours.',
    params: endpointIdParam,
    query: dashboardModeQuery,
    success: {
      status: 200,
      schema: webhookEndpointWithSecret,
      description: 'The endpoint and its new secret.',
    },
    errors: ['VALIDATION_ERROR', 'NOT_FOUND', ...SESSION_ERRORS],
    proxied: DASHBOARD_PROXY_PATH,
  }),
  route({
    method: 'POST',
    path: `${DASHBOARD_ENDPOINT}/test`,
    operationId: 'dashboardTestWebhookEndpoint',
    summary: 'Sends a `ping` event to the endpoint (enabled or not), recorded like any event.',
    params: endpointIdParam,
    query: dashboardModeQuery,
    success: { status: 202, schema: testEventAnswer, description: 'The ping is queued.' },
    errors: ['VALIDATION_ERROR', 'NOT_FOUND', ...SESSION_ERRORS],
    proxied: DASHBOARD_PROXY_PATH,
  }),
  route({
    method: 'GET',
    path: '/v1/dashboard/events/{eventId}',
    operationId: 'dashboardGetEvent',
    summary: 'One event with every delivery attempt to every receiver, as GET /v1/events/{id}.',
    params: eventIdParam,
    query: dashboardModeQuery,
    success: { status: 200, schema: eventRecord, description: 'The event.' },
    errors: ['VALIDATION_ERROR', 'NOT_FOUND', ...SESSION_ERRORS],
    proxied: DASHBOARD_PROXY_PATH,
  }),
  route({
    method: 'POST',
    path: '/v1/dashboard/events/{eventId}/resend',
    operationId: 'dashboardResendEvent',
    summary:
      'Sends the event again with its webhook-id, to one endpoint or every receiver that wants it now, as POST /v1/events/{id}/resend.',
    params: eventIdParam,
    query: dashboardModeQuery,
    body: resendEventBody,
    success: { status: 202, schema: resendEventAnswer, description: 'The resend is queued.' },
    errors: [...BODY_ERRORS, 'NOT_FOUND', 'RESEND_LIMITED', ...SESSION_ERRORS],
    proxied: DASHBOARD_PROXY_PATH,
  }),
  route({
    method: 'POST',
    path: '/v1/dashboard/events/resend',
    operationId: 'dashboardResendEvents',
    summary:
      'Resends the events created in a range (default failed only; at most 500 events and 1,000 deliveries a resend), as POST /v1/events/resend: accepted at once, sent in the background.',
    query: dashboardModeQuery,
    body: resendEventsBody,
    success: { status: 202, schema: resendEventsAnswer, description: 'The resend, accepted.' },
    errors: [...BODY_ERRORS, 'NOT_FOUND', 'RESEND_LIMITED', ...SESSION_ERRORS],
    proxied: DASHBOARD_PROXY_PATH,
  }),
  route({
    method: 'GET',
    path: '/v1/dashboard/imagery-sources',
    operationId: 'dashboardImagerySources',
    summary:
      "The organization's own imagery sources in one mode (`mode`, default test), as GET /v1/imagery-sources answers them: never their keys.",
    query: dashboardModeQuery,
    success: { status: 200, schema: imagerySourceList, description: 'The sources.' },
    errors: ['VALIDATION_ERROR', ...SESSION_ERRORS],
    proxied: DASHBOARD_PROXY_PATH,
  }),
  route({
    method: 'POST',
    path: '/v1/dashboard/imagery-sources',
    operationId: 'dashboardCreateImagerySource',
    summary:
      'Registers an imagery subscription in one mode (`mode`, default test), as POST /v1/imagery-sources does; its key is kept as a secret and never shown again.',
    query: dashboardModeQuery,
    body: createImagerySourceBody,
    success: { status: 201, schema: imagerySource, description: 'The source (its key only as key_hint).' },
    errors: [...BODY_ERRORS, 'URL_NOT_ALLOWED', 'IMAGERY_SOURCE_LIMIT', ...SESSION_ERRORS],
    proxied: DASHBOARD_PROXY_PATH,
  }),
  route({
    method: 'DELETE',
    path: '/v1/dashboard/imagery-sources/{sourceId}',
    operationId: 'dashboardDeleteImagerySource',
    summary: 'Deletes an imagery source and its key: jobs stop using it within a minute.',
    params: sourceIdParam,
    query: dashboardModeQuery,
    success: { status: 200, schema: deletedImagerySource, description: 'Deleted.' },
    errors: ['VALIDATION_ERROR', 'NOT_FOUND', ...SESSION_ERRORS],
    proxied: DASHBOARD_PROXY_PATH,
  }),
  route({
    method: 'GET',
    path: '/v1/dashboard/jobs',
    operationId: 'dashboardListJobs',
    summary:
      "The organization's jobs in one mode (`mode`, default test), newest first, with the job listing's filters.",
    query: dashboardJobsQuery,
    success: { status: 200, schema: jobPage, description: 'A page of jobs.' },
    errors: ['VALIDATION_ERROR', ...SESSION_ERRORS],
  }),
  route({
    method: 'GET',
    path: '/v1/dashboard/jobs/{jobId}',
    operationId: 'dashboardGetJob',
    summary: 'One job of the organization (with fresh media URLs and its webhook attempts).',
    params: dashboardJobParams,
    query: dashboardJobQuery,
    success: { status: 200, schema: jobRecord, description: 'The job.' },
    errors: ['VALIDATION_ERROR', 'NOT_FOUND', ...SESSION_ERRORS],
  }),
  route({
    method: 'POST',
    path: '/v1/dashboard/jobs/{jobId}/delete',
    operationId: 'dashboardDeleteJob',
    summary:
      'Deletes a job of the organization and every job made from it, as DELETE /v1/jobs/{id} does (a running one is canceled first; media, inputs and events erased; usage kept); answers the deletion receipt.',
    params: dashboardJobParams,
    query: dashboardJobQuery,
    success: { status: 200, schema: deletionReceipt, description: 'What was erased.' },
    errors: ['VALIDATION_ERROR', 'NOT_FOUND', ...SESSION_ERRORS],
    proxied: DASHBOARD_PROXY_PATH,
  }),
  route({
    method: 'GET',
    path: '/v1/dashboard/settings',
    operationId: 'dashboardSettings',
    summary:
      "The organization's media retention: its own days, its plan's, the stage's, which applies, and the stage's maximum.",
    success: { status: 200, schema: retentionSettings, description: 'The retention settings.' },
    errors: SESSION_ERRORS,
    proxied: DASHBOARD_PROXY_PATH,
  }),
  route({
    method: 'PATCH',
    path: '/v1/dashboard/settings',
    operationId: 'dashboardUpdateSettings',
    summary:
      "Sets the organization's media retention in days (1 to the stage's maximum), as the keys CLI does; it applies to jobs created from then on.",
    body: retentionSettingsBody,
    success: { status: 200, schema: retentionSettings, description: 'The retention settings as changed.' },
    errors: [...BODY_ERRORS, 'NOT_FOUND', ...SESSION_ERRORS],
    proxied: DASHBOARD_PROXY_PATH,
  }),
  route({
    method: 'GET',
    path: '/v1/dashboard/usage',
    operationId: 'dashboardUsage',
    summary:
      'Metered usage per UTC day and job type in one mode, with amounts at the live rates (the report of GET /v1/usage; `from`/`to` YYYY-MM-DD, default the last 30 days, at most 366).',
    query: usageQuery,
    success: { status: 200, schema: usageReport, description: 'The usage report.' },
    errors: ['VALIDATION_ERROR', ...SESSION_ERRORS],
  }),
  route({
    method: 'GET',
    path: '/v1/dashboard/members',
    operationId: 'dashboardListMembers',
    summary: "The organization's dashboard members and their roles (owners and admins).",
    success: { status: 200, schema: memberList, description: 'The members.' },
    errors: SESSION_ERRORS,
    proxied: DASHBOARD_PROXY_PATH,
  }),
  route({
    method: 'POST',
    path: '/v1/dashboard/members',
    operationId: 'dashboardInviteMember',
    summary:
      "Invites a dashboard member with a role (owners and admins; only an owner invites an owner). Sign-in-link stages answer the new member's one-time sign-in link; Cognito stages make the member's user in the stage's user pool, which emails the invitation (an email whose user belongs to another organization is refused: 409 INVITEE_IN_ANOTHER_ORGANIZATION).",
    body: inviteMemberBody,
    success: { status: 201, schema: invitedMember, description: 'The member, and how they were invited.' },
    errors: [
      ...BODY_ERRORS,
      'NOT_FOUND',
      'MEMBER_EXISTS',
      'MEMBER_LIMIT',
      'INVITEE_IN_ANOTHER_ORGANIZATION',
      ...SESSION_ERRORS,
      'IDENTITY_PROVIDER_ERROR',
      'IDENTITY_PROVIDER_UNAVAILABLE',
    ],
    proxied: DASHBOARD_PROXY_PATH,
  }),
  route({
    method: 'PATCH',
    path: DASHBOARD_MEMBER,
    operationId: 'dashboardUpdateMember',
    summary:
      "Changes a member's role and/or offices; refused with 409 LAST_OWNER when it would leave the organization without an owner.",
    params: memberIdParam,
    body: updateMemberBody,
    success: { status: 200, schema: memberList.shape.members.element, description: 'The member as changed.' },
    errors: [...BODY_ERRORS, 'NOT_FOUND', 'LAST_OWNER', ...SESSION_ERRORS],
    proxied: DASHBOARD_PROXY_PATH,
  }),
  route({
    method: 'DELETE',
    path: DASHBOARD_MEMBER,
    operationId: 'dashboardRemoveMember',
    summary:
      "Removes a member: their sessions stop working at their next request. Refused with 409 LAST_OWNER for the organization's only owner.",
    params: memberIdParam,
    success: { status: 200, schema: removedMember, description: 'Removed.' },
    errors: ['VALIDATION_ERROR', 'NOT_FOUND', 'LAST_OWNER', ...SESSION_ERRORS],
    proxied: DASHBOARD_PROXY_PATH,
  }),
  route({
    method: 'GET',
    path: '/v1/dashboard/audit-events',
    operationId: 'dashboardAuditEvents',
    summary:
      "The organization's audit log in one mode (`mode`, default test), newest first, with GET /v1/audit-events's filters and paging (owners and admins).",
    query: dashboardAuditQuery,
    success: { status: 200, schema: auditEventPage, description: 'A page of audit events.' },
    errors: ['VALIDATION_ERROR', ...SESSION_ERRORS],
    proxied: DASHBOARD_PROXY_PATH,
  }),
  route({
    method: 'GET',
    path: '/v1/dashboard/audit-events/export',
    operationId: 'dashboardExportAuditEvents',
    summary:
      'The audit log of one mode as JSON Lines, as GET /v1/audit-events/export answers it (owners and admins).',
    query: dashboardAuditExportQuery,
    success: {
      status: 200,
      schema: auditEvent,
      jsonLines: true,
      description: 'One audit event per line (each line a JSON object, each ending in a newline).',
    },
    errors: ['VALIDATION_ERROR', ...SESSION_ERRORS],
    proxied: DASHBOARD_PROXY_PATH,
  }),
];
