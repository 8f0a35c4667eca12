// Fits text into a box with the DejaVu metrics the slide is drawn with: the largest size within the
// bounds at which the words wrap into the box; at the smallest size, the lines that fit, the last one
// ending in an ellipsis at a word boundary. Text never overflows and no word is ever cut. The glyph
// outlines come from the same font file, so what was measured is exactly what is drawn.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as path from 'node:path';
import { type LabelFont, labelFontFrom } from '../markup/label-font.ts';

type FontWeight = 'regular' | 'bold';

const FONT_FILES: Record<FontWeight, string> = { regular: 'DejaVuSans.ttf', bold: 'DejaVuSans-Bold.ttf' };

/** The font families slides are set in (a brand kit's fonts are one of these). */
export const SLIDE_FONT_FAMILIES = ['DejaVu Sans'] as const;

/** The two faces slides are set in. */
export interface SlideFonts {
  readonly regular: LabelFont;
  readonly bold: LabelFont;
}

let packagedDir: string | undefined;

/**
 * The dejavu-fonts-ttf package's directory (in Lambda, copies beside the bundle: the slideFonts capability).
 * Resolved once: resolving stats the file system, and a slide's layout asks for its fonts per text block.
 */
function packagedSlideFontDir(): string {
  packagedDir ??= path.dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'));
  return packagedDir;
}

const loaded = new Map<string, SlideFonts>();

/** Both faces from `dir` (default: the npm package's), read once. */
export function slideFonts(dir: string = packagedSlideFontDir()): SlideFonts {
  let fonts = loaded.get(dir);
  if (!fonts) {
    const face = (weight: FontWeight) => {
      const file = readFileSync(path.join(dir, FONT_FILES[weight]));
      return labelFontFrom(
        file.buffer.slice(file.byteOffset, file.byteOffset + file.byteLength) as ArrayBuffer,
      );
    };
    fonts = { regular: face('regular'), bold: face('bold') };
    loaded.set(dir, fonts);
  }
  return fonts;
}

/** One face of the packaged fonts (tests, scripts). */
export function slideFont(weight: FontWeight): LabelFont {
  return slideFonts()[weight];
}

export interface FitOptions {
  readonly weight: FontWeight;
  readonly maxSize: number;
  readonly minSize: number;
  /** Line advance as a multiple of the size. */
  readonly lineHeight?: number;
  readonly maxLines?: number;
  readonly align?: 'left' | 'center' | 'right';
  /** Letters upper-cased before measuring (overlines). */
  readonly uppercase?: boolean;
}

interface FittedLine {
  readonly text: string;
  /** Left edge of the line's advance box. */
  readonly x: number;
  readonly baseline: number;
  readonly width: number;
}

export interface FittedText {
  readonly text: string;
  readonly size: number;
  readonly lines: readonly FittedLine[];
  readonly truncated: boolean;
  /** Height actually used from the top of the box. */
  readonly usedHeight: number;
  /** Glyph outlines, SVG path data. */
  readonly d: string;
}

const ELLIPSIS = '\u2026';
const SIZE_STEP = 0.94;

/** Greedy word wrap; undefined when a single word is wider than the line. */
function wrap(font: LabelFont, words: readonly string[], size: number, width: number): string[] | undefined {
  const lines: string[] = [];
  let current = '';
  for (const word of words) {
    if (word === '\n') {
      lines.push(current);
      current = '';
      continue;
    }
    const candidate = current === '' ? word : `${current} ${word}`;
    if (font.advance(candidate, size) <= width) current = candidate;
    else {
      if (font.advance(word, size) > width) return undefined;
      if (current !== '') lines.push(current);
      current = word;
    }
  }
  if (current !== '') lines.push(current);
  return lines;
}

/** A unit that belongs on the same line as the number before it ("612 m²", "6.6 kW", "3 min"). */
const UNIT = /^(?:m²|m2|m³|m|km|cm|mm|kw|kwh|ha|sqm|sq|l|ml|min|mins|hrs?|%)[.,;:)]?$/i;

function tokens(text: string): string[] {
  // Paragraph breaks are kept as forced line breaks; other whitespace is one space. A number and
  // its unit travel together (a token may hold a space; wrapping never splits a token).
  return text
    .trim()
    .split(/\n\s*\n|\r?\n/)
    .flatMap((para, i) => {
      const words = para.split(/\s+/).filter(Boolean);
      const joined: string[] = [];
      for (const word of words) {
        const previous = joined.at(-1);
        if (previous !== undefined && /^\$?\d[\d.,]*$/.test(previous) && UNIT.test(word))
          joined[joined.length - 1] = `${previous} ${word}`;
        else joined.push(word);
      }
      return [...(i > 0 ? ['\n'] : []), ...joined];
    });
}

export function fitText(
  raw: string,
  box: { x: number; y: number; w: number; h: number },
  o: FitOptions,
  fonts: SlideFonts = slideFonts(),
): FittedText {
  const font = fonts[o.weight];
  const text = o.uppercase ? raw.toUpperCase() : raw;
  const words = tokens(text);
  const lh = o.lineHeight ?? 1.25;
  // n lines take (n - 1) line advances plus one ascender-to-descender height.
  const extent = font.ascender - font.descender;
  const linesAt = (size: number) =>
    Math.min(
      o.maxLines ?? Number.POSITIVE_INFINITY,
      Math.floor((box.h - extent * size) / (size * lh) + 1e-9) + 1,
    );

  let size = o.maxSize;
  for (;;) {
    const lines = wrap(font, words, size, box.w);
    if (lines && lines.length <= linesAt(size))
      return layoutLines(font, text, lines, size, box, o, lh, false);
    const next = Math.max(o.minSize, Math.floor(size * SIZE_STEP));
    if (size === o.minSize) break;
    size = next;
  }
  // Smallest size: as many lines as fit, the last ending with an ellipsis at a word boundary.
  size = o.minSize;
  const capacity = Math.max(1, linesAt(size));
  const lines: string[] = [];
  let current = '';
  let i = 0;
  for (; i < words.length; i += 1) {
    const word = words[i]!;
    if (word === '\n') {
      if (lines.length + 1 >= capacity) break;
      lines.push(current);
      current = '';
      continue;
    }
    const candidate = current === '' ? word : `${current} ${word}`;
    if (font.advance(candidate, size) <= box.w) {
      current = candidate;
      continue;
    }
    if (lines.length + 1 >= capacity || font.advance(word, size) > box.w) break;
    lines.push(current);
    current = word;
  }
  // Make room for the ellipsis on the last line by dropping whole words.
  let last = current;
  const parts = last.split(' ').filter(Boolean);
  while (parts.length > 0 && font.advance(`${parts.join(' ')}${ELLIPSIS}`, size) > box.w) parts.pop();
  last = parts.length > 0 ? `${parts.join(' ').replace(/[,;:.\-–—]+$/, '')}${ELLIPSIS}` : ELLIPSIS;
  lines.push(last);
  return layoutLines(font, text, lines, size, box, o, lh, true);
}

function layoutLines(
  font: LabelFont,
  text: string,
  lines: readonly string[],
  size: number,
  box: { x: number; y: number; w: number; h: number },
  o: FitOptions,
  lh: number,
  truncated: boolean,
): FittedText {
  // The first baseline sits one ascender below the top; later lines one line advance apart. The
  // ascender (not the cap height) keeps accents inside the box.
  const first = box.y + font.ascender * size;
  const fitted = lines.map((line, i) => {
    const width = font.advance(line, size);
    const x =
      o.align === 'center'
        ? box.x + (box.w - width) / 2
        : o.align === 'right'
          ? box.x + box.w - width
          : box.x;
    const baseline = first + i * size * lh;
    return { text: line, x, baseline, width };
  });
  const usedHeight =
    lines.length === 0 ? 0 : (lines.length - 1) * size * lh + (font.ascender - font.descender) * size;
  // The outlines only when asked for: a layout fits most texts only to measure them (how many lines,
  // which size), and writing glyph outlines is most of the cost of a fit.
  let d: string | undefined;
  return {
    text,
    size,
    lines: fitted,
    truncated,
    usedHeight,
    get d() {
      d ??= fitted.map((line) => font.path(line.text, line.x, line.baseline, size)).join('');
      return d;
    },
  };
}
