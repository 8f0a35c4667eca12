// What every slide layout family shares: the slide's size and margin, the content a slide is laid out
// from, the palette it draws with, and the helpers that split an address and a feature list.

import { type Box, BROCHURE_SLIDE_SIZE, type BrochureSlideType } from '../remotion/brochure-scene.ts';
import { accentOn, INK, mix, textColourOn } from './colour.ts';
import type { SlideLayoutId } from './layout-rules.ts';
import { mutedText, type SlideBuilder } from './slide-builder.ts';
import type { SlideFonts } from './text-fit.ts';

export const W = BROCHURE_SLIDE_SIZE.width;
export const H = BROCHURE_SLIDE_SIZE.height;
/** The grid's margin. */
export const M = 96;

const PAPER_BG = '#F6F4EF';

export interface SlideContent {
  /** The faces the slide is set in (default: the packaged DejaVu Sans). */
  readonly fonts?: SlideFonts;
  readonly type: BrochureSlideType;
  readonly layout: SlideLayoutId;
  readonly address: string;
  readonly title?: string;
  readonly description?: string;
  readonly propertyDescription?: string;
  readonly price?: string;
  readonly agent: {
    readonly name?: string;
    readonly phone?: string;
    readonly email?: string;
    readonly agency?: string;
  };
  readonly colours: { readonly primary: string; readonly secondary: string };
  /** How many photos the slide may use (already downloaded, in order). */
  readonly photoCount: number;
  /** Pixel size of the downloaded logo, when there is one. */
  readonly logo?: { readonly width: number; readonly height: number };
  readonly hasHeadshot: boolean;
}

/** The palette every layout draws with: brand colours plus the text colours that pass AA on them. */
export function palette(content: SlideContent) {
  const primary = content.colours.primary;
  const onPrimary = textColourOn(primary);
  return {
    primary,
    onPrimary,
    mutedOnPrimary: mutedText(onPrimary, primary, 0.22),
    accentOnPrimary: accentOn(content.colours.secondary, primary),
    accent: content.colours.secondary,
    paper: PAPER_BG,
    ink: INK,
    mutedInk: mutedText(INK, PAPER_BG, 0.3),
    accentOnPaper: accentOn(content.colours.secondary, PAPER_BG),
    rule: mix(INK, PAPER_BG, 0.82),
    tint: mix(primary, '#FFFFFF', 0.82),
  };
}
export type Palette = ReturnType<typeof palette>;

/** Places the slide's next photo in a box (or an empty tinted box when the photos have run out). */
export type PhotoPlacer = (b: SlideBuilder, box: Box, name?: string) => void;
/** One slide type's layouts, chosen by `c.layout`. */
export type Layout = (c: SlideContent, p: Palette, photo: PhotoPlacer) => SlideBuilder;

/** "12 Smith Street, Surry Hills NSW 2010" -> ["12 Smith Street", "Surry Hills NSW 2010"]. */
export function splitAddress(address: string): [string, string] {
  const i = address.indexOf(',');
  return i < 0 ? [address, ''] : [address.slice(0, i).trim(), address.slice(i + 1).trim()];
}

/** Feature lines from free text: one per line, or split on ";" / "•", else one per sentence. */
export function featureList(text: string | undefined): string[] {
  if (!text) return [];
  let parts = text
    .split(/\r?\n|;|•/)
    .map((p) => p.replace(/^\s*[-*–]\s*/, '').trim())
    .filter(Boolean);
  if (parts.length <= 1)
    parts = text
      .split(/(?<=[.!?])\s+(?=[A-Z0-9])/)
      .map((p) => p.trim())
      .filter(Boolean);
  return parts.map((p) => p.replace(/\.$/, ''));
}
