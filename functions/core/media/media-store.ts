// The media store port: private media objects, handed out only as presigned URLs. Its S3 adapter is
// functions/adapters/s3/media-store.ts.
import type { Tenant } from '../jobs/job-types.ts';
import type { StoredMedia } from '../schemas/outputs.ts';

export interface SignedUrl {
  readonly url: string;
  readonly expiresAt: string;
}

export interface MediaUrlSigner {
  sign(key: string, now: Date): Promise<SignedUrl>;
}

/** Object keys are grouped by tenant and job, so one prefix holds everything a job produced. */
export function mediaKey(tenant: Tenant, jobId: string, fileName: string): string {
  return `${jobMediaPrefix(tenant, jobId)}${fileName}`;
}

/** The prefix of every object of a tenant's jobs. */
export function tenantMediaPrefix(tenant: Tenant): string {
  return `media/${tenant.orgId}/${tenant.mode}/`;
}

/** The prefix of every object a job wrote (what deleting or expiring the job removes). */
export function jobMediaPrefix(tenant: Tenant, jobId: string): string {
  return `${tenantMediaPrefix(tenant)}${jobId}/`;
}

/** Removes media: what DELETE /v1/jobs/{id} and the retention sweep call (apart from MediaStore: few may). */
export interface MediaEraser {
  /** Deletes every object under the prefix and resolves how many there were. */
  deletePrefix(prefix: string): Promise<number>;
}

/** Job media: written by steps, read back by later steps, handed to callers as presigned URLs. */
export interface MediaStore extends MediaUrlSigner {
  /**
   * The object key a URL of this store names (one `sign` made, whatever its signature, expiry or the
   * endpoint's port), or undefined for any other URL.
   */
  keyOf(url: string): string | undefined;
  put(
    key: string,
    body: Buffer,
    contentType: string,
    extra?: Omit<StoredMedia, 's3_key' | 'content_type' | 'size_bytes'>,
  ): Promise<StoredMedia>;
  get(key: string): Promise<Buffer>;
}
