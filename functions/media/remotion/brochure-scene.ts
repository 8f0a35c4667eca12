// A brochure slide as a display list in slide pixels (1920x1080): what the Remotion composition draws
// and what the PDF export draws again as vectors. The layout is computed in TypeScript (text measured
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
