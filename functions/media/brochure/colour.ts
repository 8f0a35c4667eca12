// Brand colours made legible: WCAG 2.x relative luminance and contrast ratio, the text colour chosen
// from them, and accents nudged until they stand out from what they sit on. Whatever primary colour a
// customer sends, text on it passes AA (4.5:1 for body text).

export const WCAG_AA = { body: 4.5, large: 3 } as const;

export const INK = '#1B1B1B';
const PAPER = '#FFFFFF';

/** #RGB or #RRGGBB to [r, g, b] in 0-255. */
export function parseHex(hex: string): [number, number, number] {
  const h = hex.replace('#', '');
  const full = h.length === 3 ? [...h].map((c) => c + c).join('') : h;
  if (!/^[0-9a-fA-F]{6}$/.test(full)) throw new Error(`not a hex colour: ${hex}`);
  return [0, 2, 4].map((i) => Number.parseInt(full.slice(i, i + 2), 16)) as [number, number, number];
}

function toHex([r, g, b]: readonly number[]): string {
  return `#${[r, g, b]
    .map((v) =>
      Math.round(Math.min(255, Math.max(0, v!)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')
    .toUpperCase()}`;
}

/** WCAG 2.x relative luminance, 0 (black) to 1 (white). */
export function relativeLuminance(hex: string): number {
  const [r, g, b] = parseHex(hex).map((v) => {
    const c = v / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio, 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/**
 * White or near-black text, whichever contrasts more with the background; on the mid-tones where
 * neither reaches AA (greys around #777777) pure black, since white or black always reaches 4.58:1.
 */
export function textColourOn(background: string): string {
  const best = contrastRatio(PAPER, background) >= contrastRatio(INK, background) ? PAPER : INK;
  if (contrastRatio(best, background) >= WCAG_AA.body) return best;
  return contrastRatio(PAPER, background) >= contrastRatio('#000000', background) ? PAPER : '#000000';
}

/**
 * The accent itself when it reaches `minRatio` on the background, else the accent mixed step by step
 * towards black or white (whichever direction gains contrast) until it does: the brand hue survives,
 * only its lightness moves.
 */
export function accentOn(accent: string, background: string, minRatio: number = WCAG_AA.large): string {
  if (contrastRatio(accent, background) >= minRatio) return toHex(parseHex(accent));
  const towards = relativeLuminance(background) > 0.18 ? [0, 0, 0] : [255, 255, 255];
  const rgb = parseHex(accent);
  for (let t = 0.05; t <= 1; t += 0.05) {
    const mixed = toHex(rgb.map((v, i) => v + (towards[i]! - v) * t));
    if (contrastRatio(mixed, background) >= minRatio) return mixed;
  }
  return textColourOn(background);
}

/** Mix of two colours, `t` = 0 gives a, 1 gives b. */
export function mix(a: string, b: string, t: number): string {
  const x = parseHex(a);
  const y = parseHex(b);
  return toHex(x.map((v, i) => v + (y[i]! - v) * t));
}
