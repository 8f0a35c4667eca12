// The Stager port: adds furniture and decor to a photo of an empty room. Adapters: the offline
// stager (drawn furniture placed on the floor found in the photo) and the Bedrock stager (an
// image-editing model inpainting the floor region). Both return the image at the input's size and
// format, so callers never re-encode.
import { JobError } from '../../core/errors.ts';
import type { RoomType } from './room-types.ts';

const STAGING_IMAGE_FORMATS = ['jpeg', 'png', 'webp'] as const;
export type StagingImageFormat = (typeof STAGING_IMAGE_FORMATS)[number];

export const CONTENT_TYPES: Readonly<Record<StagingImageFormat, string>> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
};

export interface StageRequest {
  /** The downloaded photo (JPEG, PNG or WebP), already size-checked by the image fetcher. */
  readonly image: Buffer;
  readonly roomType: RoomType;
  /** The caller's free-text style description, if any. */
  readonly stylePrompt?: string;
  /** Same image + room type + prompt + seed gives the same picture (offline; Bedrock passes it on). */
  readonly seed: number;
}

export interface StageResult {
  readonly image: Buffer;
  readonly contentType: string;
  readonly format: StagingImageFormat;
  readonly width: number;
  readonly height: number;
  /** Which adapter made the picture, e.g. `offline-stager` or `bedrock:amazon.nova-canvas-v1:0`. */
  readonly provider: string;
  /** The style the furniture was drawn in (offline) or asked for (Bedrock). */
  readonly style: string;
  /** Furniture pieces placed, by name; empty for providers that do not report them. */
  readonly items: readonly string[];
}

export interface Stager {
  readonly name: string;
  stage(request: StageRequest): Promise<StageResult>;
}

/** Job error codes a staging step can fail with; each message says what the caller can do. */
const STAGING_ERROR_CODES = [
  'UNSUPPORTED_IMAGE',
  'NO_FLOOR_FOUND',
  'STAGING_CONTENT_FILTERED',
  'STAGING_PROVIDER_ERROR',
] as const;
type StagingErrorCode = (typeof STAGING_ERROR_CODES)[number];

export function stagingError(code: StagingErrorCode, message: string): JobError {
  return new JobError(code, message);
}
