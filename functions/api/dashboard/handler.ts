// Every /v1/dashboard/* route: each is its own function (as every route is), all built from this module,
// which finds its route by method and resource path and runs that route's use case for the signed-in
// organization.

import type { APIGatewayProxyEvent, Context } from 'aws-lambda';
import { exportAuditEvents, listAuditEvents } from '../../core/audit/audit-log.ts';
import { apiErrors } from '../../core/errors.ts';
import { requestId } from '../../core/ids.ts';
import { listImagerySources } from '../../core/imagery-sources/imagery-sources.ts';
import { planRetentionDays, type RetentionPolicy, retentionDays } from '../../core/jobs/retention.ts';
import {
  inviteMember,
  jobVisibleTo,
  listMembers,
  type MemberRecord,
  memberView,
  officesOfMember,
  removeMember,
  updateMember,
} from '../../core/members/members.ts';
import { apiLogContext, instrumented } from '../../core/observability.ts';
import { listOffices } from '../../core/offices/offices.ts';
import {
  dashboardWebhookSecrets,
  listDashboardKeys,
  signInLink,
  signInWithToken,
} from '../../core/use-cases/dashboard.ts';
import { getEvent, listEvents, sendTestEvent } from '../../core/use-cases/events.ts';
import { getJob, listJobs } from '../../core/use-cases/jobs.ts';
import { getOrganizationSettings } from '../../core/use-cases/organization-settings.ts';
import { getUsage } from '../../core/use-cases/usage.ts';
import { listEndpoints } from '../../core/webhooks/endpoints.ts';
import { apiPorts } from '../../wiring/api.ts';
import { auditFilterOf } from '../audit-routes.ts';
import {
  auditedCreateBrandKit,
  auditedCreateEndpoint,
  auditedCreateImagerySource,
  auditedCreateKey,
  auditedCreateOffice,
  auditedDeleteBrandKit,
  auditedDeleteEndpoint,
  auditedDeleteImagerySource,
  auditedDeleteJob,
  auditedDeleteOffice,
  auditedResendEvent,
  auditedRevokeKey,
  auditedRotateEndpointSecret,
  auditedRotateKey,
  auditedRotateWebhookSecret,
  auditedStartRangeResend,
  auditedUpdateBrandKit,
  auditedUpdateEndpoint,
  auditedUpdateOffice,
  auditedUpdateSettings,
} from '../audited.ts';
import { brandKitIdParam, createBrandKitBody, updateBrandKitBody } from '../brand-kit-schemas.ts';
import { brandKitPageOf, checkedKit } from '../brand-kits-api.ts';
import { type ApiHandler, errorResult, jsonLinesAnswer } from '../http/api-route.ts';
import { publicRoute, sessionRoute } from '../http/session-route.ts';
import { createImagerySourceBody, sourceIdParam } from '../imagery-source-schemas.ts';
import { createOfficeBody, officeIdParam, updateOfficeBody } from '../office-schemas.ts';
import { proxiedRouteFor, routeFor, routesForPath } from '../routes.ts';
import {
  createEndpointBody,
  endpointIdParam,
  eventFilterOf,
  eventIdParam,
  resendEventBody,
  resendEventsBody,
  updateEndpointBody,
} from '../webhook-schemas.ts';
import { DASHBOARD_PROXY_PATH } from './dashboard-routes.ts';
import { abilitiesOf } from './permissions.ts';
import {
  createKeyBody,
  dashboardAuditExportQuery,
  dashboardAuditQuery,
  dashboardBrandKitsQuery,
  dashboardEventsQuery,
  dashboardJobParams,
  dashboardJobQuery,
  dashboardJobsQuery,
  dashboardModeQuery,
  inviteMemberBody,
  keyIdParam,
  memberIdParam,
  retentionSettingsBody,
  signInBody,
  updateMemberBody,
  usageQuery,
} from './schemas.ts';

const ok = (data: unknown, status = 200) => ({ status, data });

/** The retention part of an organization's settings, with what applies to its new jobs. */
function retentionView(
  settings: { readonly mediaRetentionDays?: number; readonly plan?: string },
  policy: RetentionPolicy,
) {
  return {
    media_retention_days: settings.mediaRetentionDays ?? null,
    plan: settings.plan ?? null,
    plan_days: planRetentionDays(settings.plan, policy) ?? null,
    stage_days: policy.defaultDays,
    effective_days: retentionDays(
      { organizationDays: settings.mediaRetentionDays, plan: settings.plan },
      policy,
    ),
    max_days: policy.maxDays,
  };
}
const endpoints = () => apiPorts().webhooks.endpoints;
const imagerySources = () => apiPorts().imagerySources;
const events = () => apiPorts().webhooks.events;
const members = () => apiPorts().dashboard.members;
/**
 * A dashboard session is the organization's, never an office's: the office and brand kit use cases run
 * with no office scope, as for a key of the whole organization, and the audit log names the member.
 */
const WHOLE_ORGANIZATION = undefined;
/** The webhook and imagery source routes act on the signed-in organization in the mode the page shows (`mode`). */
const tenantOf = (orgId: string, query: { mode: 'test' | 'live' }) => ({ orgId, mode: query.mode });

/** One job the member may see: another office's answers 404, as another organization's does. */
async function visibleJob(
  member: MemberRecord,
  tenant: { orgId: string; mode: 'test' | 'live' },
  jobId: string,
) {
  const job = await getJob(apiPorts().jobs, tenant, jobId);
  if (!jobVisibleTo(member, job)) throw apiErrors.jobNotFound(jobId);
  return job;
}

/** Where the dashboard that was called is (for a sign-in link): the request's own host. */
function originOf(headers: Readonly<Record<string, string | undefined>> | null | undefined): string {
  const find = (name: string) => Object.entries(headers ?? {}).find(([k]) => k.toLowerCase() === name)?.[1];
  const host = find('host') ?? '127.0.0.1';
  return `${find('x-forwarded-proto') ?? 'http'}://${host}`;
}

/** The handlers by operation id (the route table names them). */
const OPERATIONS: Record<string, () => ApiHandler> = {
  dashboardSignIn: () =>
    publicRoute({ body: signInBody }, async ({ body }) => {
      if (apiPorts().dashboard.auth !== 'sign-in-link') {
        throw apiErrors.forbidden('This stage signs in to the dashboard with its Cognito user pool.');
      }
      return ok(await signInWithToken(apiPorts().dashboard.sessions, body.token), 201);
    }),
  dashboardSignOut: () =>
    sessionRoute(
      'dashboardSignOut',
      {},
      async ({ sessionToken }) => {
        if (sessionToken) await apiPorts().dashboard.sessions.end(sessionToken);
        return ok({ signed_out: true });
      },
      apiPorts,
    ),
  dashboardAccount: () =>
    sessionRoute(
      'dashboardAccount',
      {},
      async ({ orgId, member }) =>
        ok({
          organization_id: orgId,
          modes: apiPorts().auth.keyVariant === 'live-only' ? ['live'] : ['test', 'live'],
          sign_in: apiPorts().dashboard.auth,
          member: memberView(member),
          permissions: abilitiesOf(member.role),
        }),
      apiPorts,
    ),
  dashboardListKeys: () =>
    sessionRoute(
      'dashboardListKeys',
      {},
      async ({ orgId }) => ok({ keys: await listDashboardKeys(apiPorts().dashboard.keyAdmin, orgId) }),
      apiPorts,
    ),
  dashboardCreateKey: () =>
    sessionRoute(
      'dashboardCreateKey',
      { body: createKeyBody },
      async ({ orgId, body, audit }) =>
        ok(await auditedCreateKey(audit, orgId, body, apiPorts().auth.keyVariant), 201),
      apiPorts,
    ),
  dashboardOffices: () =>
    sessionRoute(
      'dashboardOffices',
      { query: dashboardModeQuery },
      // A dashboard session is the organization's: every office of the mode.
      async ({ orgId, query }) =>
        ok({ offices: await listOffices(apiPorts().offices, tenantOf(orgId, query), WHOLE_ORGANIZATION) }),
      apiPorts,
    ),
  dashboardCreateOffice: () =>
    sessionRoute(
      'dashboardCreateOffice',
      { query: dashboardModeQuery, body: createOfficeBody },
      async ({ orgId, query, body, audit }) =>
        ok(await auditedCreateOffice(audit, tenantOf(orgId, query), body, WHOLE_ORGANIZATION), 201),
      apiPorts,
    ),
  dashboardUpdateOffice: () =>
    sessionRoute(
      'dashboardUpdateOffice',
      { params: officeIdParam, query: dashboardModeQuery, body: updateOfficeBody },
      async ({ orgId, params, query, body, audit }) =>
        ok(
          await auditedUpdateOffice(audit, tenantOf(orgId, query), params.officeId, body, WHOLE_ORGANIZATION),
        ),
      apiPorts,
    ),
  dashboardDeleteOffice: () =>
    sessionRoute(
      'dashboardDeleteOffice',
      { params: officeIdParam, query: dashboardModeQuery },
      async ({ orgId, params, query, audit }) =>
        ok(await auditedDeleteOffice(audit, tenantOf(orgId, query), params.officeId, WHOLE_ORGANIZATION)),
      apiPorts,
    ),
  dashboardBrandKits: () =>
    sessionRoute(
      'dashboardBrandKits',
      { query: dashboardBrandKitsQuery },
      async ({ orgId, query }) => ok(await brandKitPageOf(tenantOf(orgId, query), query, WHOLE_ORGANIZATION)),
      apiPorts,
    ),
  dashboardCreateBrandKit: () =>
    sessionRoute(
      'dashboardCreateBrandKit',
      { query: dashboardModeQuery, body: createBrandKitBody },
      async ({ orgId, query, body, audit }) =>
        ok(await auditedCreateBrandKit(audit, tenantOf(orgId, query), body, WHOLE_ORGANIZATION), 201),
      apiPorts,
    ),
  dashboardUpdateBrandKit: () =>
    sessionRoute(
      'dashboardUpdateBrandKit',
      { params: brandKitIdParam, query: dashboardModeQuery, body: updateBrandKitBody },
      async ({ orgId, params, query, body, audit }) =>
        ok(
          await auditedUpdateBrandKit(
            audit,
            tenantOf(orgId, query),
            params.brandKitId,
            body,
            checkedKit,
            WHOLE_ORGANIZATION,
          ),
        ),
      apiPorts,
    ),
  dashboardDeleteBrandKit: () =>
    sessionRoute(
      'dashboardDeleteBrandKit',
      { params: brandKitIdParam, query: dashboardModeQuery },
      async ({ orgId, params, query, audit }) =>
        ok(await auditedDeleteBrandKit(audit, tenantOf(orgId, query), params.brandKitId, WHOLE_ORGANIZATION)),
      apiPorts,
    ),
  dashboardRotateKey: () =>
    sessionRoute(
      'dashboardRotateKey',
      { params: keyIdParam },
      async ({ orgId, params, audit }) =>
        ok(await auditedRotateKey(audit, orgId, params.keyId, apiPorts().auth.keyVariant), 201),
      apiPorts,
    ),
  dashboardRevokeKey: () =>
    sessionRoute(
      'dashboardRevokeKey',
      { params: keyIdParam },
      async ({ orgId, params, audit }) => ok(await auditedRevokeKey(audit, orgId, params.keyId)),
      apiPorts,
    ),
  dashboardWebhookSecret: () =>
    sessionRoute(
      'dashboardWebhookSecret',
      {},
      async ({ orgId }) => ok(await dashboardWebhookSecrets(apiPorts().dashboard.keyAdmin, orgId)),
      apiPorts,
    ),
  dashboardRotateWebhookSecret: () =>
    sessionRoute(
      'dashboardRotateWebhookSecret',
      {},
      async ({ orgId, audit }) => ok(await auditedRotateWebhookSecret(audit, orgId)),
      apiPorts,
    ),
  dashboardWebhookEndpoints: () =>
    sessionRoute(
      'dashboardWebhookEndpoints',
      { query: dashboardModeQuery },
      async ({ orgId, query }) => ok({ endpoints: await listEndpoints(endpoints(), tenantOf(orgId, query)) }),
      apiPorts,
    ),
  dashboardEvents: () =>
    sessionRoute(
      'dashboardEvents',
      { query: dashboardEventsQuery },
      async ({ orgId, query }) =>
        ok(await listEvents(events(), tenantOf(orgId, query), eventFilterOf(query))),
      apiPorts,
    ),
  dashboardCreateWebhookEndpoint: () =>
    sessionRoute(
      'dashboardCreateWebhookEndpoint',
      { query: dashboardModeQuery, body: createEndpointBody },
      async ({ orgId, query, body, audit }) =>
        ok(await auditedCreateEndpoint(audit, tenantOf(orgId, query), body), 201),
      apiPorts,
    ),
  dashboardUpdateWebhookEndpoint: () =>
    sessionRoute(
      'dashboardUpdateWebhookEndpoint',
      { params: endpointIdParam, query: dashboardModeQuery, body: updateEndpointBody },
      async ({ orgId, params, query, body, audit }) =>
        ok(await auditedUpdateEndpoint(audit, tenantOf(orgId, query), params.endpointId, body)),
      apiPorts,
    ),
  dashboardDeleteWebhookEndpoint: () =>
    sessionRoute(
      'dashboardDeleteWebhookEndpoint',
      { params: endpointIdParam, query: dashboardModeQuery },
      async ({ orgId, params, query, audit }) =>
        ok(await auditedDeleteEndpoint(audit, tenantOf(orgId, query), params.endpointId)),
      apiPorts,
    ),
  dashboardRotateWebhookEndpointSecret: () =>
    sessionRoute(
      'dashboardRotateWebhookEndpointSecret',
      { params: endpointIdParam, query: dashboardModeQuery },
      async ({ orgId, params, query, audit }) =>
        ok(await auditedRotateEndpointSecret(audit, tenantOf(orgId, query), params.endpointId)),
      apiPorts,
    ),
  dashboardTestWebhookEndpoint: () =>
    sessionRoute(
      'dashboardTestWebhookEndpoint',
      { params: endpointIdParam, query: dashboardModeQuery },
      async ({ orgId, params, query }) =>
        ok(await sendTestEvent(events(), tenantOf(orgId, query), params.endpointId), 202),
      apiPorts,
    ),
  dashboardGetEvent: () =>
    sessionRoute(
      'dashboardGetEvent',
      { params: eventIdParam, query: dashboardModeQuery },
      async ({ orgId, params, query }) =>
        ok(await getEvent(events(), tenantOf(orgId, query), params.eventId)),
      apiPorts,
    ),
  dashboardResendEvent: () =>
    sessionRoute(
      'dashboardResendEvent',
      { params: eventIdParam, query: dashboardModeQuery, body: resendEventBody },
      async ({ orgId, params, query, body, audit }) =>
        ok(await auditedResendEvent(audit, tenantOf(orgId, query), params.eventId, body), 202),
      apiPorts,
    ),
  dashboardResendEvents: () =>
    sessionRoute(
      'dashboardResendEvents',
      { query: dashboardModeQuery, body: resendEventsBody },
      async ({ orgId, query, body, audit }) =>
        ok(await auditedStartRangeResend(audit, tenantOf(orgId, query), body), 202),
      apiPorts,
    ),
  dashboardImagerySources: () =>
    sessionRoute(
      'dashboardImagerySources',
      { query: dashboardModeQuery },
      async ({ orgId, query }) =>
        ok({ sources: await listImagerySources(imagerySources(), tenantOf(orgId, query)) }),
      apiPorts,
    ),
  dashboardCreateImagerySource: () =>
    sessionRoute(
      'dashboardCreateImagerySource',
      { query: dashboardModeQuery, body: createImagerySourceBody },
      async ({ orgId, query, body, audit }) =>
        ok(await auditedCreateImagerySource(audit, tenantOf(orgId, query), body), 201),
      apiPorts,
    ),
  dashboardDeleteImagerySource: () =>
    sessionRoute(
      'dashboardDeleteImagerySource',
      { params: sourceIdParam, query: dashboardModeQuery },
      async ({ orgId, params, query, audit }) =>
        ok(await auditedDeleteImagerySource(audit, tenantOf(orgId, query), params.sourceId)),
      apiPorts,
    ),
  dashboardListJobs: () =>
    sessionRoute(
      'dashboardListJobs',
      { query: dashboardJobsQuery },
      // A member sees its offices' jobs only, filtered by the store: a page holds up to its limit of them.
      async ({ orgId, member, query }) =>
        ok(
          await listJobs(
            apiPorts().jobs,
            { orgId, mode: query.mode },
            query,
            undefined,
            officesOfMember(member),
          ),
        ),
      apiPorts,
    ),
  dashboardGetJob: () =>
    sessionRoute(
      'dashboardGetJob',
      { params: dashboardJobParams, query: dashboardJobQuery },
      async ({ orgId, member, params, query }) =>
        ok(await visibleJob(member, { orgId, mode: query.mode }, params.jobId)),
      apiPorts,
    ),
  dashboardDeleteJob: () =>
    sessionRoute(
      'dashboardDeleteJob',
      { params: dashboardJobParams, query: dashboardJobQuery },
      async ({ orgId, member, params, query, audit }) => {
        if (member.role === 'member') await visibleJob(member, { orgId, mode: query.mode }, params.jobId);
        return ok(await auditedDeleteJob(audit, { orgId, mode: query.mode }, params.jobId));
      },
      apiPorts,
    ),
  dashboardSettings: () =>
    sessionRoute(
      'dashboardSettings',
      {},
      async ({ orgId }) =>
        ok(
          retentionView(
            await getOrganizationSettings(apiPorts().accounts, orgId),
            apiPorts().dashboard.retention,
          ),
        ),
      apiPorts,
    ),
  dashboardUpdateSettings: () =>
    sessionRoute(
      'dashboardUpdateSettings',
      { body: retentionSettingsBody },
      async ({ orgId, body, audit }) => {
        const policy = apiPorts().dashboard.retention;
        const settings = await auditedUpdateSettings(
          audit,
          orgId,
          { mediaRetentionDays: body.media_retention_days },
          policy,
        );
        return ok(retentionView(settings, policy));
      },
      apiPorts,
    ),
  dashboardUsage: () =>
    sessionRoute(
      'dashboardUsage',
      { query: usageQuery },
      async ({ orgId, query }) => {
        const { store, pricing } = apiPorts().usage;
        return ok(await getUsage(store, { orgId, ...query }, pricing, apiPorts().jobs.clock.now()));
      },
      apiPorts,
    ),
  dashboardAuditEvents: () =>
    sessionRoute(
      'dashboardAuditEvents',
      { query: dashboardAuditQuery },
      async ({ orgId, query }) => {
        // A dashboard session is the organization's (no office key): 'none' never comes back here.
        const filter = auditFilterOf(query);
        return ok(
          filter === 'none'
            ? {
                audit_events: [],
                pagination: { limit: query.limit, count: 0, has_more: false, next_cursor: null },
              }
            : await listAuditEvents(apiPorts().audit, tenantOf(orgId, query), filter),
        );
      },
      apiPorts,
    ),
  dashboardExportAuditEvents: () =>
    sessionRoute(
      'dashboardExportAuditEvents',
      { query: dashboardAuditExportQuery },
      async ({ orgId, query }) => {
        const filter = auditFilterOf(query);
        if (filter === 'none') return jsonLinesAnswer({ jsonLines: '', nextCursor: null });
        const { limit: _, ...rest } = filter;
        return jsonLinesAnswer(await exportAuditEvents(apiPorts().audit, tenantOf(orgId, query), rest));
      },
      apiPorts,
    ),
  dashboardListMembers: () =>
    sessionRoute(
      'dashboardListMembers',
      {},
      async ({ orgId }) => ok({ members: (await listMembers(members().members, orgId)).map(memberView) }),
      apiPorts,
    ),
  dashboardInviteMember: () =>
    sessionRoute(
      'dashboardInviteMember',
      { body: inviteMemberBody },
      async ({ orgId, member, body, audit }, event) => {
        const { member: invited, invitation } = await inviteMember(members(), orgId, audit, member, body);
        // Cognito stages: the user pool sent the invitation. Sign-in-link stages hand it over as a link.
        const link =
          invitation === undefined
            ? await apiPorts().dashboard.sessions.issueSignInToken(orgId, invited.id)
            : undefined;
        return ok(
          {
            ...memberView(invited),
            invitation: invitation ?? 'sign_in_link',
            sign_in_link: link ? signInLink(originOf(event.headers), link.token) : null,
            sign_in_link_expires_at: link?.expiresAt ?? null,
          },
          201,
        );
      },
      apiPorts,
    ),
  dashboardUpdateMember: () =>
    sessionRoute(
      'dashboardUpdateMember',
      { params: memberIdParam, body: updateMemberBody },
      async ({ orgId, member, params, body, audit }) =>
        ok(memberView(await updateMember(members(), orgId, audit, member, params.memberId, body))),
      apiPorts,
    ),
  dashboardRemoveMember: () =>
    sessionRoute(
      'dashboardRemoveMember',
      { params: memberIdParam },
      async ({ orgId, member, params, audit }) => {
        const removed = await removeMember(members(), orgId, audit, member, params.memberId);
        return ok({ object: 'member', id: removed.id, removed: true });
      },
      apiPorts,
    ),
};

const pipelines = new Map<string, ApiHandler>();

async function dashboardApi(event: APIGatewayProxyEvent, context: Context) {
  let route = routeFor(event.httpMethod, event.resource);
  if (event.resource === DASHBOARD_PROXY_PATH) {
    // The greedy resource: a proxied dashboard route, or what the fallback would answer.
    const matched = proxiedRouteFor(DASHBOARD_PROXY_PATH, event.httpMethod, event.path);
    if (!matched || 'allowed' in matched) {
      const method = event.httpMethod.toUpperCase();
      const allowed = matched?.allowed ?? [...new Set(routesForPath(event.path).map((r) => r.method))];
      return errorResult(
        allowed.length > 0
          ? apiErrors.methodNotAllowed(method, event.path, allowed)
          : apiErrors.routeNotFound(method, event.path),
        { requestId: requestId(event.requestContext?.requestId), timestamp: new Date().toISOString() },
      );
    }
    route = matched.route;
    event = {
      ...event,
      resource: route.path,
      pathParameters: Object.keys(matched.params).length > 0 ? matched.params : null,
    };
  }
  const build = route && OPERATIONS[route.operationId];
  if (!route || !build) {
    // Deployed wrongly: this module serves the dashboard routes only.
    return errorResult(apiErrors.routeNotFound(event.httpMethod, event.path), {
      requestId: requestId(event.requestContext?.requestId),
      timestamp: new Date().toISOString(),
    });
  }
  let pipeline = pipelines.get(route.operationId);
  if (!pipeline) {
    pipeline = build();
    pipelines.set(route.operationId, pipeline);
  }
  return pipeline(event, context);
}

export const handler = instrumented('dashboardApi', dashboardApi, apiLogContext);
