// The closing card a branded video ends on: the agency's logo, its name, the agent and their phone, their
// licence numbers, on the brand colour — the details the brochure slides take — and the disclaimer as
// small print at its foot. Laid out for the video's frame (a landscape,
// square or story video alike, sized from the frame's shorter side) with the slides' text fitting: glyph
// outlines from the bundled DejaVu faces, so the card looks the same wherever it renders. Its text is
// whichever of black or white passes WCAG AA on the brand colour; the accent is adjusted until it stands
// out from it.
import { accentOn, textColourOn } from '../brochure/colour.ts';
import { mutedText } from '../brochure/slide-builder.ts';
import { fitText, type SlideFonts } from '../brochure/text-fit.ts';
import { END_CARD_SECONDS, type EndCardProps } from '../remotion/end-card.ts';

export const DEFAULT_END_CARD_COLOURS = { primary: '#1F3A5F', secondary: '#C9A227' } as const;

export interface EndCardBrandingInput {
  readonly agency_name?: string;
  readonly agent_name?: string;
  readonly agent_phone?: string;
  readonly primary_color?: string;
  readonly secondary_color?: string;
  readonly agency_licence_number?: string;
  readonly agent_licence_number?: string;
  readonly disclaimer?: string;
}

/** "Agent licence 2034567  ·  Agency licence 10012345": the licence numbers of those the card names. */
export function endCardLicences(branding: EndCardBrandingInput): string | undefined {
  const parts = [
    branding.agent_name && branding.agent_licence_number
      ? `Agent licence ${branding.agent_licence_number}`
      : undefined,
    branding.agency_name && branding.agency_licence_number
      ? `Agency licence ${branding.agency_licence_number}`
      : undefined,
  ].filter(Boolean);
  return parts.length > 0 ? parts.join('  ·  ') : undefined;
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
  // The licences and small print a shade softer than the names, still AA on the brand colour.
  const muted = mutedText(ink, background, 0.2);
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
  const licenceH = 48 * unit;
  const agent = [branding.agent_name, branding.agent_phone].filter(Boolean).join('  ·  ');
  const licences = endCardLicences(branding);
  // The small print at the foot, fitted first: the details are centred in what it leaves above it.
  const margin = 48 * unit;
  const printW = Math.min(width - 2 * margin, 1600 * unit);
  const print = branding.disclaimer
    ? fitText(
        branding.disclaimer,
        { x: (width - printW) / 2, y: 0, w: printW, h: height },
        {
          weight: 'regular',
          maxSize: 24 * unit,
          minSize: 20 * unit,
          lineHeight: 1.3,
          maxLines: 3,
          align: 'center',
        },
        fonts,
      )
    : undefined;
  const printTop = print ? height - margin - print.usedHeight : height;
  const room = print ? printTop - gap : height;
  const blockH =
    logoSize.height +
    (logo ? gap : 0) +
    6 * unit +
    gap +
    nameH +
    (agent ? gap / 2 + agentH : 0) +
    (licences ? licenceH : 0);
  let y = Math.max(0, Math.min((height - blockH) / 2, room - blockH));
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
    y += fitted.usedHeight + gap / 2;
  }
  if (licences) {
    const fitted = fitText(
      licences,
      { x: left, y, w: columnW, h: licenceH },
      { weight: 'regular', maxSize: 30 * unit, minSize: 22 * unit, maxLines: 1, align: 'center' },
      fonts,
    );
    text.push({ d: fitted.d, color: muted });
  }
  if (print && branding.disclaimer) {
    const fitted = fitText(
      branding.disclaimer,
      { x: (width - printW) / 2, y: printTop, w: printW, h: print.usedHeight + 1 },
      {
        weight: 'regular',
        maxSize: print.size,
        minSize: print.size,
        lineHeight: 1.3,
        maxLines: 3,
        align: 'center',
      },
      fonts,
    );
    text.push({ d: fitted.d, color: muted });
  }
  return {
    frames: END_CARD_SECONDS * frame.fps,
    background,
    ...(placedLogo ? { logo: placedLogo } : {}),
    rule,
    text,
  };
}
