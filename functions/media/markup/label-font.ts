// The one typeface annotations are drawn in (DejaVu Sans Bold, shipped as an npm package), laid out as
// SVG path outlines: the image looks the same on a laptop and in Lambda, which has no system fonts for
// librsvg to find. Glyphs are placed one by one with the font's kerning; opentype.js's own shaper is not
// used (it rejects some of DejaVu's substitution tables, and labels need no complex shaping).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as opentype from 'opentype.js';
import { LABEL_FONT_PACKAGE_FILE } from './font-files.ts';

export const LABEL_FONT_FILE_NAME = 'DejaVuSans-Bold.ttf';

export interface LabelFont {
  /** Height of capitals above the baseline, per unit of font size. */
  readonly capHeight: number;
  readonly ascender: number;
  readonly descender: number;
  /** Width of `text` at `size` pixels per em. */
  advance(text: string, size: number): number;
  /** SVG path data of `text` with its baseline starting at (x, y). */
  path(text: string, x: number, y: number, size: number): string;
  /** Whether the font has a glyph for this character. */
  covers(char: string): boolean;
}

// Node loads the package's CommonJS build (everything under `default`); bundlers take its ES module
// build (named exports only). Either way `parse` is found.
const parse: typeof opentype.parse =
  (opentype as { parse?: typeof opentype.parse }).parse ??
  (opentype as unknown as { default: typeof opentype }).default.parse;

type OpenTypeFont = ReturnType<typeof parse>;
type Glyph = ReturnType<OpenTypeFont['charToGlyph']>;

/** The font file of the npm package (in Lambda, a copy beside the bundle: the labelFont capability). */
export function packagedLabelFontPath(): string {
  return createRequire(import.meta.url).resolve(LABEL_FONT_PACKAGE_FILE);
}

export function labelFontFrom(data: ArrayBuffer): LabelFont {
  const font = parse(data);
  const unitsPerEm = font.unitsPerEm;
  const glyphs = new Map<string, Glyph>();
  const glyphOf = (ch: string): Glyph => {
    let glyph = glyphs.get(ch);
    if (!glyph) {
      glyph = font.charToGlyph(ch);
      glyphs.set(ch, glyph);
    }
    return glyph;
  };
  // opentype.js looks a pair's kerning up in the font's tables on every call, the largest part of laying
  // text out; the fitting of a slide's text measures the same pairs thousands of times.
  const kerning = new Map<number, number>();
  const kern = (left: Glyph, right: Glyph): number => {
    const pair = left.index * 0x10000 + right.index;
    let value = kerning.get(pair);
    if (value === undefined) {
      value = font.getKerningValue(left, right);
      kerning.set(pair, value);
    }
    return value;
  };
  /** Glyph placement in font units (whole numbers: advances and kerning are), each glyph's x to `visit`. */
  const layout = (text: string, visit?: (glyph: Glyph, x: number) => void): number => {
    let x = 0;
    let previous: Glyph | undefined;
    for (const ch of text) {
      const glyph = glyphOf(ch);
      if (previous) x += kern(previous, glyph);
      visit?.(glyph, x);
      x += glyph.advanceWidth ?? 0;
      previous = glyph;
    }
    return x;
  };
  // Widths in font units by text: text fitting measures the same words and lines at size after size.
  // Bounded: a long-running process (a warm Lambda, the local stack) lays out ever new text.
  const widths = new Map<string, number>();
  const width = (text: string): number => {
    let units = widths.get(text);
    if (units === undefined) {
      if (widths.size >= 20_000) widths.clear();
      units = layout(text);
      widths.set(text, units);
    }
    return units;
  };
  const os2 = (font.tables as { os2?: { sCapHeight?: number } }).os2;
  return {
    capHeight: (os2?.sCapHeight ?? 0.72 * unitsPerEm) / unitsPerEm,
    ascender: font.ascender / unitsPerEm,
    descender: font.descender / unitsPerEm,
    advance: (text, size) => (width(text) * size) / unitsPerEm,
    path(text, x, y, size) {
      const scale = size / unitsPerEm;
      let d = '';
      layout(text, (glyph, gx) => {
        d += glyphPathData(glyph, x + gx * scale, y, size);
      });
      return d;
    },
    covers: (ch) => font.charToGlyphIndex(ch) > 0,
  };
}

// opentype.js's own toPathData() can glue numbers together when it trims zeros ("Q4.6 140 18.2" for
// "14.0 18.2"), so path data is written here; and without its getPath(), which builds a path object per
// glyph: writing outlines is most of the time a brochure slide's layout takes. Coordinates are those
// getPath(x, y, size) gives (its scale, its y axis pointing down), to a tenth of a pixel.
function glyphPathData(glyph: Glyph, x: number, y: number, size: number): string {
  const scale = (1 / (glyph.path.unitsPerEm || 1e3)) * size;
  const px = (v: number) => n1(x + v * scale);
  const py = (v: number) => n1(y + -v * scale);
  const stroked = Boolean(glyph.path.stroke && glyph.path.strokeWidth);
  let d = '';
  for (const c of glyph.path.commands) {
    switch (c.type) {
      case 'M':
      case 'L':
        d += `${c.type}${px(c.x)} ${py(c.y)}`;
        break;
      case 'Q':
        d += `Q${px(c.x1)} ${py(c.y1)} ${px(c.x)} ${py(c.y)}`;
        break;
      case 'C':
        d += `C${px(c.x1)} ${py(c.y1)} ${px(c.x2)} ${py(c.y2)} ${px(c.x)} ${py(c.y)}`;
        break;
      case 'Z':
        // getPath() closes a glyph's contours only when the glyph is stroked (none of DejaVu's are):
        // filled, an open contour closes itself.
        if (stroked) d += 'Z';
        break;
    }
  }
  return d;
}

/**
 * A number to a tenth, as `(Math.round(v * 10) / 10).toString()` writes it, from whole numbers: writing
 * a fraction's shortest decimal form is the slow part of outlines.
 */
function n1(v: number): string {
  const tenths = Math.round(v * 10);
  const magnitude = Math.abs(tenths);
  if (!(magnitude < 1e15)) return (tenths / 10).toString(); // beyond exact whole numbers (and NaN)
  const whole = Math.floor(magnitude / 10);
  const tenth = magnitude - whole * 10;
  return `${tenths < 0 ? '-' : ''}${whole}${tenth === 0 ? '' : `.${tenth}`}`;
}

const loaded = new Map<string, LabelFont>();

/** The annotation font from `file` (default: the npm package's), read once. */
export function labelFont(file: string = packagedLabelFontPath()): LabelFont {
  let font = loaded.get(file);
  if (!font) {
    const data = readFileSync(file);
    font = labelFontFrom(
      data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength) as ArrayBuffer,
    );
    loaded.set(file, font);
  }
  return font;
}
