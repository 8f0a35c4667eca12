// The offline nadir's look: the sun (late morning in the north-north-west, as in Australia), how a sloped
// surface is shaded by it, where shadows fall, and the colours of lawns, paving, canopies and cars.
import type { Point } from '../../../domain/geo-types.ts';

const SUN_AZIMUTH_DEG = 325;
const SUN_ELEVATION_DEG = 55;
export const DEG = Math.PI / 180;
export const SUN: readonly [number, number, number] = [
  Math.sin(SUN_AZIMUTH_DEG * DEG) * Math.cos(SUN_ELEVATION_DEG * DEG),
  Math.cos(SUN_AZIMUTH_DEG * DEG) * Math.cos(SUN_ELEVATION_DEG * DEG),
  Math.sin(SUN_ELEVATION_DEG * DEG),
];
/** Ground offset of a shadow per metre of height (points away from the sun). */
export const SHADOW_PER_M: Point = {
  x: -Math.sin(SUN_AZIMUTH_DEG * DEG) / Math.tan(SUN_ELEVATION_DEG * DEG),
  y: -Math.cos(SUN_AZIMUTH_DEG * DEG) / Math.tan(SUN_ELEVATION_DEG * DEG),
};

/** Brightness of a surface whose downhill direction is `downhill` (unit, ground) at `pitchDeg`, 1 = flat. */
export function shade(downhill: Point, pitchDeg: number): number {
  const s = Math.sin(pitchDeg * DEG);
  const n = [downhill.x * s, downhill.y * s, Math.cos(pitchDeg * DEG)] as const;
  const lambert = Math.max(0, n[0] * SUN[0] + n[1] * SUN[1] + n[2] * SUN[2]);
  return (0.38 + 0.62 * lambert) / (0.38 + 0.62 * SUN[2]);
}

export const LAWNS = ['#6f8a45', '#79904a', '#688843', '#839552', '#8e9757', '#62853f', '#75884a'];
export const MULCH = ['#6e5a45', '#7a6852', '#54483a', '#8a7a62'];
export const DRIVEWAY = ['#cbc6bb', '#c2bdb2', '#b7ae9f', '#a59585', '#8e8b86', '#d3cfc6'];
export const CANOPIES: readonly (readonly [string, string, string])[] = [
  ['#8f9c6b', '#66734a', '#3d482d'],
  ['#73914c', '#4b6a32', '#2b4120'],
  ['#9ba26c', '#707648', '#454a2c'],
  ['#86a75a', '#5b7d3a', '#334d21'],
  ['#5f7f4c', '#3c5833', '#22351e'],
];
export const CARS = ['#e9e9e6', '#e4e4e0', '#b9bcbf', '#8d9194', '#1f2226', '#26344d', '#8a2424', '#f0efe9'];
export const ASPHALT = '#595c5f';
export const FOOTPATH = '#c9c4b9';
export const VERGE = '#7d9450';
export const KERB = '#bcb9b1';
export const MARKING = '#ecebe4';

export function parseHex(hex: string): [number, number, number] {
  const m = /^#?([0-9a-f]{6})$/i.exec(hex.trim());
  const v = m ? Number.parseInt(m[1]!, 16) : 0x808080;
  return [(v >> 16) & 255, (v >> 8) & 255, v & 255];
}

export function scaleColor(hex: string, factor: number): string {
  const [r, g, b] = parseHex(hex);
  const c = (v: number) =>
    Math.max(0, Math.min(255, Math.round(v * factor)))
      .toString(16)
      .padStart(2, '0');
  return `#${c(r)}${c(g)}${c(b)}`;
}
