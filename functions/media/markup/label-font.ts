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
  const layout = (text: string, size: number, visit?: (glyph: Glyph, x: number) => void): number => {
    const scale = size / unitsPerEm;
    let x = 0;
    let previous: Glyph | undefined;
    for (const ch of text) {
      const glyph = glyphOf(ch);
      if (previous) x += font.getKerningValue(previous, glyph) * scale;
      visit?.(glyph, x);
      x += (glyph.advanceWidth ?? 0) * scale;
      previous = glyph;
    }
    return x;
  };
  const os2 = (font.tables as { os2?: { sCapHeight?: number } }).os2;
  return {
    capHeight: (os2?.sCapHeight ?? 0.72 * unitsPerEm) / unitsPerEm,
    ascender: font.ascender / unitsPerEm,
    descender: font.descender / unitsPerEm,
    advance: (text, size) => layout(text, size),
    path(text, x, y, size) {
      const parts: string[] = [];
      layout(text, size, (glyph, gx) => {
        parts.push(pathData(glyph.getPath(x + gx, y, size).commands));
      });
      return parts.join('');
    },
    covers: (ch) => font.charToGlyphIndex(ch) > 0,
  };
}

// opentype.js's own toPathData() can glue numbers together when it trims zeros ("Q4.6 140 18.2" for
// "14.0 18.2"), so path data is written here.
const n1 = (v: number) => (Math.round(v * 10) / 10).toString();

function pathData(commands: readonly opentype.PathCommand[]): string {
  let d = '';
  for (const c of commands) {
    switch (c.type) {
      case 'M':
      case 'L':
        d += `${c.type}${n1(c.x)} ${n1(c.y)}`;
        break;
      case 'Q':
        d += `Q${n1(c.x1)} ${n1(c.y1)} ${n1(c.x)} ${n1(c.y)}`;
        break;
      case 'C':
        d += `C${n1(c.x1)} ${n1(c.y1)} ${n1(c.x2)} ${n1(c.y2)} ${n1(c.x)} ${n1(c.y)}`;
        break;
      case 'Z':
        d += 'Z';
        break;
    }
  }
  return d;
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
