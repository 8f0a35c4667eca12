// SVG path text shared by the compositor (Node) and the reveal composition (browser): no imports.
import type { Point } from '../../domain/geo-types.ts';

/** A coordinate rounded to a tenth of a pixel: enough for antialiasing, short in the markup. */
export const f1 = (v: number): string => (Math.round(v * 10) / 10).toString();

/** A closed polygon as path data. */
export function ringPath(points: readonly Point[]): string {
  return `M${points.map((p) => `${f1(p.x)} ${f1(p.y)}`).join('L')}Z`;
}
