// What every slide layout family shares: the slide's size and margin, the content a slide is laid out
// from, the palette it draws with, and the helpers that split an address and a feature list; for the
// social shapes, their frame, type scale and the column their text is set in.

import {
  type Box,
  BROCHURE_SLIDE_SIZE,
  type BrochureSlideType,
  SOCIAL_SLIDE_COMPOSITIONS,
  type SocialSlideShape,
} from '../remotion/brochure-scene.ts';
import { accentOn, INK, mix, textColourOn } from './colour.ts';
import type { SlideLayoutId } from './layout-rules.ts';
import { mutedText, type SlideBuilder } from './slide-builder.ts';
import { type FitOptions, type FittedText, fitText, type SlideFonts } from './text-fit.ts';

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
    /** The agent's licence number (drawn beside their details, never alone). */
    readonly licence?: string;
    /** The agency's licence number (drawn beside its name, never alone). */
    readonly agencyLicence?: string;
  };
  /** Small print drawn at the foot of the slide (slide-disclaimer.ts). */
  readonly disclaimer?: string;
  readonly colours: { readonly primary: string; readonly secondary: string };
  /** How many photos the slide may use (already downloaded, in order). */
  readonly photoCount: number;
  /** Pixel size of the downloaded logo, when there is one. */
  readonly logo?: { readonly width: number; readonly height: number };
  readonly hasHeadshot: boolean;
}

/** The palette every layout draws with: brand colours plus the text colours that pass AA on them. */
export function palette(content: Pick<SlideContent, 'colours'>) {
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

/**
 * The rows a landscape layout whose foot is full (a footer line, the logo, the price and agency) lifts it
 * by when the slide carries a disclaimer, so the small print has the foot to itself: three lines of it
 * at its smallest size, or two at its largest.
 */
export const smallPrintRoom = (c: Pick<SlideContent, 'disclaimer'>) => (c.disclaimer ? 56 : 0);

/** "Harbour & Co  ·  Lic. 20001234": a name with its licence number, when both are known. */
export function withLicence(name: string | undefined, licence: string | undefined): string | undefined {
  return name && licence ? `${name}  ·  Lic. ${licence}` : name;
}

/** The agency's name as the slides draw it: with its licence number, when the brand has one. */
export const agencyText = (c: Pick<SlideContent, 'agent'>) =>
  withLicence(c.agent.agency, c.agent.agencyLicence);

/** "12 Smith Street, Surry Hills NSW 2010" -> ["12 Smith Street", "Surry Hills NSW 2010"]. */
export function splitAddress(address: string): [string, string] {
  const i = address.indexOf(',');
  return i < 0 ? [address, ''] : [address.slice(0, i).trim(), address.slice(i + 1).trim()];
}

/** A sentence's end followed by the next one's start: text that is prose, not a list item. */
const SENTENCE_BREAK = /(?<=[.!?])\s+(?=[A-Z0-9])/;

/**
 * Feature lines from free text: one per line or per "•"; else one per ";" when what it separates is a
 * list (no item runs on into a second sentence); else one per sentence. A description written as prose
 * ("… the cafes of Harris Street; the CBD is ten minutes away.") is not cut at its semicolons: that made a
 * features slide of two lines, the first three sentences cut off after two lines and then a fragment.
 */
export function featureList(text: string | undefined): string[] {
  if (!text) return [];
  const parts = (separator: RegExp) =>
    text
      .split(separator)
      .map((p) => p.replace(/^\s*[-*–]\s*/, '').trim())
      .filter(Boolean);
  let items = parts(/\r?\n|•/);
  if (items.length <= 1) {
    const bySemicolon = parts(/;/);
    items =
      bySemicolon.length > 1 && !bySemicolon.some((item) => SENTENCE_BREAK.test(item))
        ? bySemicolon
        : parts(SENTENCE_BREAK);
  }
  return items.map((p) => p.replace(/\.$/, ''));
}

/**
 * A social shape's canvas. Pictures may run to every edge; text and the logo keep to the rows from
 * `top` to `bottom`: the margin, and on a story the bands the app covers with its own bars (the
 * progress bar and account name above, the reply box below).
 */
export interface SocialFrame {
  readonly shape: SocialSlideShape;
  readonly w: number;
  readonly h: number;
  /** The grid's margin. */
  readonly m: number;
  /** Rows the app may cover: nothing that must be read goes above safeTop or below safeBottom. */
  readonly safeTop: number;
  readonly safeBottom: number;
  /** Where text may start and must end. */
  readonly top: number;
  readonly bottom: number;
}

/** How much of a story's top and bottom the app covers with its own bars. */
export const STORY_SAFE_AREA = 250;

export function socialFrame(shape: SocialSlideShape): SocialFrame {
  const { width: w, height: h } = SOCIAL_SLIDE_COMPOSITIONS[shape];
  const m = 72;
  const safe = shape === 'social_story' ? STORY_SAFE_AREA : 0;
  return {
    shape,
    w,
    h,
    m,
    safeTop: safe,
    safeBottom: h - safe,
    top: Math.max(m, safe),
    bottom: h - Math.max(m, safe),
  };
}

/** The row `share` of the text band up from its bottom: where a picture above the text ends. */
export const textBandFrom = (f: SocialFrame, share: number) =>
  Math.round(f.bottom - share * (f.bottom - f.top));

/** One social slide type's layouts in a social frame. */
export type SocialLayout = (c: SlideContent, p: Palette, photo: PhotoPlacer, f: SocialFrame) => SlideBuilder;

/**
 * The social shapes' type scale. A feed post or story is seen a third of its size on a phone, so the
 * smallest sizes are larger than on the landscape slide and a headline has fewer, bigger lines.
 */
export const SOCIAL_TYPE = {
  overline: { weight: 'bold', maxSize: 30, minSize: 24, maxLines: 1, uppercase: true },
  title: { weight: 'bold', maxSize: 76, minSize: 48, maxLines: 3, lineHeight: 1.1 },
  body: { weight: 'regular', maxSize: 36, minSize: 28, lineHeight: 1.4 },
  line: { weight: 'bold', maxSize: 40, minSize: 28, maxLines: 1 },
  meta: { weight: 'regular', maxSize: 30, minSize: 24, maxLines: 1 },
  price: { weight: 'bold', maxSize: 56, minSize: 36, maxLines: 1 },
} as const satisfies Record<string, FitOptions>;

/**
 * Text blocks set one under another, each from the height the one above used, never below `bottom`.
 * A block with no room left for one line at its smallest size is left out and reported truncated,
 * rather than squeezed into what follows.
 */
export class TextColumn {
  constructor(
    private readonly b: SlideBuilder,
    readonly x: number,
    readonly w: number,
    public y: number,
    readonly bottom: number,
    readonly align: 'left' | 'center' = 'left',
  ) {}

  /**
   * Sets `text` at the current row, at most `h` tall, then moves down by what it used and `gap`; left
   * out when it would need cutting and there is no room for `minLines` lines at the smallest size.
   */
  text(
    role: string,
    text: string | undefined,
    colour: string,
    options: FitOptions,
    {
      h = Number.POSITIVE_INFINITY,
      gap = 0,
      minLines = 1,
    }: { h?: number; gap?: number; minLines?: number } = {},
  ): FittedText | undefined {
    if (!text) return undefined;
    const box = { x: this.x, y: this.y, w: this.w, h: Math.min(h, this.bottom - this.y) };
    const font = this.b.fonts[options.weight];
    const oneLine = (font.ascender - font.descender) * options.minSize;
    const lines = oneLine + (minLines - 1) * (options.lineHeight ?? 1.25) * options.minSize;
    if (box.h < oneLine || (box.h < lines && fitText(text, box, options, this.b.fonts).truncated)) {
      if (!this.b.truncated.includes(role)) this.b.truncated.push(role);
      return undefined;
    }
    const fitted = this.b.text(role, text, box, colour, { align: this.align, ...options });
    this.y += fitted.usedHeight + gap;
    return fitted;
  }

  /** An overline, the title under it and the accent rule under both. */
  heading(overline: string, title: string, colours: { accent: string; on: string }, maxLines: number): void {
    this.text('overline', overline, colours.accent, SOCIAL_TYPE.overline, { gap: 12 });
    this.text('title', title, colours.on, { ...SOCIAL_TYPE.title, maxLines }, { gap: 24 });
    this.rule(colours.accent, 36);
  }

  /** The short accent rule under a heading (when there is room for it), then `gap`. */
  rule(colour: string, gap: number): void {
    if (this.y + 8 > this.bottom) return;
    this.b.rect(
      { x: this.align === 'center' ? this.x + this.w / 2 - 48 : this.x, y: this.y, w: 96, h: 8 },
      colour,
    );
    this.y += 8 + gap;
  }

  space(gap: number): void {
    this.y += gap;
  }
}

/** One block of a stack set up from the foot: its text (none: skipped), colour, fit, and the space under it. */
export interface StackBlock {
  readonly role: string;
  readonly text: string | undefined;
  readonly colour: string;
  readonly options: FitOptions;
  readonly gap?: number;
}

/**
 * Text blocks set one above another up from `bottom`, the last given at the foot. Each is fitted first
 * and then placed where it ends on the block below, so the stack is as tall as its words and whatever is
 * above it (a photo) takes the rest. Returns the stack's top row.
 */
export function stackUp(
  b: SlideBuilder,
  box: { x: number; w: number; bottom: number },
  blocks: readonly StackBlock[],
): number {
  let y = box.bottom;
  for (const { role, text, colour, options, gap = 0 } of [...blocks].reverse()) {
    if (!text) continue;
    const { usedHeight } = fitText(text, { x: box.x, y: 0, w: box.w, h: box.bottom }, options, b.fonts);
    // The foot of the stack sits on the bottom; every block above keeps its gap to the one under it.
    y -= (y === box.bottom ? 0 : gap) + Math.ceil(usedHeight);
    b.text(role, text, { x: box.x, y, w: box.w, h: Math.ceil(usedHeight) }, colour, options);
  }
  return y;
}

/** A picture across the top of a social slide down to `bottom`, an accent edge under it, the logo on its corner. */
export function socialPicture(
  b: SlideBuilder,
  c: SlideContent,
  p: Palette,
  f: SocialFrame,
  bottom: number,
  draw: (box: Box) => void,
): void {
  draw({ x: 0, y: 0, w: f.w, h: bottom });
  b.rect({ x: 0, y: bottom - 8, w: f.w, h: 8 }, p.accent);
  b.logo(c.logo, { x: 48, y: f.safeTop + 48, w: 320, h: 120 });
}

/** A thin rule and one muted line at the foot of a paper slide, the logo at its right; returns the rule's row. */
export function socialFooter(
  b: SlideBuilder,
  c: SlideContent,
  p: Palette,
  f: SocialFrame,
  text: string,
  { x = f.m, logo = false }: { x?: number; logo?: boolean } = {},
): number {
  const w = f.w - f.m - x;
  const y = f.bottom - 100;
  b.rect({ x, y, w, h: 2 }, p.rule);
  const plate = logo ? b.logo(c.logo, { x: x + w - 280, y: y + 20, w: 280, h: 80 }, 'right') : undefined;
  b.text(
    'footer',
    text,
    { x, y: y + 42, w: (plate ? plate.x - 32 : x + w) - x, h: 40 },
    p.mutedInk,
    SOCIAL_TYPE.meta,
  );
  return y;
}
