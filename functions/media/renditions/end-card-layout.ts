// The closing card a branded video ends on: the agency's logo, its name, the agent and their phone, on
// the brand colour — the details the brochure slides take. Laid out for the video's frame (a landscape,
// square or story video alike, sized from the frame's shorter side) with the slides' text fitting: glyph
// outlines from the bundled DejaVu faces, so the card looks the same wherever it renders. Its text is
// whichever of black or white passes WCAG AA on the brand colour; the accent is adjusted until it stands
// out from it.
import { accentOn, textColourOn } from '../brochure/colour.ts';
import { fitText, type SlideFonts } from '../brochure/text-fit.ts';
import { END_CARD_SECONDS, type EndCardProps } from '../remotion/end-card.ts';

export const DEFAULT_END_CARD_COLOURS = { primary: '#1F3A5F', secondary: '#C9A227' } as const;

export interface EndCardBrandingInput {
  readonly agency_name?: string;
  readonly agent_name?: string;
  readonly agent_phone?: string;
  readonly primary_color?: string;
  readonly secondary_color?: string;
}

/** The card for a `width` x `height` frame; `logo` is the stored logo's URL and pixel size. */
export function endCardProps(
  branding: EndCardBrandingInput,
  frame: { readonly width: number; readonly height: number; readonly fps: number },
  fonts: SlideFonts,
  logo?: { readonly src: string; readonly width: number; readonly height: number },
): EndCardProps {
  const { width, height } = frame;
  const unit = Math.min(width, height) / 1080;
  const background = branding.primary_color ?? DEFAULT_END_CARD_COLOURS.primary;
  const ink = textColourOn(background);
  const accent = accentOn(branding.secondary_color ?? DEFAULT_END_CARD_COLOURS.secondary, background);
  const columnW = Math.min(width * 0.84, 900 * unit);
  const left = (width - columnW) / 2;
  const logoBox = { w: Math.min(columnW, 560 * unit), h: 240 * unit };
  const scale = logo ? Math.min(logoBox.w / logo.width, logoBox.h / logo.height, 2) : 0;
  const logoSize = logo
    ? { width: logo.width * scale, height: logo.height * scale }
    : { width: 0, height: 0 };
  const gap = 40 * unit;
  const nameH = 150 * unit;
  const agentH = 110 * unit;
  const agent = [branding.agent_name, branding.agent_phone].filter(Boolean).join('  ·  ');
  const blockH = logoSize.height + (logo ? gap : 0) + 6 * unit + gap + nameH + (agent ? gap / 2 + agentH : 0);
  let y = (height - blockH) / 2;
  const placedLogo = logo
    ? { src: logo.src, left: (width - logoSize.width) / 2, top: y, ...logoSize }
    : undefined;
  y += logoSize.height + (logo ? gap : 0);
  const rule = { x: (width - 160 * unit) / 2, y, w: 160 * unit, h: 6 * unit, color: accent };
  y += rule.h + gap;
  const text: { d: string; color: string }[] = [];
  if (branding.agency_name) {
    const fitted = fitText(
      branding.agency_name,
      { x: left, y, w: columnW, h: nameH },
      { weight: 'bold', maxSize: 64 * unit, minSize: 30 * unit, maxLines: 2, align: 'center' },
      fonts,
    );
    text.push({ d: fitted.d, color: ink });
  }
  y += nameH + gap / 2;
  if (agent) {
    const fitted = fitText(
      agent,
      { x: left, y, w: columnW, h: agentH },
      { weight: 'regular', maxSize: 42 * unit, minSize: 24 * unit, maxLines: 2, align: 'center' },
      fonts,
    );
    text.push({ d: fitted.d, color: ink });
  }
  return {
    frames: END_CARD_SECONDS * frame.fps,
    background,
    ...(placedLogo ? { logo: placedLogo } : {}),
    rule,
    text,
  };
}
