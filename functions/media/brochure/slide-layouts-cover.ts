// Cover slides: a full-bleed photo over a brand-colour band, or a photo beside a brand-colour panel
// (left or right), with the title, a subtitle, the price and the agency. In the social shapes the photo
// is always above the band.
import { SlideBuilder } from './slide-builder.ts';
import {
  agencyText,
  H,
  M,
  type Palette,
  type PhotoPlacer,
  type SlideContent,
  SOCIAL_TYPE,
  type SocialFrame,
  smallPrintRoom,
  socialPicture,
  splitAddress,
  stackUp,
  W,
} from './slide-layouts-common.ts';

interface CoverText {
  readonly title: string;
  readonly subtitle: string;
}

function coverText(c: SlideContent): CoverText {
  const [street, locality] = splitAddress(c.address);
  return { title: c.title ?? street, subtitle: c.description ?? (c.title ? c.address : locality) };
}

export function cover(c: SlideContent, p: Palette, photo: PhotoPlacer): SlideBuilder {
  const b = new SlideBuilder(p.primary, c.fonts);
  const text = coverText(c);
  if (c.layout === 'cover-full-bleed') fullBleedCover(b, c, p, photo, text);
  else panelCover(b, c, p, photo, text);
  return b;
}

/**
 * Social shapes: the photo across the top, the brand band below it with the title, subtitle, price and
 * agency set up from its foot, so the photo takes all the room the words leave; the logo on the photo's
 * corner. Left and right mean nothing once the photo sits above the words, so every cover stacks alike.
 */
export function coverSocial(c: SlideContent, p: Palette, photo: PhotoPlacer, f: SocialFrame): SlideBuilder {
  const b = new SlideBuilder(p.primary, c.fonts);
  const { title, subtitle } = coverText(c);
  const maxLines = f.shape === 'social_square' ? 2 : 3;
  const top = stackUp(b, { x: f.m, w: f.w - 2 * f.m, bottom: f.bottom }, [
    { role: 'title', text: title, colour: p.onPrimary, options: { ...SOCIAL_TYPE.title, maxLines }, gap: 16 },
    {
      role: 'subtitle',
      text: subtitle,
      colour: p.mutedOnPrimary,
      options: { ...SOCIAL_TYPE.body, maxLines: 2 },
      gap: 40,
    },
    { role: 'price', text: c.price, colour: p.accentOnPrimary, options: SOCIAL_TYPE.price, gap: 12 },
    { role: 'agency', text: agencyText(c), colour: p.mutedOnPrimary, options: SOCIAL_TYPE.meta },
  ]);
  socialPicture(b, c, p, f, top - 52, (box) => photo(b, box));
  return b;
}

/** The photo across the top 800 px; title and subtitle on the band below, price and agency at its right. */
function fullBleedCover(
  b: SlideBuilder,
  c: SlideContent,
  p: Palette,
  photo: PhotoPlacer,
  { title, subtitle }: CoverText,
): void {
  // With small print the band starts higher and keeps its foot for it.
  const top = 800 - smallPrintRoom(c);
  photo(b, { x: 0, y: 0, w: W, h: top });
  b.rect({ x: 0, y: top, w: W, h: H - top }, p.primary);
  b.rect({ x: 0, y: top - 8, w: W, h: 8 }, p.accent);
  b.logo(c.logo, { x: 64, y: 56, w: 380, h: 150 });
  const t = b.text('title', title, { x: M, y: top + 46, w: 1140, h: 128 }, p.onPrimary, {
    weight: 'bold',
    maxSize: 68,
    minSize: 40,
    lineHeight: 1.1,
    maxLines: 2,
  });
  if (subtitle) {
    b.text(
      'subtitle',
      subtitle,
      {
        x: M,
        y: top + 46 + t.usedHeight + 18,
        w: 1140,
        h: H - 40 - (800 - top) - (top + 46 + t.usedHeight + 18),
      },
      p.mutedOnPrimary,
      { weight: 'regular', maxSize: 34, minSize: 22, maxLines: 2 },
    );
  }
  const right = { x: 1300, w: W - M - 1300 };
  // One line: a price broken over two lines reads as two prices.
  if (c.price)
    b.text('price', c.price, { ...right, y: top + 66, h: 80 }, p.accentOnPrimary, {
      weight: 'bold',
      maxSize: 54,
      minSize: 28,
      maxLines: 1,
      align: 'right',
    });
  if (c.agent.agency)
    b.text('agency', agencyText(c)!, { ...right, y: top + 192, h: 44 }, p.mutedOnPrimary, {
      weight: 'regular',
      maxSize: 28,
      minSize: 20,
      maxLines: 1,
      align: 'right',
    });
}

/** The photo on one side (1152 px), a brand-colour panel on the other with logo, title, subtitle, price, agency. */
function panelCover(
  b: SlideBuilder,
  c: SlideContent,
  p: Palette,
  photo: PhotoPlacer,
  { title, subtitle }: CoverText,
): void {
  const imageLeft = c.layout === 'cover-image-left';
  const lift = smallPrintRoom(c);
  const panel = { x: imageLeft ? 1152 : 0, y: 0, w: W - 1152, h: H };
  photo(b, { x: imageLeft ? 0 : panel.w, y: 0, w: 1152, h: H });
  b.rect(panel, p.primary);
  b.rect({ x: imageLeft ? panel.x : panel.w - 10, y: 0, w: 10, h: H }, p.accent);
  const x = panel.x + 88;
  const w = panel.w - 176;
  b.logo(c.logo, { x, y: M, w: 360, h: 140 });
  b.rect({ x, y: 400, w: 96, h: 8 }, p.accentOnPrimary);
  const t = b.text('title', title, { x, y: 440, w, h: 290 }, p.onPrimary, {
    weight: 'bold',
    maxSize: 72,
    minSize: 40,
    lineHeight: 1.1,
    maxLines: 4,
  });
  if (subtitle)
    b.text(
      'subtitle',
      subtitle,
      { x, y: 440 + t.usedHeight + 28, w, h: 820 - lift - (440 + t.usedHeight + 28) },
      p.mutedOnPrimary,
      { weight: 'regular', maxSize: 34, minSize: 22, lineHeight: 1.35 },
    );
  if (c.price)
    b.text('price', c.price, { x, y: 850 - lift, w, h: 64 }, p.accentOnPrimary, {
      weight: 'bold',
      maxSize: 50,
      minSize: 28,
      maxLines: 1,
    });
  if (c.agent.agency)
    b.text('agency', agencyText(c)!, { x, y: 940 - lift, w, h: 44 }, p.mutedOnPrimary, {
      weight: 'regular',
      maxSize: 28,
      minSize: 20,
      maxLines: 1,
    });
}
