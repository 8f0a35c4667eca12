// The six slide types and their layouts, as display lists at 1920x1080. Each layout places its text
// boxes and image slots on a grid with a 96 px margin; text is fitted into its box (shrunk within the
// bounds given here, then ellipsised at a word boundary), and what follows a text block is placed
// from the height that block actually used, so short text does not leave holes and long text never
// overlaps the next block. Each slide type's layouts are in a slide-layouts-<type>.ts module, with the
// same type's layouts for the social shapes (square, portrait and story) beside them: there the pictures
// are above the words, the type is larger, and on a story the words keep out of the app's bars.
import type { Box, BrochureSlideType, SceneElement, SlideShape } from '../remotion/brochure-scene.ts';
import type { ImageSlot, SlideBuilder } from './slide-builder.ts';
import { drawDisclaimer, LANDSCAPE_SMALL_PRINT, SOCIAL_SMALL_PRINT } from './slide-disclaimer.ts';
import { agent, agentSocial } from './slide-layouts-agent.ts';
import {
  H,
  type Layout,
  M,
  palette,
  type SlideContent,
  type SocialFrame,
  type SocialLayout,
  socialFrame,
  W,
} from './slide-layouts-common.ts';
import { content, contentSocial } from './slide-layouts-content.ts';
import { cover, coverSocial } from './slide-layouts-cover.ts';
import { features, featuresSocial } from './slide-layouts-features.ts';
import { gallery, gallerySocial } from './slide-layouts-gallery.ts';
import { location, locationSocial } from './slide-layouts-location.ts';
import { fitText } from './text-fit.ts';

export {
  featureList,
  type SlideContent,
  type SocialFrame,
  STORY_SAFE_AREA,
  socialFrame,
  splitAddress,
} from './slide-layouts-common.ts';

export const DEFAULT_COLOURS = { primary: '#1F3A5F', secondary: '#C9A227' } as const;

export interface SlideLayoutResult {
  readonly background: string;
  readonly elements: readonly SceneElement[];
  readonly slots: readonly ImageSlot[];
  /** Text roles that end in an ellipsis. */
  readonly truncated: readonly string[];
  /** Indices of the photos the slide shows, in reading order. */
  readonly photosUsed: readonly number[];
  /** Where on the map slot the property must be, as shares of its width and height. */
  readonly mapFocus?: { readonly x: number; readonly y: number };
}

const LAYOUTS: Record<BrochureSlideType, Layout> = { cover, features, gallery, location, agent, content };
const SOCIAL_LAYOUTS: Record<BrochureSlideType, SocialLayout> = {
  cover: coverSocial,
  features: featuresSocial,
  gallery: gallerySocial,
  location: locationSocial,
  agent: agentSocial,
  content: contentSocial,
};

/** The slide's display list in `shape` (by default the 1920x1080 slide), in that shape's pixels. */
export function layoutSlide(content: SlideContent, shape: SlideShape = 'landscape'): SlideLayoutResult {
  const p = palette(content);
  const photos: number[] = [];
  const photo = (b: SlideBuilder, box: Box, name = `photo-${photos.length}`) => {
    const index = photos.length;
    if (index < content.photoCount) {
      photos.push(index);
      b.image(name, box, { kind: 'photo', index });
    } else b.emptyPhoto(box, p.tint);
  };
  let builder: SlideBuilder;
  if (shape === 'landscape') {
    builder = LAYOUTS[content.type](content, p, photo);
    // The gallery's photos and title keep a 48 px margin, every other slide the grid's 96 px.
    const side = content.type === 'gallery' ? 48 : M;
    if (content.disclaimer)
      drawDisclaimer(builder, content.disclaimer, p, {
        ...LANDSCAPE_SMALL_PRINT,
        left: side,
        right: W - side,
        bottom: H - LANDSCAPE_SMALL_PRINT.edge,
      });
  } else {
    const frame = socialFrame(shape);
    // The small print takes the foot of the text band: the layout is set in the band above it.
    const bottom = socialSmallPrintBottom(frame);
    const room = content.disclaimer ? socialSmallPrintRoom(content, frame, bottom) : 0;
    builder = SOCIAL_LAYOUTS[content.type](content, p, photo, { ...frame, bottom: frame.bottom - room });
    if (content.disclaimer)
      drawDisclaimer(builder, content.disclaimer, p, {
        ...SOCIAL_SMALL_PRINT,
        left: frame.m,
        right: frame.w - frame.m,
        bottom,
      });
  }
  return {
    background: builder.background,
    elements: builder.elements,
    slots: builder.slots,
    truncated: builder.truncated,
    photosUsed: photos,
    ...(builder.mapFocus ? { mapFocus: builder.mapFocus } : {}),
  };
}

/**
 * The row a social shape's small print ends on: 32 px above the foot of a feed post (in its margin, as
 * on the landscape slide), the foot of the safe area on a story (the app covers the rows below it).
 */
export function socialSmallPrintBottom(f: SocialFrame): number {
  return Math.min(f.h - 32, f.safeBottom);
}

/**
 * The rows a social shape's layout gives up at its foot for the small print: the disclaimer's height
 * across the frame with a gap above and below it, and the 24 px a panel may reach below its text.
 */
function socialSmallPrintRoom(content: SlideContent, f: SocialFrame, bottom: number): number {
  const { type, gap } = SOCIAL_SMALL_PRINT;
  const fitted = fitText(
    content.disclaimer ?? '',
    { x: f.m, y: 0, w: f.w - 2 * f.m, h: f.h },
    type,
    content.fonts,
  );
  return Math.max(0, Math.ceil(f.bottom - (bottom - fitted.usedHeight - 2 * gap - 24)));
}
