// Agent slides on the brand colour: a round portrait (the headshot, or the initials on a disc) on the
// left or right with the details beside it, or a small one centred above them; name, agency, phone,
// e-mail, a short bio and the logo.
import { mix, textColourOn } from './colour.ts';
import { SlideBuilder } from './slide-builder.ts';
import { H, M, type Palette, type PhotoPlacer, type SlideContent, W } from './slide-layouts-common.ts';

/** Where the agent's details go: their column and alignment. */
interface DetailsColumn {
  readonly x: number;
  readonly w: number;
  readonly align: 'center' | 'left';
  readonly centered: boolean;
}

export function agent(c: SlideContent, p: Palette, _photo: PhotoPlacer): SlideBuilder {
  const b = new SlideBuilder(p.primary, c.fonts);
  const centered = c.layout === 'agent-centered';
  portrait(b, c, p, centered);
  const col: DetailsColumn = {
    x: centered ? 360 : c.layout === 'agent-portrait-left' ? 960 : M,
    w: centered ? W - 720 : 864,
    align: centered ? 'center' : 'left',
    centered,
  };
  const y = contactLines(b, c, p, col, agentHeading(b, c, p, col));
  bio(b, c, p, col, y);
  b.logo(
    c.logo,
    centered ? { x: W / 2 - 150, y: 950, w: 300, h: 96 } : { x: col.x, y: 900, w: 320, h: 110 },
    centered ? 'center' : 'left',
  );
  return b;
}

/** The round portrait in an accent ring: the headshot, or the agent's initials on a disc. */
function portrait(b: SlideBuilder, c: SlideContent, p: Palette, centered: boolean): void {
  const d = centered ? 300 : 600;
  const cx = centered ? W / 2 : c.layout === 'agent-portrait-left' ? 520 : W - 520;
  const cy = centered ? 236 : H / 2;
  const ring = 12;
  b.rect({ x: cx - d / 2 - ring, y: cy - d / 2 - ring, w: d + 2 * ring, h: d + 2 * ring }, p.accent, {
    radius: d / 2 + ring,
  });
  if (c.hasHeadshot)
    b.image('headshot', { x: cx - d / 2, y: cy - d / 2, w: d, h: d }, { kind: 'headshot' }, { circle: true });
  else {
    const disc = mix(p.primary, '#FFFFFF', 0.18);
    b.rect({ x: cx - d / 2, y: cy - d / 2, w: d, h: d }, disc, { radius: d / 2 });
    const initials = (c.agent.name ?? c.agent.agency ?? '?')
      .split(/\s+/)
      .map((s) => s[0])
      .slice(0, 2)
      .join('')
      .toUpperCase();
    b.text('initials', initials, { x: cx - d / 2, y: cy - d * 0.22, w: d, h: d * 0.44 }, textColourOn(disc), {
      weight: 'bold',
      maxSize: Math.round(d * 0.34),
      minSize: 40,
      maxLines: 1,
      align: 'center',
    });
  }
}

/** Overline, name, agency and the accent rule under them; returns the row below the rule. */
function agentHeading(b: SlideBuilder, c: SlideContent, p: Palette, col: DetailsColumn): number {
  const { x, w, align, centered } = col;
  let y = centered ? 426 : 250;
  b.text('overline', c.title ?? 'Your agent', { x, y, w, h: 40 }, p.accentOnPrimary, {
    weight: 'bold',
    maxSize: 28,
    minSize: 20,
    maxLines: 1,
    uppercase: true,
    align,
  });
  y += 60;
  const name = b.text(
    'name',
    c.agent.name ?? c.agent.agency ?? 'Contact us',
    { x, y, w, h: centered ? 96 : 200 },
    p.onPrimary,
    { weight: 'bold', maxSize: 84, minSize: 44, maxLines: centered ? 1 : 2, lineHeight: 1.08, align },
  );
  y += name.usedHeight + 16;
  if (c.agent.agency && c.agent.name) {
    const ag = b.text('agency', c.agent.agency, { x, y, w, h: 48 }, p.mutedOnPrimary, {
      weight: 'regular',
      maxSize: 34,
      minSize: 22,
      maxLines: 1,
      align,
    });
    y += ag.usedHeight + 8;
  }
  y += 28;
  b.rect({ x: centered ? W / 2 - 48 : x, y, w: 96, h: 8 }, p.accentOnPrimary);
  return y + 44;
}

/** Phone and e-mail from row y; returns the row below them. */
function contactLines(b: SlideBuilder, c: SlideContent, p: Palette, col: DetailsColumn, y: number): number {
  const { x, w, align, centered } = col;
  // Side layouts list phone and e-mail on their own lines; the centred one, short of height, on one.
  const contacts: [string, string | undefined][] = centered
    ? [['contact', [c.agent.phone, c.agent.email].filter(Boolean).join('   ·   ') || undefined]]
    : [
        ['phone', c.agent.phone],
        ['email', c.agent.email],
      ];
  let next = y;
  for (const [role, value] of contacts) {
    if (!value) continue;
    const f = b.text(role, value, { x, y: next, w, h: 56 }, p.onPrimary, {
      weight: 'bold',
      maxSize: centered ? 36 : 40,
      minSize: 24,
      maxLines: 1,
      align,
    });
    next += f.usedHeight + 18;
  }
  return next;
}

/**
 * The bio takes the room left above the logo; with less than two lines' worth it is left out
 * (and reported as truncated) rather than squeezed into the logo.
 */
function bio(b: SlideBuilder, c: SlideContent, p: Palette, col: DetailsColumn, y: number): void {
  const { x, w, align, centered } = col;
  const bioBottom = centered ? 920 : 870;
  if (c.description && bioBottom - (y + 16) >= 80) {
    const top = y + 16;
    b.text('description', c.description, { x, y: top, w, h: bioBottom - top }, p.mutedOnPrimary, {
      weight: 'regular',
      maxSize: 30,
      minSize: 22,
      lineHeight: 1.4,
      align,
    });
  } else if (c.description) b.truncated.push('description');
}
