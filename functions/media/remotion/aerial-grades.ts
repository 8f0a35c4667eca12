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
  /** The finishing grade, applied in every material's fragment shader (no extra pass over the frame). */
  readonly saturation: number;
  readonly contrast: number;
  readonly brightness: number;
  /** Darkening of the frame's corners, 0-1. */
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
    saturation: 0.96,
    contrast: 1.04,
    brightness: 1,
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
    saturation: 1.15,
    contrast: 1.1,
    brightness: 1.03,
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
    saturation: 1.1,
    contrast: 1.08,
    brightness: 1,
    vignette: 0.5,
  },
};

/**
 * GLSL that applies a grade to gl_FragColor (display sRGB, after three's colour-space conversion):
 * saturation and contrast around mid grey, brightness, and a vignette from the fragment's place in the
 * frame. Baked into the shaders because a CSS filter over a 4K WebGL canvas costs a software pass.
 */
export function gradeGlsl(grade: Grade, width: number, height: number): string {
  const f = (n: number) => n.toFixed(4);
  return `{
    vec3 gc = gl_FragColor.rgb;
    float gLum = dot(gc, vec3(0.2126, 0.7152, 0.0722));
    gc = mix(vec3(gLum), gc, ${f(grade.saturation)});
    gc = (gc - 0.5) * ${f(grade.contrast)} + 0.5;
    vec2 gq = gl_FragCoord.xy / vec2(${f(width)}, ${f(height)}) * 2.0 - 1.0;
    float gv = 1.0 - ${f(grade.vignette)} * smoothstep(0.55, 1.5, length(gq));
    gl_FragColor.rgb = clamp(gc * ${f(grade.brightness)} * gv, 0.0, 1.0);
  }`;
}
