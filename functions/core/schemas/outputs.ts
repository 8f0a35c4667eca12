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

type MediaFile = z.infer<typeof mediaFile>;

/** A produced file as stored on the job: the object key, turned into `url` on every read. */
const storedMedia = z.object({
  s3_key: z.string(),
  content_type: z.string(),
  width: z.int().optional(),
  height: z.int().optional(),
  size_bytes: z.int().optional(),
});
export type StoredMedia = z.infer<typeof storedMedia>;

/**
 * A published output as the job stores it: the same shape, with every media file still an object key
 * (the job view presigns them on each read). Stored outputs are typed from the published schemas this
 * way, so the two cannot drift apart.
 */
export type Stored<T> = T extends MediaFile
  ? StoredMedia & Stored<Omit<T, keyof MediaFile>>
  : T extends readonly (infer U)[]
    ? Stored<U>[]
    : T extends object
      ? { [K in keyof T]: Stored<T[K]> }
      : T;

export const jobError = z.object({
  code: z
    .string()
    .meta({ description: 'Machine-readable failure code, e.g. ADDRESS_NOT_FOUND, INTERRUPTED.' }),
  message: z.string(),
});
