// The aerial scene's lighting and colour pipeline, done once per render instead of once per pixel per
// frame. Software WebGL (SwiftShader) pays for every fragment-shader instruction on the CPU, and the scene
// is static apart from the camera, so:
// - the ground image is pre-multiplied by the grade's tint, tone-mapped (three's ACES filmic) and encoded
//   to display sRGB once, by GROUND_BAKE_FRAGMENT drawn into a texture (aerial-scene.tsx), and the ground
//   shader only samples it (no sRGB decode of every texel, no tone mapping, no encode per pixel);
// - houses and tree crowns get the sun and sky light baked into their vertex colours (three's Lambert
//   formula for a hemisphere and a directional light), so they draw with an unlit material.
// The formulas are three.js r187's own (tonemapping_pars_fragment, colorspace_pars_fragment,
// lights_lambert_pars_fragment), written out so the result matches the per-pixel path.
// No React and no three.js here: pure functions over numbers, unit-tested, and the bake's shader text,
// which writes out the same formulas (srgbToLinear, acesFilmic, linearToSrgb).

export type Rgb = readonly [number, number, number];
type Vec3 = readonly [number, number, number];

/** sRGB transfer (decode): display value 0-1 to linear. */
export function srgbToLinear(v: number): number {
  return v <= 0.04045 ? v * 0.0773993808 : ((v + 0.055) / 1.055) ** 2.4;
}

/** sRGB transfer (encode): linear 0-1 to display value. */
export function linearToSrgb(v: number): number {
  return v <= 0.0031308 ? v * 12.92 : 1.055 * v ** (1 / 2.4) - 0.055;
}

/** three's RRTAndODTFit. */
function rrtOdt(v: number): number {
  return (v * (v + 0.0245786) - 0.000090537) / (v * (0.983729 * v + 0.432951) + 0.238081);
}

function clamp01(v: number): number {
  return v < 0 ? 0 : v > 1 ? 1 : v;
}

/** three's ACESFilmicToneMapping (exposure 1), linear in, linear 0-1 out. */
export function acesFilmic(r: number, g: number, b: number, exposure = 1): Rgb {
  const k = exposure / 0.6;
  r *= k;
  g *= k;
  b *= k;
  const R = rrtOdt(0.59719 * r + 0.35458 * g + 0.04823 * b);
  const G = rrtOdt(0.076 * r + 0.90834 * g + 0.01566 * b);
  const B = rrtOdt(0.0284 * r + 0.13383 * g + 0.83777 * b);
  return [
    clamp01(1.60475 * R - 0.53108 * G - 0.07367 * B),
    clamp01(-0.10208 * R + 1.10813 * G - 0.00605 * B),
    clamp01(-0.00327 * R - 0.07276 * G + 1.07602 * B),
  ];
}

/**
 * The ground's bake as a fragment shader (GLSL 3, WebGL 2), drawn once per render into a texture of the
 * ground image's size: each texel of `map` (display sRGB bytes, uploaded as they are) decoded, multiplied
 * by `tint` (linear), tone-mapped with three's ACES filmic (exposure 1) and encoded back to display sRGB —
 * srgbToLinear, acesFilmic and linearToSrgb above, written out. On the GPU (in software: llvmpipe's
 * vectorised threads) this is much faster than the same loop in the page's JavaScript, which also had to
 * read the decoded image back (docs/benchmarks.md).
 */
export const GROUND_BAKE_FRAGMENT = /* glsl */ `
precision highp float;
uniform sampler2D map;
uniform vec3 tint;
out vec4 baked;
vec3 decode(vec3 v) {
  return mix(v * 0.0773993808, pow((v + 0.055) / 1.055, vec3(2.4)), step(vec3(0.04045), v));
}
vec3 encode(vec3 v) {
  return mix(v * 12.92, 1.055 * pow(v, vec3(1.0 / 2.4)) - 0.055, step(vec3(0.0031308), v));
}
vec3 rrtOdt(vec3 v) {
  return (v * (v + 0.0245786) - 0.000090537) / (v * (0.983729 * v + 0.432951) + 0.238081);
}
void main() {
  vec4 texel = texelFetch(map, ivec2(gl_FragCoord.xy), 0);
  vec3 c = decode(texel.rgb) * tint / 0.6;
  // three's ACESInputMat and ACESOutputMat (column-major, as in tonemapping_pars_fragment).
  const mat3 acesIn = mat3(0.59719, 0.07600, 0.02840, 0.35458, 0.90834, 0.13383, 0.04823, 0.01566, 0.83777);
  const mat3 acesOut = mat3(1.60475, -0.10208, -0.00327, -0.53108, 1.10813, -0.07276, -0.07367, -0.00605, 1.07602);
  c = clamp(acesOut * rrtOdt(acesIn * c), 0.0, 1.0);
  baked = vec4(encode(c), texel.a);
}
`;

export const GROUND_BAKE_VERTEX = /* glsl */ `
in vec3 position;
void main() {
  gl_Position = vec4(position.xy, 0.0, 1.0);
}
`;

/** The scene's lights in three's terms: colours are linear and already multiplied by intensity. */
export interface SceneLights {
  /** Hemisphere light: sky colour from straight up, ground colour from straight down. */
  readonly sky: Rgb;
  readonly ground: Rgb;
  /** Unit vector toward the sun, and its colour. */
  readonly sunDirection: Vec3;
  readonly sun: Rgb;
}

/**
 * The light a Lambert surface with this unit normal reflects per unit of diffuse colour, as three computes
 * it: (hemisphere irradiance + sun irradiance * max(n·l, 0)) / π. Multiply by a linear diffuse colour.
 */
export function lambertLight(normal: Vec3, lights: SceneLights): Rgb {
  const up = 0.5 * normal[2] + 0.5;
  const nl = Math.max(
    0,
    normal[0] * lights.sunDirection[0] +
      normal[1] * lights.sunDirection[1] +
      normal[2] * lights.sunDirection[2],
  );
  const channel = (i: 0 | 1 | 2) =>
    (lights.ground[i] + (lights.sky[i] - lights.ground[i]) * up + lights.sun[i] * nl) / Math.PI;
  return [channel(0), channel(1), channel(2)];
}

/**
 * Flat-shaded light for a non-indexed triangle list: every vertex of a triangle gets the light of the
 * triangle's face normal (counter-clockwise front faces), after an optional non-uniform scale of the
 * positions (tree crowns are squashed; a squashed sphere's faces tilt). Returns RGB per vertex.
 */
export function bakeFlatLight(
  positions: ArrayLike<number>,
  lights: SceneLights,
  scale: Vec3 = [1, 1, 1],
): Float32Array {
  const out = new Float32Array(positions.length);
  for (let t = 0; t + 9 <= positions.length; t += 9) {
    const p = (k: number) => positions[t + k]! * scale[k % 3]!;
    const ux = p(3) - p(0);
    const uy = p(4) - p(1);
    const uz = p(5) - p(2);
    const vx = p(6) - p(0);
    const vy = p(7) - p(1);
    const vz = p(8) - p(2);
    let nx = uy * vz - uz * vy;
    let ny = uz * vx - ux * vz;
    let nz = ux * vy - uy * vx;
    const len = Math.hypot(nx, ny, nz) || 1;
    nx /= len;
    ny /= len;
    nz /= len;
    const light = lambertLight([nx, ny, nz], lights);
    for (let v = 0; v < 3; v++) out.set(light, t + v * 3);
  }
  return out;
}
