// The changes the audit log records (core/audit/audit-log.ts), each made once here for both the API's
// routes (an API key's) and the dashboard's (a member's): the change itself through its use case, then its
// record — actor, action, target, what changed (the views, secrets redacted). A webhook endpoint's or an
// imagery source's before is read first, so an update records the fields that changed.
import { type AuditContext, changed, recordAudit } from '../core/audit/audit-log.ts';
import type { KeyVariant } from '../core/auth/api-key.ts';
import {
  brandKitAuditFields,
  brandKitView,
  createBrandKit,
  deleteBrandKit,
  updateBrandKit,
} from '../core/brand-kits/brand-kits.ts';
import { ApiError } from '../core/errors.ts';
import {
  createImagerySource,
  deleteImagerySource,
  getImagerySource,
  updateImagerySource,
} from '../core/imagery-sources/imagery-sources.ts';
import type { Tenant } from '../core/jobs/job-types.ts';
import type { RetentionPolicy } from '../core/jobs/retention.ts';
import type { OfficeScope } from '../core/offices/office-scope.ts';
import {
  createOffice,
  deleteOffice,
  getOffice,
  requestOffice,
  updateOffice,
} from '../core/offices/offices.ts';
import {
  createDashboardKey,
  revokeDashboardKey,
  rotateDashboardKey,
  secretsView,
} from '../core/use-cases/dashboard.ts';
import { deleteJob } from '../core/use-cases/delete-job.ts';
import { resendEvent, startRangeResend, updateEndpointOfferingReplay } from '../core/use-cases/events.ts';
import { visibleJob } from '../core/use-cases/jobs.ts';
import {
  rotateOrganizationWebhookSecret,
  updateOrganizationSettingsAudited,
} from '../core/use-cases/organization-changes.ts';
import {
  createEndpoint,
  deleteEndpoint,
  getEndpoint,
  rotateEndpointSecret,
} from '../core/webhooks/endpoints.ts';
import { apiPorts } from '../wiring/api.ts';

type Fields = Readonly<Record<string, unknown>>;
const fields = (value: object): Fields => value as Fields;
const audit = () => apiPorts().audit;
const endpoints = () => apiPorts().webhooks.endpoints;
const events = () => apiPorts().webhooks.events;
const sources = () => apiPorts().imagerySources;
const brandKits = () => apiPorts().brandKits;
const offices = () => apiPorts().offices;

/** An endpoint's office as its audit record names it. */
const endpointOffice = (view: { office_id: string | null }) =>
  view.office_id === null ? {} : { officeId: view.office_id };

export async function auditedCreateEndpoint(
  context: AuditContext,
  tenant: Tenant,
  body: Parameters<typeof createEndpoint>[2],
  scope?: OfficeScope,
) {
  // An office's key makes its own office's endpoints; an organization's key those of any of its offices.
  const office = await requestOffice(offices(), tenant, scope, body.office_id);
  const created = await createEndpoint(endpoints(), tenant, {
    ...body,
    ...(office ? { office_id: office.id } : {}),
  });
  await recordAudit(audit(), tenant, context, {
    action: 'webhook_endpoint.created',
    target: { type: 'webhook_endpoint', id: created.id },
    changes: { after: fields(created) },
    ...endpointOffice(created),
  });
  return created;
}

export async function auditedUpdateEndpoint(
  context: AuditContext,
  tenant: Tenant,
  id: string,
  patch: Parameters<typeof updateEndpointOfferingReplay>[4],
  scope?: OfficeScope,
) {
  const before = await getEndpoint(endpoints(), tenant, id, scope);
  const updated = await updateEndpointOfferingReplay(endpoints(), events(), tenant, id, patch, scope);
  const { replay: _replay, ...after } = updated;
  await recordAudit(audit(), tenant, context, {
    action: 'webhook_endpoint.updated',
    target: { type: 'webhook_endpoint', id },
    changes: changed(fields(before), fields(after)),
    ...endpointOffice(before),
  });
  return updated;
}

export async function auditedDeleteEndpoint(
  context: AuditContext,
  tenant: Tenant,
  id: string,
  scope?: OfficeScope,
) {
  const before = await getEndpoint(endpoints(), tenant, id, scope);
  const deleted = await deleteEndpoint(endpoints(), tenant, id, scope);
  await recordAudit(audit(), tenant, context, {
    action: 'webhook_endpoint.deleted',
    target: { type: 'webhook_endpoint', id },
    changes: { before: fields(before) },
    ...endpointOffice(before),
  });
  return deleted;
}

export async function auditedRotateEndpointSecret(
  context: AuditContext,
  tenant: Tenant,
  id: string,
  scope?: OfficeScope,
) {
  const before = await getEndpoint(endpoints(), tenant, id, scope);
  const rotated = await rotateEndpointSecret(endpoints(), tenant, id, scope);
  await recordAudit(audit(), tenant, context, {
    action: 'webhook_endpoint.secret_rotated',
    target: { type: 'webhook_endpoint', id },
    changes: changed(fields(before), fields(rotated)),
    ...endpointOffice(before),
  });
  return rotated;
}

export async function auditedCreateImagerySource(
  context: AuditContext,
  tenant: Tenant,
  body: Parameters<typeof createImagerySource>[2],
) {
  const created = await createImagerySource(sources(), tenant, body);
  await recordAudit(audit(), tenant, context, {
    action: 'imagery_source.created',
    target: { type: 'imagery_source', id: created.id },
    changes: { after: fields(created) },
  });
  return created;
}

export async function auditedUpdateImagerySource(
  context: AuditContext,
  tenant: Tenant,
  id: string,
  patch: Parameters<typeof updateImagerySource>[3],
) {
  const before = await getImagerySource(sources(), tenant, id);
  const updated = await updateImagerySource(sources(), tenant, id, patch);
  await recordAudit(audit(), tenant, context, {
    action: 'imagery_source.updated',
    target: { type: 'imagery_source', id },
    changes: changed(fields(before), fields(updated)),
  });
  return updated;
}

export async function auditedDeleteImagerySource(context: AuditContext, tenant: Tenant, id: string) {
  const before = await getImagerySource(sources(), tenant, id);
  const deleted = await deleteImagerySource(sources(), tenant, id);
  await recordAudit(audit(), tenant, context, {
    action: 'imagery_source.deleted',
    target: { type: 'imagery_source', id },
    changes: { before: fields(before) },
  });
  return deleted;
}

/** A kit's office as its audit record names it (none: the organization's kit). */
const kitOffice = (kit: { office_id?: string }) => (kit.office_id ? { officeId: kit.office_id } : {});

export async function auditedCreateBrandKit(
  context: AuditContext,
  tenant: Tenant,
  body: Parameters<typeof createBrandKit>[2],
  scope?: OfficeScope,
) {
  // An office's key makes its own office's kits; an organization's key those of any of its offices, or
  // the organization's own. An office it may not name is a 404 naming office_id.
  const office = await requestOffice(offices(), tenant, scope, body.office_id).catch((error: unknown) => {
    if (!(error instanceof ApiError) || error.code !== 'NOT_FOUND') throw error;
    throw new ApiError('NOT_FOUND', error.message, {
      details: [{ path: 'office_id', message: error.message }],
    });
  });
  const { office_id: _named, ...rest } = body;
  const created = await createBrandKit(brandKits(), tenant, {
    ...rest,
    ...(office ? { office_id: office.id } : {}),
  });
  await recordAudit(audit(), tenant, context, {
    action: 'brand_kit.created',
    target: { type: 'brand_kit', id: created.id },
    changes: { after: brandKitAuditFields(created) },
    ...kitOffice(created),
  });
  return brandKitView(brandKits(), created);
}

export async function auditedUpdateBrandKit(
  context: AuditContext,
  tenant: Tenant,
  id: string,
  patch: Parameters<typeof updateBrandKit>[3],
  check: Parameters<typeof updateBrandKit>[4],
  scope?: OfficeScope,
) {
  const { before, after } = await updateBrandKit(brandKits(), tenant, id, patch, check, scope);
  await recordAudit(audit(), tenant, context, {
    action: 'brand_kit.updated',
    target: { type: 'brand_kit', id },
    changes: changed(brandKitAuditFields(before), brandKitAuditFields(after)),
    ...kitOffice(after),
  });
  return brandKitView(brandKits(), after);
}

export async function auditedDeleteBrandKit(
  context: AuditContext,
  tenant: Tenant,
  id: string,
  scope?: OfficeScope,
) {
  const { before, deleted } = await deleteBrandKit(brandKits(), tenant, id, scope);
  await recordAudit(audit(), tenant, context, {
    action: 'brand_kit.deleted',
    target: { type: 'brand_kit', id },
    changes: { before: brandKitAuditFields(before) },
    ...kitOffice(before),
  });
  return deleted;
}

export async function auditedCreateOffice(
  context: AuditContext,
  tenant: Tenant,
  body: Parameters<typeof createOffice>[2],
  scope: OfficeScope,
) {
  const created = await createOffice(offices(), tenant, body, scope);
  await recordAudit(audit(), tenant, context, {
    action: 'office.created',
    target: { type: 'office', id: created.id },
    changes: { after: fields(created) },
    officeId: created.id,
  });
  return created;
}

export async function auditedUpdateOffice(
  context: AuditContext,
  tenant: Tenant,
  id: string,
  patch: Parameters<typeof updateOffice>[3],
  scope: OfficeScope,
) {
  const before = await getOffice(offices(), tenant, id, scope);
  const updated = await updateOffice(offices(), tenant, id, patch, scope);
  await recordAudit(audit(), tenant, context, {
    action: 'office.updated',
    target: { type: 'office', id },
    changes: changed(fields(before), fields(updated)),
    officeId: id,
  });
  return updated;
}

export async function auditedDeleteOffice(
  context: AuditContext,
  tenant: Tenant,
  id: string,
  scope: OfficeScope,
) {
  const before = await getOffice(offices(), tenant, id, scope);
  const deleted = await deleteOffice(offices(), tenant, id, scope);
  await recordAudit(audit(), tenant, context, {
    action: 'office.deleted',
    target: { type: 'office', id },
    changes: { before: fields(before) },
    officeId: id,
  });
  return deleted;
}

export async function auditedDeleteJob(
  context: AuditContext,
  tenant: Tenant,
  jobId: string,
  scope?: OfficeScope,
) {
  // Read first for the record's office (the job is gone after).
  const officeId = (await visibleJob(apiPorts().jobs.jobs, tenant, jobId, scope))?.officeId;
  const receipt = await deleteJob(apiPorts().delete, tenant, jobId, scope);
  await recordAudit(audit(), tenant, context, {
    action: 'job.deleted',
    target: { type: 'job', id: receipt.job_id },
    changes: { before: { jobs: receipt.jobs }, after: { erased: receipt.erased, kept: receipt.kept } },
    ...(officeId ? { officeId } : {}),
  });
  return receipt;
}

export async function auditedResendEvent(
  context: AuditContext,
  tenant: Tenant,
  eventId: string,
  body: Parameters<typeof resendEvent>[3],
  scope?: OfficeScope,
) {
  const resent = await resendEvent(events(), tenant, eventId, body, scope);
  await recordAudit(audit(), tenant, context, {
    action: 'event.resent',
    target: { type: 'event', id: eventId },
    changes: { after: fields(resent) },
  });
  return resent;
}

export async function auditedStartRangeResend(
  context: AuditContext,
  tenant: Tenant,
  body: Parameters<typeof startRangeResend>[2],
  scope?: OfficeScope,
) {
  const started = await startRangeResend(events(), tenant, body, scope);
  await recordAudit(audit(), tenant, context, {
    action: 'events.resend_started',
    target: { type: 'event_resend', id: started.id },
    changes: { after: fields(body) },
  });
  return started;
}

/** The dashboard's key changes (the CLI records its own: bin/keys.ts). A key's audit tenant is its mode. */
export async function auditedCreateKey(
  context: AuditContext,
  orgId: string,
  body: Parameters<typeof createDashboardKey>[2],
  keyVariant: KeyVariant,
) {
  // A key of one office: that office must be the organization's, in the key's mode.
  if (body.office_id !== undefined)
    await requestOffice(offices(), { orgId, mode: body.mode }, undefined, body.office_id);
  const created = await createDashboardKey(apiPorts().dashboard.keyAdmin, orgId, body, keyVariant);
  const { key: _secret, ...view } = created;
  await recordAudit(audit(), { orgId, mode: created.mode }, context, {
    action: 'api_key.created',
    target: { type: 'api_key', id: created.key_id },
    changes: { after: fields(view) },
    ...(created.office_id ? { officeId: created.office_id } : {}),
  });
  return created;
}

export async function auditedRotateKey(
  context: AuditContext,
  orgId: string,
  keyId: string,
  keyVariant: KeyVariant,
) {
  const rotated = await rotateDashboardKey(apiPorts().dashboard.keyAdmin, orgId, keyId, keyVariant);
  const { key: _secret, ...view } = rotated;
  await recordAudit(audit(), { orgId, mode: rotated.mode }, context, {
    action: 'api_key.rotated',
    target: { type: 'api_key', id: keyId },
    changes: { before: { key_id: keyId }, after: fields(view) },
    ...(rotated.office_id ? { officeId: rotated.office_id } : {}),
  });
  return rotated;
}

export async function auditedRevokeKey(context: AuditContext, orgId: string, keyId: string) {
  const revoked = await revokeDashboardKey(apiPorts().dashboard.keyAdmin, orgId, keyId);
  await recordAudit(audit(), { orgId, mode: revoked.mode }, context, {
    action: 'api_key.revoked',
    target: { type: 'api_key', id: keyId },
    changes: {
      before: { status: 'active' },
      after: { status: revoked.status, revoked_at: revoked.revoked_at },
    },
    ...(revoked.office_id ? { officeId: revoked.office_id } : {}),
  });
  return revoked;
}

/** The dashboard's changes to the organization itself (the CLI records its own: bin/keys.ts). */
export async function auditedRotateWebhookSecret(context: AuditContext, orgId: string) {
  return secretsView(
    await rotateOrganizationWebhookSecret(apiPorts().dashboard.keyAdmin, audit(), context, orgId),
  );
}

export function auditedUpdateSettings(
  context: AuditContext,
  orgId: string,
  patch: { mediaRetentionDays?: number },
  policy: RetentionPolicy,
) {
  return updateOrganizationSettingsAudited(apiPorts().accounts, audit(), context, orgId, patch, policy);
}
