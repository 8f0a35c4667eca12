// The media store's S3 adapter: job media in the private media bucket, handed out as presigned URLs.
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  type S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { MediaEraser, MediaStore, SignedUrl } from '../../core/media/media-store.ts';
import type { StoredMedia } from '../../core/schemas/outputs.ts';

/**
 * Bodies above this go up in parts (S3's minimum part is 5 MiB): smaller requests retry cheaper, and the
 * local stack's S3 emulator refuses a request over 11 MiB — a full-size drone clip failed to store there.
 */
export const PART_BYTES = 8 * 1024 * 1024;

/** How long a presigned URL is handed out again (a poll of the same job gets the same URL): at most a minute. */
export function urlReuseMs(expirySeconds: number): number {
  return Math.min(60_000, Math.floor((expirySeconds * 1000) / 60));
}
/** URLs a container keeps for reuse; past this, it starts again from empty. */
const MAX_REUSED_URLS = 5_000;

export class S3MediaStore implements MediaStore, MediaEraser {
  constructor(
    private readonly s3: S3Client,
    private readonly bucket: string,
    private readonly expirySeconds: number,
  ) {}

  /** URLs signed lately, by object key: a job polled every second is not re-signed on every poll. */
  private readonly signed = new Map<string, SignedUrl & { readonly signedAt: number }>();

  async put(
    key: string,
    body: Buffer,
    contentType: string,
    extra: Omit<StoredMedia, 's3_key' | 'content_type' | 'size_bytes'> = {},
  ): Promise<StoredMedia> {
    if (body.length <= PART_BYTES) {
      await this.s3.send(
        new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: body, ContentType: contentType }),
      );
    } else {
      await this.putInParts(key, body, contentType);
    }
    return { s3_key: key, content_type: contentType, size_bytes: body.length, ...extra };
  }

  /** A multipart upload; abandoned parts are aborted so they are not stored (and billed) unseen. */
  private async putInParts(key: string, body: Buffer, contentType: string): Promise<void> {
    const target = { Bucket: this.bucket, Key: key };
    const { UploadId } = await this.s3.send(
      new CreateMultipartUploadCommand({ ...target, ContentType: contentType }),
    );
    try {
      const parts: Array<{ ETag: string | undefined; PartNumber: number }> = [];
      for (let offset = 0, n = 1; offset < body.length; offset += PART_BYTES, n += 1) {
        const part = body.subarray(offset, offset + PART_BYTES);
        const { ETag } = await this.s3.send(
          new UploadPartCommand({ ...target, UploadId, PartNumber: n, Body: part }),
        );
        parts.push({ ETag, PartNumber: n });
      }
      await this.s3.send(
        new CompleteMultipartUploadCommand({ ...target, UploadId, MultipartUpload: { Parts: parts } }),
      );
    } catch (error) {
      await this.s3.send(new AbortMultipartUploadCommand({ ...target, UploadId })).catch(() => undefined);
      throw error;
    }
  }

  async get(key: string): Promise<Buffer> {
    const result = await this.s3.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
    return Buffer.from(await result.Body!.transformToByteArray());
  }

  /**
   * A presigned GET of the object, valid for the configured expiry from when it was signed. A URL signed
   * for the same key less than urlReuseMs ago is handed out again, with its own (slightly earlier)
   * expiresAt: presigning is most of a poll's CPU besides the store calls.
   */
  /**
   * Lists the prefix a page (1,000 keys) at a time and deletes each page in one DeleteObjects call; a key
   * S3 reports as not deleted is an error (the caller's erasure must not claim what it did not do).
   */
  async deletePrefix(prefix: string): Promise<number> {
    if (!prefix.endsWith('/'))
      throw new Error(`Refusing to delete under '${prefix}': a prefix ends with '/'.`);
    let deleted = 0;
    let token: string | undefined;
    do {
      const page = await this.s3.send(
        new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, ContinuationToken: token }),
      );
      const keys = (page.Contents ?? []).flatMap((o) => (o.Key ? [{ Key: o.Key }] : []));
      if (keys.length > 0) {
        const result = await this.s3.send(
          new DeleteObjectsCommand({ Bucket: this.bucket, Delete: { Objects: keys, Quiet: true } }),
        );
        const failed = result.Errors ?? [];
        if (failed.length > 0)
          throw new Error(`${failed.length} object(s) under ${prefix} not deleted: ${failed[0]?.Code ?? ''}`);
        deleted += keys.length;
        for (const { Key } of keys) this.signed.delete(Key);
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return deleted;
  }

  keyOf(url: string): string | undefined {
    if (!URL.canParse(url)) return undefined;
    const { hostname, pathname } = new URL(url);
    // Path style (the local stack's S3 emulator): /<bucket>/<key>; virtual-hosted: <bucket>.s3…/<key>.
    const path = pathname.startsWith(`/${this.bucket}/`)
      ? pathname.slice(this.bucket.length + 2)
      : hostname.startsWith(`${this.bucket}.s3.`) || hostname.startsWith(`${this.bucket}.s3-`)
        ? pathname.slice(1)
        : undefined;
    if (!path) return undefined;
    try {
      // getSignedUrl escapes each key segment; a key never holds an escape of its own (mediaKey).
      return path.split('/').map(decodeURIComponent).join('/');
    } catch {
      return undefined;
    }
  }

  async sign(key: string, now: Date): Promise<SignedUrl> {
    const at = now.getTime();
    const reused = this.signed.get(key);
    if (reused && at >= reused.signedAt && at - reused.signedAt < urlReuseMs(this.expirySeconds)) {
      return { url: reused.url, expiresAt: reused.expiresAt };
    }
    const url = await getSignedUrl(this.s3, new GetObjectCommand({ Bucket: this.bucket, Key: key }), {
      expiresIn: this.expirySeconds,
      signingDate: now,
    });
    const expiresAt = new Date(at + this.expirySeconds * 1000).toISOString();
    if (this.signed.size >= MAX_REUSED_URLS) this.signed.clear();
    this.signed.set(key, { url, expiresAt, signedAt: at });
    return { url, expiresAt };
  }
}
