// A brand kit's colours checked as the slides check them: the palette every slide layout draws with
// (slide-layouts-common.ts), from the same defaults, reported. Text on the primary colour is whichever of
// white or near-black passes WCAG AA (4.5:1); the secondary colour, drawn as accents on the primary and on
// the paper background, is darkened or lightened until it reaches 3:1 there. Nothing is refused: a kit
// shows what its slides will draw.
import { contrastRatio, mix } from './colour.ts';
import { DEFAULT_COLOURS } from './slide-layouts.ts';
import { palette } from './slide-layouts-common.ts';

const ratio = (a: string, b: string) => Math.round(contrastRatio(a, b) * 100) / 100;

export function brandColourCheck(colors?: { readonly primary?: string; readonly secondary?: string }) {
  const primary = colors?.primary ?? DEFAULT_COLOURS.primary;
  const secondary = colors?.secondary ?? DEFAULT_COLOURS.secondary;
  const p = palette({ colours: { primary, secondary } });
  // As #RRGGBB in capitals, the form the accents are reported in.
  const asGiven = mix(secondary, secondary, 0);
  return {
    text_on_primary: p.onPrimary,
    text_on_primary_ratio: ratio(p.onPrimary, primary),
    secondary_on_primary: p.accentOnPrimary,
    secondary_on_primary_ratio: ratio(p.accentOnPrimary, primary),
    secondary_on_primary_adjusted: p.accentOnPrimary !== asGiven,
    secondary_on_paper: p.accentOnPaper,
    secondary_on_paper_ratio: ratio(p.accentOnPaper, p.paper),
    secondary_on_paper_adjusted: p.accentOnPaper !== asGiven,
  };
}
export type BrandColourReport = ReturnType<typeof brandColourCheck>;
