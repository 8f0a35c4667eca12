// What the phases of the room analysis share: the photo at analysis size, colour distance and a median.
import sharp from 'sharp';

export interface ImageRect {
  readonly x0: number;
  readonly y0: number;
  readonly x1: number;
  readonly y1: number;
}

export interface Opening {
  readonly kind: 'window' | 'door' | 'opening';
  /** In image pixels, padded a little so furniture keeps a margin. */
  readonly rect: ImageRect;
}

/** The photo at analysis size: a blurred RGB copy and an unblurred greyscale one, both w × h. */
export interface AnalysisCopies {
  readonly data: Buffer;
  readonly grey: Buffer;
  readonly w: number;
  readonly h: number;
}

const ANALYSIS_WIDTH = 240;

/** Both copies of a W × H photo; board joints, grout and carpet pile wash out at this scale. */
export async function analysisCopies(image: Buffer, W: number, H: number): Promise<AnalysisCopies> {
  const w = ANALYSIS_WIDTH;
  const h = Math.max(8, Math.round((w * H) / W));
  const { data } = await sharp(image)
    .rotate()
    .removeAlpha()
    .resize(w, h, { fit: 'fill' })
    .blur(1.6)
    .raw()
    .toBuffer({ resolveWithObject: true });
  // Skirting boards and wall bases show as a sharp horizontal edge in the less blurred copy; floor
  // texture (joints, grout) is far fainter there.
  const grey = await sharp(image)
    .rotate()
    .removeAlpha()
    .resize(w, h, { fit: 'fill' })
    .greyscale()
    .raw()
    .toBuffer();
  return { data, grey, w, h };
}

/** Strength of a horizontal edge (a change down the column) at a pixel of the greyscale copy. */
export type EdgeAt = (x: number, y: number) => number;

export function horizontalEdges({ grey, w, h }: AnalysisCopies): EdgeAt {
  return (x, y) => (y <= 0 || y >= h - 1 ? 0 : Math.abs(grey[(y + 1) * w + x]! - grey[(y - 1) * w + x]!));
}

export interface Lab {
  readonly l: number;
  readonly a: number;
  readonly b: number;
}

// Brightness counts less than hue: daylight pools and shading change the first, walls the second.
export function toLab(r: number, g: number, b: number): Lab {
  const l = (r + g + b) / 3;
  return { l: l * 0.6, a: r - l, b: b - l };
}

export const dist = (p: Lab, q: Lab) => Math.hypot(p.l - q.l, p.a - q.a, p.b - q.b);

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

export interface OpeningInputs {
  /** The blurred analysis copy (RGB) and the unblurred greyscale one, both w × h. */
  readonly data: Buffer;
  readonly grey: Buffer;
  readonly w: number;
  readonly h: number;
  /** Floor line per analysis column (the walls' line, never above it). */
  readonly floorTop: Float64Array;
  /** 1 where floorTop is a wall's floor line (the back wall's, or a side wall's that agrees with the perspective). */
  readonly lined: Uint8Array;
  readonly scale: number;
  /** Where the floor colour climbed above the walls' floor line: things standing on the floor. */
  readonly leaks: readonly ImageRect[];
  /** Horizon row (analysis pixels). */
  readonly vy: number;
}
