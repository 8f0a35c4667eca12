// The shot types' looks: light, sky, haze and a final colour grade. Each is a documented, visibly
// different treatment of the same scene (docs/readme/drone.md shows them side by side).
import type { ShotType } from '../camera/presets.ts';

export interface Grade {
  /** Sky colour straight up, at the horizon, and the ground haze colour. */
  readonly skyTop: string;
  readonly skyHorizon: string;
  readonly haze: string;
  /** Fog (linear): starts and is full at these multiples of the camera's distance to the property. */
  readonly hazeFrom: number;
  readonly hazeTo: number;
  readonly sunColor: string;
  readonly sunIntensity: number;
  /** Sun direction: compass azimuth and elevation in degrees. */
  readonly sunAzimuthDeg: number;
  readonly sunElevationDeg: number;
  readonly skyLight: string;
  readonly groundLight: string;
  readonly ambientIntensity: number;
  /** Multiplies the ground image (the nadir render is already lit by a late-morning sun). */
  readonly groundTint: string;
  /** Glow of the windows; black for daylight. */
  readonly windowColor: string;
  /** CSS filter applied to the finished frame, and the strength of the vignette (0-1). */
  readonly filter: string;
  readonly vignette: number;
}

// Daylight grades light the 3D buildings from the nadir render's sun (NNW, 55° up), so the shadows
// baked into the ground fall where the buildings' own shading says they should.
export const GRADES: Record<ShotType, Grade> = {
  establishing: {
    skyTop: '#6f9fd8',
    skyHorizon: '#d5e3ef',
    haze: '#c9d6e0',
    hazeFrom: 1.4,
    hazeTo: 9,
    sunColor: '#fffaf0',
    sunIntensity: 2.1,
    sunAzimuthDeg: 325,
    sunElevationDeg: 55,
    skyLight: '#dfe9f5',
    groundLight: '#6d7a55',
    ambientIntensity: 1.05,
    groundTint: '#ffffff',
    windowColor: '#000000',
    filter: 'contrast(1.04) saturate(0.96)',
    vignette: 0,
  },
  hero: {
    skyTop: '#4f86cf',
    skyHorizon: '#e6e4dc',
    haze: '#d8d8d0',
    hazeFrom: 1.6,
    hazeTo: 10,
    sunColor: '#ffe9c4',
    sunIntensity: 2.5,
    sunAzimuthDeg: 325,
    sunElevationDeg: 50,
    skyLight: '#e6eefa',
    groundLight: '#7d7450',
    ambientIntensity: 0.95,
    groundTint: '#fff6e8',
    windowColor: '#000000',
    filter: 'contrast(1.12) saturate(1.22) brightness(1.03)',
    vignette: 0.35,
  },
  twilight: {
    skyTop: '#1b2650',
    skyHorizon: '#f08a4b',
    haze: '#7b6172',
    hazeFrom: 1.2,
    hazeTo: 7,
    sunColor: '#ff9a5c',
    sunIntensity: 0.9,
    sunAzimuthDeg: 290,
    sunElevationDeg: 6,
    skyLight: '#6a78b8',
    groundLight: '#2a2230',
    ambientIntensity: 0.55,
    groundTint: '#5a5f86',
    windowColor: '#ffb45e',
    filter: 'contrast(1.08) saturate(1.1)',
    vignette: 0.5,
  },
};
