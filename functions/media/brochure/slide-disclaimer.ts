// The small print at the foot of a slide: the brand's disclaimer, drawn last, into the widest stretch of
// the foot the slide's own elements leave free. The layout is measured, not guessed: every text line,
// logo, marker and partial shape drawn so far is an obstacle (with a gap around it), the backgrounds
// under the foot (a brand panel, a photo) split it where they meet, and the disclaimer is fitted at the
// largest small-print size at which it fits in at most three lines; a disclaimer too long for that is cut
// at a word with an ellipsis and reported in `text_truncated`, never drawn over anything. On a photo or a
// map the words sit on a plate of the brand colour, so they read on any picture.
import type { Box, SceneElement } from '../remotion/brochure-scene.ts';
import { textColourOn } from './colour.ts';
import { mutedText, type SlideBuilder } from './slide-builder.ts';
import type { Palette } from './slide-layouts-common.ts';
import { type FitOptions, type FittedText, fitText } from './text-fit.ts';

/** Where the small print may go: between `left` and `right`, ending on row `bottom`. */
export interface SmallPrintFrame {
  readonly left: number;
  readonly right: number;
  readonly bottom: number;
  /** Space kept to every other element, and in from where two backgrounds meet. */
  readonly gap: number;
  readonly inset: number;
  readonly type: FitOptions & { readonly maxLines: number };
}

/** The landscape slide's small print: 18 px down to 14 px (about 7 pt on the A4 sheet), 32 px above the edge. */
export const LANDSCAPE_SMALL_PRINT = {
  type: { weight: 'regular', maxSize: 18, minSize: 14, lineHeight: 1.3, maxLines: 3 },
  inset: 48,
  gap: 16,
  edge: 32,
} as const;

/** The social shapes' small print: the shapes' smallest type (a phone shows them at a third of their size). */
export const SOCIAL_SMALL_PRINT = {
  type: { weight: 'regular', maxSize: 26, minSize: 24, lineHeight: 1.3, maxLines: 3 },
  inset: 36,
  gap: 20,
} as const;

/** The padding of the plate under small print set on a picture. */
const PLATE_PAD = 8;

interface Interval {
  readonly x0: number;
  readonly x1: number;
}

/** The boxes an element takes up (a text block: each of its lines' ink). */
function occupied(e: SceneElement, fonts: SlideBuilder['fonts']): Box[] {
  if (e.kind === 'path') return [e.bounds];
  if (e.kind !== 'text') return [e];
  const font = fonts[e.weight];
  return e.lines.map((l) => ({
    x: l.x,
    y: l.baseline - font.ascender * e.size,
    w: l.width,
    h: (font.ascender - font.descender) * e.size,
  }));
}

/** The free stretches of [left, right] in the rows top..bottom. */
function freeIntervals(b: SlideBuilder, f: SmallPrintFrame, top: number, bottom: number): Interval[] {
  const blocked: Interval[] = [];
  for (const e of b.elements) {
    // A rect or picture the whole band lies on is a background: the band may sit on it, but not across its edge.
    if ((e.kind === 'rect' || e.kind === 'image') && e.y <= top - f.gap && e.y + e.h >= bottom) {
      for (const edge of [e.x, e.x + e.w])
        if (edge > f.left && edge < f.right) blocked.push({ x0: edge - f.inset, x1: edge + f.inset });
      continue;
    }
    for (const box of occupied(e, b.fonts)) {
      if (box.y >= bottom + f.gap || box.y + box.h <= top - f.gap) continue;
      blocked.push({ x0: box.x - f.gap, x1: box.x + box.w + f.gap });
    }
  }
  blocked.sort((a, c) => a.x0 - c.x0);
  const free: Interval[] = [];
  let x = f.left;
  for (const { x0, x1 } of blocked) {
    if (x0 > x) free.push({ x0: x, x1: Math.min(x0, f.right) });
    x = Math.max(x, x1);
    if (x >= f.right) break;
  }
  if (x < f.right) free.push({ x0: x, x1: f.right });
  return free.filter((i) => i.x1 > i.x0);
}

/** The text block's left edge moved onto the left edge of the text set just above it, when that is near. */
function aligned(b: SlideBuilder, { x0, x1 }: Interval, top: number): Interval {
  let best: { x: number; y: number } | undefined;
  for (const e of b.elements) {
    if (e.kind !== 'text' || e.x < x0 || e.x > x0 + 160 || e.y > top) continue;
    if (!best || e.y > best.y) best = { x: e.x, y: e.y };
  }
  return best ? { x0: best.x, x1 } : { x0, x1 };
}

/** The last background drawn under the whole box: a flat colour, or undefined for a picture. */
function backgroundUnder(b: SlideBuilder, box: Box): string | undefined {
  for (let i = b.elements.length - 1; i >= 0; i -= 1) {
    const e = b.elements[i]!;
    if (e.kind !== 'rect' && e.kind !== 'image') continue;
    const contains = e.x <= box.x && e.y <= box.y && e.x + e.w >= box.x + box.w && e.y + e.h >= box.y + box.h;
    if (!contains) continue;
    // A photo's stand-in is where a photo goes: the small print keeps to the brand's own surfaces.
    if (b.placeholders.has(e)) return undefined;
    return e.kind === 'rect' && (e.opacity ?? 1) === 1 && !e.radius ? e.fill : undefined;
  }
  return b.background;
}

/**
 * Draws `text` as the slide's small print (role `disclaimer`) in the frame's foot, or reports it
 * truncated when there is no room for one line (no layout leaves none; the layout tests check it).
 */
export function drawDisclaimer(b: SlideBuilder, text: string, p: Palette, f: SmallPrintFrame): void {
  const font = b.fonts[f.type.weight];
  const extent = font.ascender - font.descender;
  const lh = f.type.lineHeight ?? 1.25;
  const attempt = (size: number, lines: number, final: boolean, onPicture: boolean) => {
    const h = Math.ceil((lines - 1) * size * lh + extent * size);
    const top = f.bottom - h;
    // The widest stretch on a flat colour; on a picture (on a plate) only where the foot has no other.
    // A stretch narrower than a third of the foot would set the small print as a narrow column.
    const minWidth = (f.right - f.left) / 3;
    const ranked = freeIntervals(b, f, top, f.bottom)
      .filter((i) => i.x1 - i.x0 >= minWidth)
      .map((i) => ({ i, flat: backgroundUnder(b, { x: i.x0, y: top, w: i.x1 - i.x0, h }) !== undefined }))
      .filter((r) => onPicture || r.flat)
      .sort((a, c) => Number(c.flat) - Number(a.flat) || c.i.x1 - c.i.x0 - (a.i.x1 - a.i.x0));
    const best = ranked[0];
    if (!best) return undefined;
    // On a picture the plate, not the words, lines up with the frame's edge.
    const { x0, x1 } = best.flat
      ? aligned(b, best.i, top)
      : { x0: best.i.x0 + PLATE_PAD, x1: best.i.x1 - PLATE_PAD };
    const box = { x: x0, y: top, w: x1 - x0, h };
    const options = { ...f.type, maxSize: size, minSize: size, maxLines: lines };
    const fitted = fitText(text, box, options, b.fonts);
    return fitted.truncated && !final ? undefined : { box, options, fitted };
  };
  let placed: { box: Box; options: FitOptions; fitted: FittedText } | undefined;
  for (const onPicture of [false, true])
    for (let size = f.type.maxSize; size >= f.type.minSize && !placed; size -= 1)
      for (let lines = 1; lines <= f.type.maxLines && !placed; lines += 1)
        placed = attempt(size, lines, false, onPicture);
  // Too long for the foot: cut at the smallest size, in as many lines as there is room for.
  for (const onPicture of [false, true])
    for (let lines = f.type.maxLines; lines >= 1 && !placed; lines -= 1)
      placed = attempt(f.type.minSize, lines, true, onPicture);
  if (!placed) {
    if (!b.truncated.includes('disclaimer')) b.truncated.push('disclaimer');
    return;
  }
  const { box, options, fitted } = placed;
  const ink = {
    x: box.x,
    y: box.y,
    w: Math.max(...fitted.lines.map((l) => l.x + l.width)) - box.x,
    h: fitted.usedHeight,
  };
  let on = backgroundUnder(b, ink);
  if (!on) {
    // On a picture: a plate of the brand colour under the words.
    on = p.primary;
    b.rect(
      { x: ink.x - PLATE_PAD, y: ink.y - PLATE_PAD, w: ink.w + 2 * PLATE_PAD, h: ink.h + 2 * PLATE_PAD },
      on,
      { radius: PLATE_PAD },
    );
  }
  b.text('disclaimer', text, box, mutedText(textColourOn(on), on, 0.2), options);
}
