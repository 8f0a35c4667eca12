// A brochure slide as a display list in slide pixels (1920x1080, or a social shape's size): what the
// Remotion composition draws and what the PDF export draws again as vectors. The layout is computed in TypeScript (text measured
// and broken with the DejaVu metrics, images cropped to their slots), so both outputs show the same
// slide and a test can check every box against the slide bounds without a browser.

export const BROCHURE_SLIDE_SIZE = { width: 1920, height: 1080 } as const;

export const BROCHURE_SLIDE_TYPES = ['cover', 'features', 'gallery', 'location', 'agent', 'content'] as const;
export type BrochureSlideType = (typeof BROCHURE_SLIDE_TYPES)[number];

/** One composition per slide type, all stills at the slide size. */
export const BROCHURE_COMPOSITIONS: Record<BrochureSlideType, string> = {
  cover: 'BrochureCover',
  features: 'BrochureFeatures',
  gallery: 'BrochureGallery',
  location: 'BrochureLocation',
  agent: 'BrochureAgent',
  content: 'BrochureContent',
};

/**
 * The social renditions of a slide: the same content laid out again for a feed post (square or 4:5
 * portrait) or a story (9:16). The size is all a composition needs to know, so each shape has one still
 * that draws whichever slide type's display list it is given.
 */
export const SOCIAL_SLIDE_SHAPES = ['social_square', 'social_portrait', 'social_story'] as const;
export type SocialSlideShape = (typeof SOCIAL_SLIDE_SHAPES)[number];
/** The shape a slide is laid out in: the 1920x1080 slide, or one of the social renditions. */
export type SlideShape = 'landscape' | SocialSlideShape;

export interface SlideComposition {
  readonly id: string;
  readonly width: number;
  readonly height: number;
}

export const SOCIAL_SLIDE_COMPOSITIONS: Readonly<Record<SocialSlideShape, SlideComposition>> = {
  social_square: { id: 'BrochureSlideSquare', width: 1080, height: 1080 },
  social_portrait: { id: 'BrochureSlidePortrait', width: 1080, height: 1350 },
  social_story: { id: 'BrochureSlideStory', width: 1080, height: 1920 },
};

/** The composition that renders a slide of this type in this shape, and its size. */
export function slideComposition(type: BrochureSlideType, shape: SlideShape = 'landscape'): SlideComposition {
  return shape === 'landscape'
    ? { id: BROCHURE_COMPOSITIONS[type], ...BROCHURE_SLIDE_SIZE }
    : SOCIAL_SLIDE_COMPOSITIONS[shape];
}

export interface Box {
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
}

export type SceneElement =
  | (Box & {
      readonly kind: 'rect';
      readonly fill: string;
      readonly opacity?: number;
      readonly radius?: number;
    })
  | (Box & {
      readonly kind: 'image';
      /** Which prepared image fills the slot (key into SlideScene.images). */
      readonly image: string;
      readonly radius?: number;
      /** Clip to the inscribed circle (headshots). */
      readonly circle?: boolean;
    })
  | (Box & {
      readonly kind: 'text';
      /** The box the text was fitted into; every glyph lies inside it. */
      readonly role: string;
      readonly text: string;
      readonly size: number;
      readonly weight: 'regular' | 'bold';
      readonly color: string;
      readonly lines: readonly {
        readonly text: string;
        readonly x: number;
        readonly baseline: number;
        readonly width: number;
      }[];
      /** Glyph outlines of every line, SVG path data in slide pixels. */
      readonly d: string;
      readonly truncated: boolean;
    })
  | {
      readonly kind: 'path';
      readonly d: string;
      readonly fill: string;
      readonly stroke?: string;
      readonly strokeWidth?: number;
      /** Bounds of the path, for the in-slide check. */
      readonly bounds: Box;
    };

// A type alias, not an interface: Remotion needs props assignable to Record<string, unknown>.
export type BrochureSlideProps = {
  readonly background: string;
  readonly elements: readonly SceneElement[];
  /** Prepared image URLs by name (each already cropped to its slot's aspect ratio). */
  readonly images: Readonly<Record<string, string>>;
};
