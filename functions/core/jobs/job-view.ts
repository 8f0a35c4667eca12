// The job as the API shows it: snake_case fields, nulls for what has not happened yet, and every stored
// media reference ({ s3_key, ... }) replaced by a fresh presigned URL.
import type { MediaUrlSigner } from '../media/media-store.ts';
import type { Job } from './job.ts';

export type JobView = Record<string, unknown>;

function isStoredMedia(value: unknown): value is { s3_key: string } & Record<string, unknown> {
  return (
    typeof value === 'object' && value !== null && typeof (value as { s3_key?: unknown }).s3_key === 'string'
  );
}

async function withSignedMedia(value: unknown, signer: MediaUrlSigner, now: Date): Promise<unknown> {
  if (Array.isArray(value)) return Promise.all(value.map((v) => withSignedMedia(v, signer, now)));
  if (isStoredMedia(value)) {
    const { s3_key, ...rest } = value;
    const signed = await signer.sign(s3_key, now);
    return { url: signed.url, expires_at: signed.expiresAt, ...rest };
  }
  if (typeof value === 'object' && value !== null) {
    const entries = await Promise.all(
      Object.entries(value).map(async ([k, v]) => [k, await withSignedMedia(v, signer, now)] as const),
    );
    return Object.fromEntries(entries);
  }
  return value;
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
    webhook_url: job.webhookUrl ?? null,
    callback_metadata: job.callbackMetadata ?? null,
    webhook: job.webhookUrl ? { url: job.webhookUrl, attempts: job.webhookAttempts ?? [] } : null,
  };
}
