// Which imagery source draws a frame: the stage's sources (an organization's own subscriptions first) in
// their order, the first whose coverage holds the frame's centre and whose licence allows what the request
// asks (a portal rendition, a print deck). A source that fails (a timeout, a 5xx, an error object, a
// blank or wrong-sized picture) hands over to the next; the picture says which source served and which
// were tried and why. When none can: LICENCE_RESTRICTED if only the licence stood in the way, else
// IMAGERY_UNAVAILABLE, both naming every source and what happened.
import { JobError } from '../../../core/errors.ts';
import { logger } from '../../../core/observability.ts';
import type { LatLng } from '../../../domain/geo-types.ts';
import type { NadirImage, NadirImageRequest, NadirImagery } from '../../geo/types.ts';
import type { ImageryProvenance } from '../../imagery/provenance.ts';
import { type Coverage, covers } from '../sources/source-config.ts';

/** What a request will do with the picture, beyond keeping it. */
type ImageryUses = NonNullable<NadirImageRequest['uses']>;

/** One source the chooser may use. */
export interface ImageryCandidate {
  readonly name: string;
  /** Where it has imagery; absent: everywhere (the offline scene, Amazon Location). */
  readonly coverage?: Coverage;
  readonly licence: { readonly store: boolean; readonly print: boolean; readonly portal: boolean };
  /** The imagery itself, made on first use (a source's key is read from its secret then). */
  open(): Promise<NadirImagery>;
  /** The output's provenance of a picture it drew (without one: what any picture of it states). */
  provenance(image?: NadirImage): ImageryProvenance;
}

/** A source tried before the one that served, and why it did not. */
export interface TriedSource {
  readonly source: string;
  readonly reason: string;
}

export interface ChosenImage extends NadirImage {
  readonly provenance: ImageryProvenance;
}

export type ChosenImageRequest = NadirImageRequest & {
  /** An organization's own sources, tried before the stage's. */
  readonly own?: readonly ImageryCandidate[];
};

/**
 * Imagery that takes an organization's own sources with a request: the chooser (a fake may ignore them).
 * The providers port's `imagery` is one.
 */
export interface StageImagery extends NadirImagery {
  render(request: ChosenImageRequest): Promise<NadirImage>;
}

const USE_WORDS: Readonly<Record<keyof ImageryUses, string>> = {
  portal: 'publishing on listing portals',
  print: 'printing',
};

export class ImageryChooser implements StageImagery {
  readonly name: string;
  /**
   * Each candidate's imagery once opened. Weak: an organization's own candidates are made afresh when its
   * sources are read again (own-imagery.ts), and the ones they replace must not be kept for ever.
   */
  private readonly opened = new WeakMap<ImageryCandidate, Promise<NadirImagery>>();

  constructor(private readonly candidates: readonly ImageryCandidate[]) {
    if (candidates.length === 0) throw new Error('An imagery chooser needs at least one source');
    this.name = candidates[0]!.name;
  }

  /** The provenance of the first source (what a picture of a place it covers states). */
  get first(): ImageryCandidate {
    return this.candidates[0]!;
  }

  async render(request: ChosenImageRequest): Promise<ChosenImage> {
    const all = [...(request.own ?? []), ...this.candidates];
    const covering = all.filter((c) => !c.coverage || covers(c.coverage, request.center));
    if (covering.length === 0) throw noCoverage(request.center, all);
    const unmet = (c: ImageryCandidate) =>
      (Object.keys(USE_WORDS) as (keyof ImageryUses)[]).filter(
        (use) => request.uses?.[use] && !c.licence[use],
      );
    const allowed = covering.filter((c) => unmet(c).length === 0);
    if (allowed.length === 0) {
      const why = covering.map(
        (c) =>
          `${c.name} (no ${unmet(c)
            .map((u) => USE_WORDS[u])
            .join(' or ')})`,
      );
      throw new JobError(
        'LICENCE_RESTRICTED',
        `No imagery source that covers (${position(request.center)}) is licensed for what this request asks: ${why.join('; ')}. Ask without the portal or print use, or send your own imagery (imagery) with its licence.`,
      );
    }
    const tried: TriedSource[] = [];
    for (const candidate of allowed) {
      try {
        const image = await this.imageryOf(candidate).then((imagery) => imagery.render(request));
        const provenance = candidate.provenance(image);
        return { ...image, provenance: tried.length > 0 ? { ...provenance, tried } : provenance };
      } catch (error) {
        if (error instanceof JobError) throw error;
        const reason = (error as Error).message ?? String(error);
        logger.warn('imagery source failed; trying the next', { source: candidate.name, reason });
        tried.push({ source: candidate.name, reason });
      }
    }
    throw new JobError(
      'IMAGERY_UNAVAILABLE',
      `No imagery source could give a picture of (${position(request.center)}): ${tried.map((t) => t.reason).join('; ')}. Try again later, or send your own imagery (imagery).`,
    );
  }

  private imageryOf(candidate: ImageryCandidate): Promise<NadirImagery> {
    let opened = this.opened.get(candidate);
    if (!opened) {
      opened = candidate.open();
      // A source whose key could not be read is tried again next time.
      opened.catch(() => this.opened.delete(candidate));
      this.opened.set(candidate, opened);
    }
    return opened;
  }
}

const position = (p: LatLng) => `${p.lat.toFixed(6)}, ${p.lng.toFixed(6)}`;

function noCoverage(center: LatLng, all: readonly ImageryCandidate[]): JobError {
  const listed = all.map((c) =>
    c.coverage
      ? `${c.name} covers ${c.coverage.west}..${c.coverage.east} E, ${c.coverage.south}..${c.coverage.north} N`
      : c.name,
  );
  return new JobError(
    'IMAGERY_UNAVAILABLE',
    `No imagery source of this service covers (${position(center)}): ${listed.join('; ')}. Send your own imagery (imagery) of the property.`,
  );
}
