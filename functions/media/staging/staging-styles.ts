// Furniture styles, chosen from the caller's free-text style prompt by keywords. The offline stager
// draws each style with its own materials and forms; the Bedrock stager passes the prompt itself on.

export const STAGING_STYLES = ['modern', 'scandinavian', 'industrial', 'coastal'] as const;
export type StagingStyle = (typeof STAGING_STYLES)[number];

const DEFAULT_STAGING_STYLE: StagingStyle = 'modern';

const STYLE_KEYWORDS: Readonly<Record<StagingStyle, readonly string[]>> = {
  modern: ['modern', 'contemporary', 'minimal', 'minimalist', 'sleek', 'luxury', 'mid century', 'midcentury'],
  scandinavian: [
    'scandinavian',
    'scandi',
    'nordic',
    'hygge',
    'japandi',
    'light oak',
    'light wood',
    'natural',
  ],
  industrial: [
    'industrial',
    'loft',
    'warehouse',
    'urban',
    'leather',
    'metal',
    'reclaimed',
    'rustic',
    'dark wood',
  ],
  coastal: [
    'coastal',
    'beach',
    'hamptons',
    'nautical',
    'seaside',
    'boho',
    'bohemian',
    'rattan',
    'navy',
    'resort',
  ],
};

export interface ResolvedStyle {
  readonly used: StagingStyle;
  /** keyword: a style keyword was found in the prompt; default: none was (or no prompt was given). */
  readonly match: 'keyword' | 'default';
}

/** The style whose keywords occur earliest in the prompt; the default when none occurs. */
export function resolveStyle(stylePrompt: string | undefined): ResolvedStyle {
  if (!stylePrompt) return { used: DEFAULT_STAGING_STYLE, match: 'default' };
  const text = ` ${stylePrompt
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()} `;
  let best: { style: StagingStyle; at: number } | undefined;
  for (const style of STAGING_STYLES) {
    for (const keyword of STYLE_KEYWORDS[style]) {
      const at = text.indexOf(` ${keyword} `);
      if (at >= 0 && (best === undefined || at < best.at)) best = { style, at };
    }
  }
  return best ? { used: best.style, match: 'keyword' } : { used: DEFAULT_STAGING_STYLE, match: 'default' };
}
