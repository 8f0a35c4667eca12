// The six slide types and their layouts, as display lists at 1920x1080. Each layout places its text
// boxes and image slots on a grid with a 96 px margin; text is fitted into its box (shrunk within the
// bounds given here, then ellipsised at a word boundary), and what follows a text block is placed
// from the height that block actually used, so short text does not leave holes and long text never
// overlaps the next block. Each slide type's layouts are in a slide-layouts-<type>.ts module.
import type { Box, BrochureSlideType, SceneElement } from '../remotion/brochure-scene.ts';
import type { ImageSlot, SlideBuilder } from './slide-builder.ts';
import { agent } from './slide-layouts-agent.ts';
import { type Layout, palette, type SlideContent } from './slide-layouts-common.ts';
import { content } from './slide-layouts-content.ts';
import { cover } from './slide-layouts-cover.ts';
import { features } from './slide-layouts-features.ts';
import { gallery } from './slide-layouts-gallery.ts';
import { location } from './slide-layouts-location.ts';

export type { SlideContent } from './slide-layouts-common.ts';

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

export function layoutSlide(content: SlideContent): SlideLayoutResult {
  const p = palette(content);
  const photos: number[] = [];
  const photo = (b: SlideBuilder, box: Box, name = `photo-${photos.length}`) => {
    const index = photos.length;
    if (index < content.photoCount) {
      photos.push(index);
      b.image(name, box, { kind: 'photo', index });
    } else b.emptyPhoto(box, p.tint);
  };
  const builder = LAYOUTS[content.type](content, p, photo);
  return {
    background: builder.background,
    elements: builder.elements,
    slots: builder.slots,
    truncated: builder.truncated,
    photosUsed: photos,
    ...(builder.mapFocus ? { mapFocus: builder.mapFocus } : {}),
  };
}
