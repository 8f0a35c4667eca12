// The part of opentype.js (2.x) this project uses. The DefinitelyTyped package is for 1.x and pulls the
// DOM library into every file of the program, so it is not used.
declare module 'opentype.js' {
  export type PathCommand =
    | { readonly type: 'M' | 'L'; readonly x: number; readonly y: number }
    | { readonly type: 'Q'; readonly x1: number; readonly y1: number; readonly x: number; readonly y: number }
    | {
        readonly type: 'C';
        readonly x1: number;
        readonly y1: number;
        readonly x2: number;
        readonly y2: number;
        readonly x: number;
        readonly y: number;
      }
    | { readonly type: 'Z' };
  export interface PathData {
    readonly commands: readonly PathCommand[];
  }
  /** A glyph's own outline: font units, y up (getPath scales it and turns y down). */
  export interface GlyphPath extends PathData {
    readonly unitsPerEm?: number;
    readonly stroke: string | null;
    readonly strokeWidth: number;
  }
  export interface Glyph {
    /** The glyph's index in the font (kerning pairs are pairs of indexes). */
    readonly index: number;
    readonly advanceWidth?: number;
    readonly path: GlyphPath;
    getPath(x: number, y: number, fontSize: number): PathData;
  }
  export interface Font {
    readonly unitsPerEm: number;
    readonly ascender: number;
    readonly descender: number;
    readonly tables: Record<string, unknown>;
    charToGlyph(char: string): Glyph;
    charToGlyphIndex(char: string): number;
    getKerningValue(left: Glyph, right: Glyph): number;
  }
  export function parse(buffer: ArrayBuffer): Font;
}
