// The aerial scene's lighting and colour pipeline, done once per render instead of once per pixel per
// frame. Software WebGL (SwiftShader) pays for every fragment-shader instruction on the CPU, and the scene
// is static apart from the camera, so:
// - the ground image is pre-multiplied by the grade's tint, tone-mapped (three's ACES filmic) and encoded
//   to display sRGB here, and the ground shader only samples it (no sRGB decode of every texel, no tone
//   mapping, no encode per pixel);
// - houses and tree crowns get the sun and sky light baked into their vertex colours (three's Lambert
//   formula for a hemisphere and a directional light), so they draw with an unlit material.
// The formulas are three.js r187's own (tonemapping_pars_fragment, colorspace_pars_fragment,
// lights_lambert_pars_fragment), written out so the result matches the per-pixel path.
// No React and no three.js here: pure functions over numbers, unit-tested.

export type Rgb = readonly [number, number, number];
export type Vec3 = readonly [number, number, number];

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

/** Encode-side lookup: 4096 steps over linear 0-1 are finer than one 8-bit display step everywhere. */
const ENCODE_STEPS = 4096;
let encodeTable: Uint8Array | undefined;
function encode8(v: number): number {
  encodeTable ??= Uint8Array.from({ length: ENCODE_STEPS + 1 }, (_, i) =>
    Math.round(linearToSrgb(i / ENCODE_STEPS) * 255),
  );
  return encodeTable[Math.round(v * ENCODE_STEPS)]!;
}

/** At most 2^20 cached colours (8 MB of table); a 3072² aerial has ~200k. */
const CACHE_BITS = 20;

/**
 * The ground image as the ground shader used to show it: each display-sRGB texel decoded, multiplied by
 * the tint (linear), tone-mapped and encoded back to display sRGB. RGBA in, RGBA out (alpha kept), rows
 * optionally flipped bottom-up (WebGL's row order for a texture uploaded from an array). Identical texels
 * share the work: aerial imagery repeats colours a lot.
 */
export function bakeGroundPixels(
  rgba: Uint8Array | Uint8ClampedArray,
  width: number,
  height: number,
  tint: Rgb,
  options: { readonly flipRows?: boolean; readonly exposure?: number } = {},
): Uint8Array {
  if (rgba.length !== width * height * 4) throw new Error(`expected ${width}x${height} RGBA pixels`);
  const decode = Float32Array.from({ length: 256 }, (_, i) => srgbToLinear(i / 255));
  const out = new Uint8Array(rgba.length);
  const bake = (r: number, g: number, b: number) => {
    const [R, G, B] = acesFilmic(
      decode[r]! * tint[0],
      decode[g]! * tint[1],
      decode[b]! * tint[2],
      options.exposure,
    );
    return (encode8(R) << 16) | (encode8(G) << 8) | encode8(B);
  };
  // Baked colours by RGB in an open-addressing table of typed arrays: a Map's lookups were most of the
  // bake (~0.7 s for a 3072² ground of 200k colours, in the page before the first frame). Once the table
  // is three-quarters full, further colours are baked without being kept.
  const bits = Math.min(CACHE_BITS, Math.max(4, Math.ceil(Math.log2(width * height)) + 1));
  const slots = 1 << bits;
  const keys = new Int32Array(slots).fill(-1);
  const values = new Uint32Array(slots);
  let kept = 0;
  let lastKey = -1;
  let lastPacked = 0;
  for (let y = 0; y < height; y++) {
    const src = y * width * 4;
    const dst = (options.flipRows ? height - 1 - y : y) * width * 4;
    for (let x = 0; x < width * 4; x += 4) {
      const r = rgba[src + x]!;
      const g = rgba[src + x + 1]!;
      const b = rgba[src + x + 2]!;
      const key = (r << 16) | (g << 8) | b;
      let packed = lastPacked;
      if (key !== lastKey) {
        let slot = Math.imul(key, 0x9e3779b1) >>> (32 - bits);
        while (keys[slot] !== key && keys[slot] !== -1) slot = (slot + 1) & (slots - 1);
        if (keys[slot] === key) packed = values[slot]!;
        else {
          packed = bake(r, g, b);
          if (kept < slots * 0.75) {
            keys[slot] = key;
            values[slot] = packed;
            kept += 1;
          }
        }
        lastKey = key;
        lastPacked = packed;
      }
      out[dst + x] = packed >> 16;
      out[dst + x + 1] = (packed >> 8) & 255;
      out[dst + x + 2] = packed & 255;
      out[dst + x + 3] = rgba[src + x + 3]!;
    }
  }
  return out;
}

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
