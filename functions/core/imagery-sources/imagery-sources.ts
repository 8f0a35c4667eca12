// An organization's own imagery sources: subscriptions an agency registers once per mode (POST
// /v1/imagery-sources, the dashboard, `npm run keys -- imagery-source add`), each with its licence and its
// key. Its jobs try them before the stage's sources; no other organization, and not the other mode, ever
// reads them. The key is kept as the organization's webhook secrets are: in the accounts table (encrypted
// at rest), beside the source, and only a job's imagery step reads it back. No answer, error, log line or
// job record carries it: views show `key_hint`, the last four characters of a long key.
import type { Clock } from '../clock.ts';
import { ApiError, type ErrorDetail } from '../errors.ts';
import { randomBase62 } from '../ids.ts';
import type { Tenant } from '../jobs/job-types.ts';
import { checkUrlSyntax, type StageUrlRules } from '../outbound/url-policy.ts';
import {
  filledTemplate,
  type ImagerySourcePatch,
  type ImagerySourceSettings,
  type NewImagerySource,
  newImagerySource,
} from './source-settings.ts';

/** Sources an organization may have in one mode: each is tried in turn before the stage's, per frame. */
export const MAX_IMAGERY_SOURCES = 5;

/** One registered source as kept. */
export interface ImagerySourceRecord {
  readonly id: string;
  readonly settings: ImagerySourceSettings;
  /** The key and the query parameter it travels in; read back only by the organization's jobs. */
  readonly api_key?: { readonly value: string; readonly param: string };
  readonly created_at: string;
  readonly updated_at: string;
}

/** The sources of one organization and mode, as one versioned list (one read gives a job all of them). */
export interface ImagerySourceStore {
  list(tenant: Tenant): Promise<{ sources: ImagerySourceRecord[]; version: number }>;
  /** Writes `next` if the list is still at `version`; false when it changed meanwhile. */
  replace(tenant: Tenant, version: number, next: readonly ImagerySourceRecord[]): Promise<boolean>;
}

export interface ImagerySourcePorts {
  readonly sources: ImagerySourceStore;
  readonly clock: Clock;
  /** The stage's URL rules (webhook URLs'): plain http and loopback on the local stack only. */
  readonly urlRules: StageUrlRules;
}

/** What an answer shows of a source: its settings, never its key. */
export type ImagerySourceView = ImagerySourceSettings & {
  readonly id: string;
  readonly object: 'imagery_source';
  readonly api_key_param: string | null;
  /** The key's last four characters (`…a1b2`) when it is long enough that they give nothing away; else `…`. */
  readonly key_hint: string | null;
  readonly created_at: string;
  readonly updated_at: string;
};

/** A key shorter than this shows no characters at all in its hint. */
const HINTED_KEY_LENGTH = 16;

export function keyHint(key: string): string {
  return key.length >= HINTED_KEY_LENGTH ? `…${key.slice(-4)}` : '…';
}

export function imagerySourceView(record: ImagerySourceRecord): ImagerySourceView {
  return {
    id: record.id,
    object: 'imagery_source',
    ...record.settings,
    api_key_param: record.api_key?.param ?? null,
    key_hint: record.api_key ? keyHint(record.api_key.value) : null,
    created_at: record.created_at,
    updated_at: record.updated_at,
  };
}

export const imagerySourceNotFound = (id: string) =>
  new ApiError('NOT_FOUND', `No imagery source with id '${id}' exists for this key.`);

const newSourceId = () => `isrc_${randomBase62(20)}`;

/** The settings and the key of a validated source, apart. */
function split(source: NewImagerySource): Pick<ImagerySourceRecord, 'settings' | 'api_key'> {
  const { api_key, api_key_param, ...settings } = source;
  return {
    settings,
    ...(api_key !== undefined && api_key_param !== undefined
      ? { api_key: { value: api_key, param: api_key_param } }
      : {}),
  };
}

/** The url's host is one the stage may call (checked again, address by address, at every fetch). */
function checkUrl(ports: ImagerySourcePorts, url: string): void {
  const checked = checkUrlSyntax(filledTemplate(url), {
    ...ports.urlRules,
    credentialsAdvice: 'send the key as api_key, which is kept secret',
  });
  if (!checked.ok)
    throw new ApiError('URL_NOT_ALLOWED', `url is not allowed: ${checked.reason}`, {
      details: [{ path: 'url', message: checked.reason }],
    });
}

function nameTaken(name: string, id: string): ApiError {
  const detail = {
    path: 'name',
    message: `'${name}' is already the name of this organization's imagery source ${id} in this mode`,
  };
  return new ApiError('VALIDATION_ERROR', `Invalid request: name: ${detail.message}`, { details: [detail] });
}

/** Reads, changes and writes the tenant's list, retrying when another writer got there first. */
async function change<T>(
  ports: ImagerySourcePorts,
  tenant: Tenant,
  edit: (sources: ImagerySourceRecord[], now: Date) => { next: ImagerySourceRecord[]; result: T },
): Promise<T> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const { sources, version } = await ports.sources.list(tenant);
    const { next, result } = edit(sources, ports.clock.now());
    if (await ports.sources.replace(tenant, version, next)) return result;
  }
  throw new Error('The imagery sources kept changing underneath; retry.');
}

function requireUniqueName(sources: readonly ImagerySourceRecord[], name: string, id?: string): void {
  const other = sources.find((s) => s.settings.name === name && s.id !== id);
  if (other) throw nameTaken(name, other.id);
}

/** A new source; the answer shows its key's hint, never the key. */
export async function createImagerySource(
  ports: ImagerySourcePorts,
  tenant: Tenant,
  request: NewImagerySource,
): Promise<ImagerySourceView> {
  checkUrl(ports, request.url);
  const parts = split(request);
  return change(ports, tenant, (sources, now) => {
    if (sources.length >= MAX_IMAGERY_SOURCES)
      throw new ApiError(
        'IMAGERY_SOURCE_LIMIT',
        `An organization may have at most ${MAX_IMAGERY_SOURCES} imagery sources per mode; delete one first.`,
      );
    requireUniqueName(sources, parts.settings.name);
    const at = now.toISOString();
    const record: ImagerySourceRecord = { id: newSourceId(), ...parts, created_at: at, updated_at: at };
    return { next: [...sources, record], result: imagerySourceView(record) };
  });
}

export async function listImagerySources(
  ports: Pick<ImagerySourcePorts, 'sources'>,
  tenant: Tenant,
): Promise<ImagerySourceView[]> {
  return (await ports.sources.list(tenant)).sources.map(imagerySourceView);
}

export async function getImagerySource(
  ports: Pick<ImagerySourcePorts, 'sources'>,
  tenant: Tenant,
  id: string,
): Promise<ImagerySourceView> {
  const record = (await ports.sources.list(tenant)).sources.find((s) => s.id === id);
  if (!record) throw imagerySourceNotFound(id);
  return imagerySourceView(record);
}

/** Zod's issues as the error details a VALIDATION_ERROR lists (an unknown field by its name). */
function issueDetails(
  issues: readonly { path: PropertyKey[]; message: string; code: string; keys?: string[] }[],
) {
  const details: ErrorDetail[] = [];
  for (const issue of issues) {
    const path = issue.path.map(String).join('.');
    if (issue.code === 'unrecognized_keys')
      for (const key of issue.keys ?? [])
        details.push({
          path: path ? `${path}.${key}` : key,
          message: "is not a field of this source's kind",
        });
    else details.push({ path: path || '(body)', message: issue.message });
  }
  return details;
}

/**
 * The source with the patch applied, checked as a new one is (so a change cannot leave a source its
 * kind's adapter would refuse): `api_key: null` removes the key and its parameter.
 */
function patched(record: ImagerySourceRecord, patch: ImagerySourcePatch): NewImagerySource {
  const { api_key, api_key_param, ...fields } = patch;
  const removed = api_key === null;
  const key = removed ? undefined : (api_key ?? record.api_key?.value);
  const param = removed ? undefined : (api_key_param ?? record.api_key?.param);
  const merged = {
    ...record.settings,
    ...fields,
    ...(key === undefined ? {} : { api_key: key }),
    ...(param === undefined ? {} : { api_key_param: param }),
  };
  const checked = newImagerySource.safeParse(merged);
  if (!checked.success) {
    const details = issueDetails(checked.error.issues as never);
    throw new ApiError(
      'VALIDATION_ERROR',
      details.length === 1
        ? `Invalid request: ${details[0]!.path}: ${details[0]!.message}`
        : `Invalid request: ${details.length} problems, see error.details.`,
      { details },
    );
  }
  return checked.data;
}

/** Changes the fields given (a new key replaces the kept one at once for new frames: see the jobs' cache). */
export async function updateImagerySource(
  ports: ImagerySourcePorts,
  tenant: Tenant,
  id: string,
  patch: ImagerySourcePatch,
): Promise<ImagerySourceView> {
  if (patch.url !== undefined) checkUrl(ports, patch.url);
  return change(ports, tenant, (sources, now) => {
    const index = sources.findIndex((s) => s.id === id);
    if (index < 0) throw imagerySourceNotFound(id);
    const current = sources[index]!;
    const parts = split(patched(current, patch));
    requireUniqueName(sources, parts.settings.name, id);
    const updated: ImagerySourceRecord = {
      id,
      ...parts,
      created_at: current.created_at,
      updated_at: now.toISOString(),
    };
    const next = [...sources];
    next[index] = updated;
    return { next, result: imagerySourceView(updated) };
  });
}

export async function deleteImagerySource(
  ports: ImagerySourcePorts,
  tenant: Tenant,
  id: string,
): Promise<{ id: string; object: 'imagery_source'; deleted: true }> {
  return change(ports, tenant, (sources) => {
    if (!sources.some((s) => s.id === id)) throw imagerySourceNotFound(id);
    return {
      next: sources.filter((s) => s.id !== id),
      result: { id, object: 'imagery_source' as const, deleted: true as const },
    };
  });
}
