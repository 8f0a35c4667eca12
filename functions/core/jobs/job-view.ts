// The job as the API shows it: snake_case fields, nulls for what has not happened yet, and every stored
// media reference ({ s3_key, ... }) replaced by a fresh presigned URL.
import type { MediaUrlSigner, SignedUrl } from '../media/media-store.ts';
import type { Job } from './job.ts';

export type JobView = Record<string, unknown>;

function isStoredMedia(value: unknown): value is { s3_key: string } & Record<string, unknown> {
  return (
    typeof value === 'object' && value !== null && typeof (value as { s3_key?: unknown }).s3_key === 'string'
  );
}

/** The stored media references in a value (walked once, synchronously: outputs hold long coordinate lists). */
export function collectMediaKeys(value: unknown, keys: Set<string>): void {
  if (Array.isArray(value)) {
    for (const item of value) if (typeof item === 'object' && item !== null) collectMediaKeys(item, keys);
  } else if (isStoredMedia(value)) {
    keys.add(value.s3_key);
    // A media file may carry others (its renditions, its branded version).
    for (const [name, item] of Object.entries(value))
      if (name !== 's3_key' && typeof item === 'object' && item !== null) collectMediaKeys(item, keys);
  } else if (typeof value === 'object' && value !== null) {
    for (const item of Object.values(value))
      if (typeof item === 'object' && item !== null) collectMediaKeys(item, keys);
  }
}

/**
 * The value with its media references replaced. What holds none is passed on as it is, not copied: an
 * output's coordinate lists and measurements are most of it, and a job is read at every poll. Nothing is
 * changed in place; the job's own output keeps its references.
 */
function replaceMedia(value: unknown, signed: ReadonlyMap<string, SignedUrl>): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    for (let i = 0; i < value.length; i += 1) {
      const item: unknown = value[i];
      const next = replaceMedia(item, signed);
      if (next !== item && copy === undefined) copy = value.slice(0, i);
      copy?.push(next);
    }
    return copy ?? value;
  }
  if (isStoredMedia(value)) {
    const { s3_key, ...rest } = value;
    const url = signed.get(s3_key)!;
    return { url: url.url, expires_at: url.expiresAt, ...(replaceMedia(rest, signed) as object) };
  }
  let copy: Record<string, unknown> | undefined;
  const keys = Object.keys(value);
  for (let i = 0; i < keys.length; i += 1) {
    const item = (value as Record<string, unknown>)[keys[i]!];
    const next = replaceMedia(item, signed);
    if (next !== item && copy === undefined) {
      copy = {};
      for (let j = 0; j < i; j += 1) copy[keys[j]!] = (value as Record<string, unknown>)[keys[j]!];
    }
    if (copy) copy[keys[i]!] = next;
  }
  return copy ?? value;
}

/** The value with every stored media reference replaced by a fresh presigned URL (each key signed once). */
async function withSignedMedia(value: unknown, signer: MediaUrlSigner, now: Date): Promise<unknown> {
  const keys = new Set<string>();
  collectMediaKeys(value, keys);
  if (keys.size === 0) return value;
  const signed = new Map(
    await Promise.all([...keys].map(async (key) => [key, await signer.sign(key, now)] as const)),
  );
  return replaceMedia(value, signed);
}

export async function toJobView(job: Job, signer: MediaUrlSigner, now: Date): Promise<JobView> {
  return {
    job_id: job.jobId,
    job_type: job.jobType,
    status: job.status,
    mode: job.mode,
    created_at: job.createdAt,
    updated_at: job.updatedAt,
    started_at: job.startedAt ?? null,
    completed_at: job.completedAt ?? null,
    progress: job.progress,
    input: job.input,
    output: job.output === undefined ? null : await withSignedMedia(job.output, signer, now),
    error: job.error ?? null,
    parent_job_id: job.parentJobId ?? null,
    kit_job_id: job.kitJobId ?? null,
    office_id: job.officeId ?? null,
    webhook_url: job.webhookUrl ?? null,
    callback_metadata: job.callbackMetadata ?? null,
    media_expires_at: job.mediaExpiresAt ?? null,
    media_expired: job.mediaExpired === true,
    webhook: job.webhookUrl ? { url: job.webhookUrl, attempts: job.webhookAttempts ?? [] } : null,
  };
}
