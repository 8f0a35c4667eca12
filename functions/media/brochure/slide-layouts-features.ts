// Features slides: a list of up to eight features (one column, or two past four) under a brand-colour
// header across the slide, or beside a full-height photo (left or right); the address and price below.
// In the social shapes the header or the photo is above the list.
import type { Box } from '../remotion/brochure-scene.ts';
import { SlideBuilder } from './slide-builder.ts';
import {
  featureList,
  H,
  M,
  type Palette,
  type PhotoPlacer,
  type SlideContent,
  SOCIAL_TYPE,
  type SocialFrame,
  smallPrintRoom,
  socialFooter,
  socialPicture,
  splitAddress,
  stackUp,
  TextColumn,
  textBandFrom,
  W,
} from './slide-layouts-common.ts';
import { fitText } from './text-fit.ts';

export function features(c: SlideContent, p: Palette, photo: PhotoPlacer): SlideBuilder {
  const b = new SlideBuilder(p.paper, c.fonts);
  const items = featureList(c.description ?? c.propertyDescription).slice(0, 8);
  const lift = smallPrintRoom(c);
  const area = featuresHeading(b, c, p, photo);
  featureItems(b, p, items, { ...area, h: area.h - lift });
  const footX = c.layout === 'features-image-left' ? 896 : M;
  const footW = c.layout === 'features-two-column' ? W - 2 * M : W - 800 - 2 * M;
  b.rect({ x: footX, y: 944 - lift, w: footW, h: 2 }, p.rule);
  b.text(
    'footer',
    [c.address, c.price].filter(Boolean).join('  ·  '),
    { x: footX, y: 966 - lift, w: footW, h: 40 },
    p.mutedInk,
    { weight: 'regular', maxSize: 26, minSize: 18, maxLines: 1 },
  );
  return b;
}

/** The street as an overline and the title (with the photo, beside it); returns the area left for the list. */
function featuresHeading(b: SlideBuilder, c: SlideContent, p: Palette, photo: PhotoPlacer): Box {
  const title = c.title ?? 'Features';
  const [street] = splitAddress(c.address);
  if (c.layout === 'features-two-column') {
    b.rect({ x: 0, y: 0, w: W, h: 300 }, p.primary);
    b.rect({ x: 0, y: 300, w: W, h: 8 }, p.accent);
    const plate = b.logo(c.logo, { x: W - M - 380, y: 75, w: 380, h: 150 }, 'right');
    const textW = (plate ? plate.x - 48 : W - M) - M;
    b.text('overline', street, { x: M, y: 86, w: textW, h: 40 }, p.accentOnPrimary, {
      weight: 'bold',
      maxSize: 28,
      minSize: 20,
      maxLines: 1,
      uppercase: true,
    });
    b.text('title', title, { x: M, y: 140, w: textW, h: 96 }, p.onPrimary, {
      weight: 'bold',
      maxSize: 76,
      minSize: 44,
      maxLines: 1,
    });
    return { x: M, y: 390, w: W - 2 * M, h: 520 };
  }
  const imageLeft = c.layout === 'features-image-left';
  const x = imageLeft ? 896 : M;
  const w = W - 800 - 2 * M;
  photo(b, { x: imageLeft ? 0 : W - 800, y: 0, w: 800, h: H });
  b.text('overline', street, { x, y: 112, w, h: 40 }, p.accentOnPaper, {
    weight: 'bold',
    maxSize: 26,
    minSize: 20,
    maxLines: 1,
    uppercase: true,
  });
  const t = b.text('title', title, { x, y: 164, w, h: 170 }, p.ink, {
    weight: 'bold',
    maxSize: 72,
    minSize: 44,
    maxLines: 2,
    lineHeight: 1.1,
  });
  b.rect({ x, y: 164 + t.usedHeight + 30, w: 96, h: 8 }, p.accentOnPaper);
  return { x, y: 164 + t.usedHeight + 86, w, h: 900 - (164 + t.usedHeight + 86) };
}

/**
 * Social shapes: the photo across the top with the street, title and list below it, or (the two-column
 * layout, asked for as text only) a brand-colour header with the logo; the address and price at the foot.
 * The list has one column where each feature gets two lines' room, else two.
 */
export function featuresSocial(
  c: SlideContent,
  p: Palette,
  photo: PhotoPlacer,
  f: SocialFrame,
): SlideBuilder {
  const b = new SlideBuilder(p.paper, c.fonts);
  const items = featureList(c.description ?? c.propertyDescription).slice(0, 8);
  const title = c.title ?? 'Features';
  const [street] = splitAddress(c.address);
  const footY = socialFooter(b, c, p, f, [c.address, c.price].filter(Boolean).join('  ·  '));
  const w = f.w - 2 * f.m;
  let column: TextColumn;
  if (c.layout === 'features-two-column') {
    // The header band: the logo at its top right, the street and title set up from its foot, across the
    // band when they clear the logo, else beside it.
    const bandY = f.top + 320;
    b.rect({ x: 0, y: 0, w: f.w, h: bandY }, p.primary);
    b.rect({ x: 0, y: bandY, w: f.w, h: 8 }, p.accent);
    const plate = b.logo(c.logo, { x: f.w - f.m - 300, y: f.top, w: 300, h: 110 }, 'right');
    const heading = (into: SlideBuilder, width: number) =>
      stackUp(into, { x: f.m, w: width, bottom: bandY - 44 }, [
        { role: 'overline', text: street, colour: p.accentOnPrimary, options: SOCIAL_TYPE.overline, gap: 14 },
        { role: 'title', text: title, colour: p.onPrimary, options: { ...SOCIAL_TYPE.title, maxLines: 2 } },
      ]);
    const clear = !plate || heading(new SlideBuilder(p.primary, c.fonts), w) >= plate.y + plate.h + 24;
    heading(b, clear || !plate ? w : plate.x - 48 - f.m);
    column = new TextColumn(b, f.m, w, bandY + 64, footY - 32);
  } else {
    const photoBottom = textBandFrom(f, f.shape === 'social_square' ? 0.7 : 0.62);
    socialPicture(b, c, p, f, photoBottom, (box) => photo(b, box));
    column = new TextColumn(b, f.m, w, photoBottom + 44, footY - 32);
    column.heading(
      street,
      title,
      { accent: p.accentOnPaper, on: p.ink },
      f.shape === 'social_square' ? 1 : 2,
    );
  }
  const area = { x: f.m, y: column.y, w, h: column.bottom - column.y };
  const columns = items.length > 4 && area.h / items.length < 100 ? 2 : 1;
  // Every row needs room for two lines at the smallest size; features that find none are left out and reported.
  const shown = items.slice(0, Math.floor(area.h / 90) * columns);
  if (shown.length < items.length) b.truncated.push('features');
  if (shown.length > 0) featureItems(b, p, shown, area, { columns, maxSize: 36, minSize: 26 });
  return b;
}

/** The features as a bulleted list in the area, in one column or two. */
function featureItems(
  b: SlideBuilder,
  p: Palette,
  items: readonly string[],
  area: Box,
  { columns = items.length > 4 ? 2 : 1, maxSize = 34, minSize = 22 } = {},
): void {
  const rows = Math.max(1, Math.ceil(items.length / columns));
  const gap = 56;
  const colW = (area.w - gap * (columns - 1)) / columns;
  const rowH = Math.min(150, area.h / rows);
  // Every feature at one size (the size the longest one needs), so the list reads as a list.
  const itemBox = (i: number) => ({
    x: area.x + Math.floor(i / rows) * (colW + gap) + 40,
    y: area.y + (i % rows) * rowH,
    w: colW - 40,
    h: rowH - 28,
  });
  const itemOptions = { weight: 'regular', maxSize, minSize, maxLines: 2, lineHeight: 1.2 } as const;
  const common = Math.min(...items.map((item, i) => fitText(item, itemBox(i), itemOptions, b.fonts).size));
  items.forEach((item, i) => {
    const box = itemBox(i);
    b.rect({ x: box.x - 40, y: box.y + 14, w: 16, h: 16 }, p.accentOnPaper, { radius: 3 });
    b.text(`feature-${i}`, item, box, p.ink, { ...itemOptions, maxSize: common });
  });
}
