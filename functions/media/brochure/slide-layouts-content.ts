// Content slides: a title and a long description beside a full-height photo (left or right), or
// alone with a brand-colour edge; the agent's name, phone and agency in the footer.
import { SlideBuilder } from './slide-builder.ts';
import {
  H,
  M,
  type Palette,
  type PhotoPlacer,
  type SlideContent,
  splitAddress,
  W,
} from './slide-layouts-common.ts';

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
  const bottom = 880;
  if (body)
    b.text('description', body, { x, y: bodyY, w, h: bottom - bodyY }, p.ink, {
      weight: 'regular',
      maxSize: 34,
      minSize: 22,
      lineHeight: 1.5,
    });
  b.rect({ x, y: 930, w, h: 2 }, p.rule);
  const plate = b.logo(c.logo, { x: x + w - 240, y: 954, w: 240, h: 80 }, 'right');
  const footW = (plate ? plate.x - 32 : x + w) - x;
  b.text(
    'footer',
    [c.agent.name, c.agent.phone, c.agent.agency].filter(Boolean).join('  ·  ') || c.address,
    { x, y: 970, w: footW, h: 40 },
    p.mutedInk,
    { weight: 'regular', maxSize: 26, minSize: 18, maxLines: 1 },
  );
  return b;
}
