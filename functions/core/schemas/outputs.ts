// Building blocks of job outputs.
import { z } from 'zod';

export const geoPoint = z.object({ lat: z.number(), lng: z.number() });

/** A produced file as a job shows it: a fresh presigned URL every time the job is read. */
export const mediaFile = z
  .object({
    url: z.url().meta({
      description: 'Presigned HTTPS URL; fetch it before expires_at, then re-read the job for a new one.',
    }),
    expires_at: z.iso.datetime(),
    content_type: z.string(),
    width: z.int().optional(),
    height: z.int().optional(),
    size_bytes: z.int().optional(),
  })
  .meta({ id: 'MediaFile' });

/** A produced file as stored on the job: the object key, turned into `url` on every read. */
export interface StoredMedia {
  readonly s3_key: string;
  readonly content_type: string;
  readonly width?: number;
  readonly height?: number;
  readonly size_bytes?: number;
}

export const jobError = z.object({
  code: z
    .string()
    .meta({ description: 'Machine-readable failure code, e.g. ADDRESS_NOT_FOUND, INTERRUPTED.' }),
  message: z.string(),
});
