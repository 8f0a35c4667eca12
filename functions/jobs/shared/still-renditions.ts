// A job's still renditions, stored: the rendition engine (media/renditions) run on the job's finished
// picture, each file put beside the job's media, and the output's `renditions` map as the job keeps it
// (object keys; the job view signs them on every read).
import type { z } from 'zod';
import { JobError } from '../../core/errors.ts';
import type { Tenant } from '../../core/jobs/job-types.ts';
import { mediaKey } from '../../core/media/media-store.ts';
import type { Stored, StoredMedia } from '../../core/schemas/outputs.ts';
import type { RenditionName, renditionsOutput } from '../../core/schemas/renditions.ts';
import {
  type EncodedImage,
  type NormalizedBox,
  type PortalMetadata,
  STILL_RENDITION_NAMES,
  type StillRenditionName,
  type StillSubject,
  stillRenditions,
} from '../../media/renditions/still-renditions.ts';
import type { StepPorts } from '../define-step.ts';

export type StoredRenditions = Stored<z.infer<typeof renditionsOutput>>;

/** The picture with no text on it, for `portal`: the output itself, or its twin made without labels. */
export type TextFreeSource =
  | { readonly source: 'original' }
  | { readonly source: 'text_free_twin'; readonly picture: () => Promise<Buffer> };

export interface StillRenditionsPlan {
  /** What the request asked for; names that are not stills' (e.g. `print`) are left to their kind. */
  readonly wanted: readonly RenditionName[] | undefined;
  /** What must stay in view, in normalized picture coordinates. */
  readonly subject: StillSubject;
  readonly textFree: TextFreeSource;
  /** Kept in the portal file's metadata (copyright, a staged room's disclosure). */
  readonly metadata?: PortalMetadata;
}

/**
 * Refuses, before anything is made, a `portal` rendition of a picture whose imagery's licence forbids
 * publishing it on listing portals: LICENCE_RESTRICTED naming the source, never a file made anyway.
 */
export function requirePortalLicence(
  wanted: readonly RenditionName[] | undefined,
  imagery: { readonly source: string; readonly licence: { readonly portal: boolean } } | undefined,
): void {
  if (!wanted?.includes('portal') || !imagery || imagery.licence.portal) return;
  throw new JobError(
    'LICENCE_RESTRICTED',
    `The portal rendition was asked for, but this picture's imagery (${imagery.source}) is licensed for no portal use: it may not be published on listing portals. Ask without 'portal', or send imagery whose licence allows it (imagery.licence.portal).`,
  );
}

/** What the asked renditions will do with a picture beyond keeping it: the imagery chooser's `uses`. */
export function usesOf(wanted: readonly RenditionName[] | undefined): { portal?: boolean; print?: boolean } {
  return {
    ...(wanted?.includes('portal') ? { portal: true } : {}),
    ...(wanted?.includes('print') ? { print: true } : {}),
  };
}

/** A pixel rectangle of a `width` x `height` picture as a normalized box. */
export function normalizedBox(
  box: { left: number; top: number; width: number; height: number },
  width: number,
  height: number,
): NormalizedBox {
  return {
    left: box.left / width,
    top: box.top / height,
    width: box.width / width,
    height: box.height / height,
  };
}

const EXTENSIONS = { jpeg: 'jpg', webp: 'webp', avif: 'avif' } as const;

/**
 * The still renditions `plan.wanted` names, of `picture`, stored under the job's media as
 * `<name>.<rendition>...`; undefined when none is wanted (the output then has no `renditions`).
 */
export async function storeStillRenditions(
  picture: Buffer,
  plan: StillRenditionsPlan,
  ports: Pick<StepPorts, 'media'>,
  ref: { readonly tenant: Tenant; readonly jobId: string },
  name: string,
): Promise<StoredRenditions | undefined> {
  const wanted = (plan.wanted ?? []).filter((n): n is StillRenditionName =>
    (STILL_RENDITION_NAMES as readonly string[]).includes(n),
  );
  if (wanted.length === 0) return undefined;
  const textFree =
    !wanted.includes('portal') || plan.textFree.source === 'original'
      ? picture
      : await plan.textFree.picture();
  const made = await stillRenditions({
    picture,
    textFree,
    subject: plan.subject,
    metadata: plan.metadata,
    renditions: wanted,
  });
  const put = (file: EncodedImage, suffix: string): Promise<StoredMedia> =>
    ports.media.put(
      mediaKey(ref.tenant, ref.jobId, `${name}.${suffix}.${EXTENSIONS[file.format]}`),
      file.data,
      file.contentType,
      { width: file.width, height: file.height },
    );
  const sized = (stored: StoredMedia, file: EncodedImage) => ({
    ...stored,
    width: file.width,
    height: file.height,
    size_bytes: stored.size_bytes ?? file.bytes,
  });
  const out: StoredRenditions = {};
  const work: Promise<void>[] = [];
  if (made.portal) {
    const portal = made.portal;
    work.push(
      put(portal, 'portal').then((stored) => {
        out.portal = { ...sized(stored, portal), source: plan.textFree.source };
      }),
    );
  }
  if (made.web) {
    const files = [...made.web.avif, ...made.web.webp];
    work.push(
      Promise.all(files.map((file) => put(file, `web-${file.width}`).then((s) => sized(s, file)))).then(
        (stored) => {
          out.web = stored.map((s, i) => ({ ...s, format: files[i]!.format as 'webp' | 'avif' }));
        },
      ),
    );
  }
  for (const shape of ['social_square', 'social_portrait', 'social_story'] as const) {
    const file = made[shape];
    if (file)
      work.push(
        put(file, shape.replace('_', '-')).then((stored) => {
          out[shape] = { ...sized(stored, file), fit: file.fit };
        }),
      );
  }
  await Promise.all(work);
  return out;
}
