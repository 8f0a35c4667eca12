// The closing card a branded video ends on, as the compositions receive it: laid out already (by
// functions/media/renditions/end-card-layout.ts, in node), so the page only draws. No React here.

/** How long the card holds, and how long it takes to fade in at its start. */
export const END_CARD_SECONDS = 3;
export const END_CARD_FADE_FRAMES = 12;

// A type alias, not an interface: Remotion needs props assignable to Record<string, unknown>.
export type EndCardProps = {
  /** Frames the card takes at the end of the video (included in the video's durationInFrames). */
  readonly frames: number;
  readonly background: string;
  /** The logo, already downloaded and stored (a presigned URL of the media store), placed in pixels. */
  readonly logo?: {
    readonly src: string;
    readonly left: number;
    readonly top: number;
    readonly width: number;
    readonly height: number;
  };
  readonly rule: {
    readonly x: number;
    readonly y: number;
    readonly w: number;
    readonly h: number;
    readonly color: string;
  };
  /** The text lines as glyph outlines (SVG path data in frame pixels) and their colour. */
  readonly text: readonly { readonly d: string; readonly color: string }[];
};

/** The card's opacity at `frame` of the card (0 at its first frame): a short fade, then held. */
export function endCardOpacity(frame: number): number {
  return Math.min(1, Math.max(0, frame / END_CARD_FADE_FRAMES));
}
