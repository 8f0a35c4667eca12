// The project's Remotion compositions as the rest of the code sees them: ids, frame formats and input
// props. No React here, so workflow steps can import it without pulling in the composition code.
import type { Point } from '../../domain/geo-types.ts';
import { type EndCardProps, endCardOpacity } from './end-card.ts';

export const MARKUP_REVEAL = {
  id: 'MarkupReveal',
  width: 1920,
  height: 1080,
  fps: 30,
} as const;

/** The reveal in the social shapes its renditions take (laid out again for the frame by the step). */
export const MARKUP_REVEAL_SHAPES = {
  social_square: { id: 'MarkupRevealSquare', width: 1080, height: 1080, fps: 30 },
  social_story: { id: 'MarkupRevealStory', width: 1080, height: 1920, fps: 30 },
} as const;

const REVEAL_IDS: ReadonlySet<string> = new Set([
  MARKUP_REVEAL.id,
  ...Object.values(MARKUP_REVEAL_SHAPES).map((shape) => shape.id),
]);

/** A pre-rendered layer placed on the frame (pixels of the composition's own size). */
interface PlacedImage {
  readonly src: string;
  readonly left: number;
  readonly top: number;
  readonly width: number;
  readonly height: number;
}

// A type alias, not an interface: Remotion needs props assignable to Record<string, unknown>.
export type MarkupRevealProps = {
  /** Length of the video; calculateMetadata takes the composition's duration from it. */
  readonly durationInFrames: number;
  /** The aerial, already at the composition's size. */
  readonly baseImage: string;
  readonly boundary: readonly Point[];
  readonly outline: { readonly color: string; readonly width: number };
  /** What happens outside the boundary once it is drawn. */
  readonly effect:
    | { readonly kind: 'none' }
    | { readonly kind: 'blur'; readonly image: string }
    | { readonly kind: 'darken'; readonly amount: number };
  /** Annotation layers, revealed one after another in this order. */
  readonly annotations: readonly PlacedImage[];
  /** A branded video's closing card: its frames are the last of durationInFrames. */
  readonly endCard?: EndCardProps;
};

/**
 * A sample reveal: a centred rectangle outlined in white with the outside darkened, 7 s. The studio's
 * default props, and the benchmarks' 2D baseline (with their own base image and length).
 */
export const SAMPLE_REVEAL_PROPS: MarkupRevealProps = {
  durationInFrames: 7 * MARKUP_REVEAL.fps,
  baseImage: 'https://example.invalid/aerial.jpg',
  boundary: [
    { x: 760, y: 300 },
    { x: 1160, y: 300 },
    { x: 1160, y: 800 },
    { x: 760, y: 800 },
  ],
  outline: { color: '#FFFFFF', width: 3 },
  effect: { kind: 'darken', amount: 0.5 },
  annotations: [],
};

/**
 * The reveal's timeline as shares of the video: a still opening, the outline drawing on, the outside
 * treatment fading in, the annotations arriving one by one, and a hold on the finished frame.
 */
const REVEAL_TIMELINE = {
  drawStart: 0.08,
  drawEnd: 0.4,
  effectStart: 0.34,
  effectEnd: 0.55,
  annotationsStart: 0.55,
  annotationsEnd: 0.86,
} as const;

/** Linear progress of each phase of the reveal at `frame` (0 before it starts, 1 once it is over). */
interface RevealPhases {
  readonly draw: number;
  readonly effect: number;
  /** One per annotation, in order. */
  readonly annotations: readonly number[];
}

/**
 * Where each phase of the reveal is at `frame`, before easing. The composition draws a frame from these
 * numbers alone (eased by one monotonic curve), so two frames with equal phases are the same picture.
 */
export function revealPhases(frame: number, durationInFrames: number, annotationCount: number): RevealPhases {
  const at = (share: number) => share * (durationInFrames - 1);
  const phase = (from: number, to: number) =>
    Math.min(1, Math.max(0, (frame - at(from)) / (at(to) - at(from))));
  const slot =
    annotationCount > 0
      ? (REVEAL_TIMELINE.annotationsEnd - REVEAL_TIMELINE.annotationsStart) / annotationCount
      : 0;
  return {
    draw: phase(REVEAL_TIMELINE.drawStart, REVEAL_TIMELINE.drawEnd),
    effect: phase(REVEAL_TIMELINE.effectStart, REVEAL_TIMELINE.effectEnd),
    annotations: Array.from({ length: annotationCount }, (_, i) => {
      const start = REVEAL_TIMELINE.annotationsStart + i * slot;
      return phase(start, start + Math.min(slot, 0.08));
    }),
  };
}

/** A run of identical frames: the first frame and how many there are. */
export type FrameRun = readonly [first: number, length: number];

/**
 * The runs of identical consecutive frames of one of our compositions, for a renderer that captures each
 * picture once and repeats it (the reveal's still opening, its finished hold, the pauses between
 * annotations); undefined for a composition whose frames are not known to repeat.
 */
export function frameRuns(
  compositionId: string,
  inputProps: Record<string, unknown>,
  durationInFrames: number,
): FrameRun[] | undefined {
  if (!REVEAL_IDS.has(compositionId)) return undefined;
  const props = inputProps as MarkupRevealProps;
  const count = props.annotations?.length ?? 0;
  const revealFrames = durationInFrames - (props.endCard?.frames ?? 0);
  const runs: Array<[number, number]> = [];
  let previous = '';
  for (let frame = 0; frame < durationInFrames; frame += 1) {
    const key =
      frame < revealFrames
        ? JSON.stringify(revealPhases(frame, revealFrames, count))
        : `card:${endCardOpacity(frame - revealFrames)}`;
    if (frame > 0 && key === previous) runs[runs.length - 1]![1] += 1;
    else runs.push([frame, 1]);
    previous = key;
  }
  return runs;
}
