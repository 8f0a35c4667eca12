// Content slides: a title and a long description beside a full-height photo (left or right), or
// alone with a brand-colour edge; the agent's name, phone and agency in the footer. In the social
// shapes the photo is above the text.
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
  socialFooter,
  socialPicture,
  splitAddress,
  TextColumn,
  textBandFrom,
  W,
  withLicence,
} from './slide-layouts-common.ts';

/** The agent's name, phone and agency (unless the logo beside it says it) on one line, else the address. */
const agentLine = (c: SlideContent, agency = true) =>
  [withLicence(c.agent.name, c.agent.licence), c.agent.phone, agency ? agencyText(c) : undefined]
    .filter(Boolean)
    .join('  ·  ') || c.address;

/**
 * Social shapes: the photo across the top and the street, title and description under it, or (text
 * only) the brand-colour edge down the left; the agent's line at the foot, with the logo when no photo
 * carries it.
 */
export function contentSocial(c: SlideContent, p: Palette, photo: PhotoPlacer, f: SocialFrame): SlideBuilder {
  const b = new SlideBuilder(p.paper, c.fonts);
  const [street] = splitAddress(c.address);
  const textOnly = c.layout === 'content-text-only';
  let x = f.m;
  let y: number;
  if (textOnly) {
    b.rect({ x: 0, y: 0, w: 24, h: f.h }, p.primary);
    x += 24;
    y = f.top + 24;
  } else {
    const photoBottom = textBandFrom(f, f.shape === 'social_square' ? 0.6 : 0.56);
    socialPicture(b, c, p, f, photoBottom, (box) => photo(b, box));
    y = photoBottom + 44;
  }
  const footY = socialFooter(b, c, p, f, agentLine(c, !(textOnly && c.logo)), { x, logo: textOnly });
  const column = new TextColumn(b, x, f.w - f.m - x, y, footY - 32);
  column.heading(street, c.title ?? 'About the property', { accent: p.accentOnPaper, on: p.ink }, 3);
  column.text('description', c.description ?? c.propertyDescription, p.ink, SOCIAL_TYPE.body, {
    minLines: 2,
  });
  return b;
}

export function content(c: SlideContent, p: Palette, photo: PhotoPlacer): SlideBuilder {
  const b = new SlideBuilder(p.paper, c.fonts);
  const body = c.description ?? c.propertyDescription ?? '';
  const title = c.title ?? 'About the property';
  const [street] = splitAddress(c.address);
  let x: number;
  let w: number;
  const textOnly = c.layout === 'content-text-only';
  if (textOnly) {
    b.rect({ x: 0, y: 0, w: 24, h: H }, p.primary);
    x = 260;
    w = W - 520;
  } else {
    const imageRight = c.layout === 'content-image-right';
    photo(b, { x: imageRight ? 1000 : 0, y: 0, w: 920, h: H });
    x = imageRight ? M : 920 + M;
    w = 1000 - 2 * M;
  }
  b.text('overline', street, { x, y: 112, w, h: 40 }, p.accentOnPaper, {
    weight: 'bold',
    maxSize: 26,
    minSize: 20,
    maxLines: 1,
    uppercase: true,
  });
  const t = b.text('title', title, { x, y: 164, w, h: 170 }, p.ink, {
    weight: 'bold',
    maxSize: 68,
    minSize: 40,
    maxLines: 2,
    lineHeight: 1.1,
  });
  const ruleY = 164 + t.usedHeight + 30;
  b.rect({ x, y: ruleY, w: 96, h: 8 }, p.accentOnPaper);
  const bodyY = ruleY + 52;
  const lift = smallPrintRoom(c);
  const bottom = 880 - lift;
  if (body)
    b.text('description', body, { x, y: bodyY, w, h: bottom - bodyY }, p.ink, {
      weight: 'regular',
      maxSize: 34,
      minSize: 22,
      lineHeight: 1.5,
    });
  b.rect({ x, y: 930 - lift, w, h: 2 }, p.rule);
  const plate = b.logo(c.logo, { x: x + w - 240, y: 954 - lift, w: 240, h: 80 }, 'right');
  const footW = (plate ? plate.x - 32 : x + w) - x;
  // With licence numbers the line is long: it may take two lines.
  const licensed = Boolean(c.agent.licence || c.agent.agencyLicence);
  b.text('footer', agentLine(c), { x, y: 970 - lift, w: footW, h: licensed ? 48 : 40 }, p.mutedInk, {
    weight: 'regular',
    maxSize: 26,
    minSize: 18,
    maxLines: licensed ? 2 : 1,
  });
  return b;
}
