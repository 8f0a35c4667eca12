// Agent slides on the brand colour: a round portrait (the headshot, or the initials on a disc) on the
// left or right with the details beside it, or a small one centred above them; name, agency, phone,
// e-mail, a short bio and the logo. In the social shapes the details run down the slide under the
// portrait (centred) or under a heading row of the portrait and the name.
import { mix, textColourOn } from './colour.ts';
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
  TextColumn,
  W,
} from './slide-layouts-common.ts';
import type { FitOptions } from './text-fit.ts';

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
  // With small print the foot is the disclaimer's: the details start higher and end above it.
  const lift = smallPrintRoom(c);
  portrait(b, c, p, {
    d: centered ? 300 : 600,
    cx: centered ? W / 2 : c.layout === 'agent-portrait-left' ? 520 : W - 520,
    cy: centered ? 236 - lift / 2 : H / 2 - lift / 2,
  });
  const col: DetailsColumn = {
    x: centered ? 360 : c.layout === 'agent-portrait-left' ? 960 : M,
    w: centered ? W - 720 : 864,
    align: centered ? 'center' : 'left',
    centered,
  };
  const y = contactLines(b, c, p, col, agentHeading(b, c, p, col, lift));
  bio(b, c, p, col, y, lift);
  b.logo(
    c.logo,
    centered ? { x: W / 2 - 150, y: 950 - lift, w: 300, h: 96 } : { x: col.x, y: 900 - lift, w: 320, h: 110 },
    centered ? 'center' : 'left',
  );
  return b;
}

/**
 * Social shapes: the portrait centred at the top with everything centred under it, or (portrait left
 * or right) the portrait beside the overline, name and agency with the contacts and bio under both; the
 * logo last. The whole card is centred in the text band, so a short one does not leave the foot empty.
 */
export function agentSocial(c: SlideContent, p: Palette, _photo: PhotoPlacer, f: SocialFrame): SlideBuilder {
  // Laid out once to measure it, then again where it is centred.
  const used = agentCard(new SlideBuilder(p.primary, c.fonts), c, p, f, f.top) - f.top;
  const b = new SlideBuilder(p.primary, c.fonts);
  agentCard(b, c, p, f, f.top + Math.max(0, Math.round((f.bottom - f.top - used) / 2)));
  return b;
}

/** The social agent card from row `top`; returns the row it ends on. */
function agentCard(b: SlideBuilder, c: SlideContent, p: Palette, f: SocialFrame, top: number): number {
  const centered = c.layout === 'agent-centered';
  // The centred square gives its small print's rows from the portrait.
  const d = { social_square: c.disclaimer && centered ? 200 : 260, social_portrait: 320, social_story: 380 }[
    f.shape
  ];
  const w = f.w - 2 * f.m;
  const logoRoom = c.logo ? 140 : 0;
  const name = { ...SOCIAL_TYPE.title, maxSize: 72, maxLines: 2 };
  let column: TextColumn;
  if (centered) {
    portrait(b, c, p, { d, cx: f.w / 2, cy: top + 12 + d / 2 });
    column = new TextColumn(b, f.m, w, top + d + 64, f.bottom - logoRoom, 'center');
    socialHeading(column, c, p, name);
  } else {
    const left = c.layout === 'agent-portrait-left';
    const side = d * 0.8;
    const cx = left ? f.m + 12 + side / 2 : f.w - f.m - 12 - side / 2;
    portrait(b, c, p, { d: side, cx, cy: top + 12 + side / 2 });
    const heading = new TextColumn(b, left ? f.m + side + 72 : f.m, w - side - 72, top + 24, top + side + 24);
    socialHeading(heading, c, p, { ...name, maxSize: 64, maxLines: 3 });
    column = new TextColumn(b, f.m, w, Math.max(heading.y, top + side + 24), f.bottom - logoRoom);
  }
  column.space(36);
  column.rule(p.accentOnPrimary, 40);
  // The licence beside the phone: a card short of rows has no line to spare for it.
  const phone = [c.agent.phone, licenceLine(c)].filter(Boolean).join('  ·  ') || undefined;
  column.text('phone', phone, p.onPrimary, SOCIAL_TYPE.line, { gap: 16 });
  column.text('email', c.agent.email, p.onPrimary, SOCIAL_TYPE.line, { gap: 32 });
  column.text('description', c.description, p.mutedOnPrimary, SOCIAL_TYPE.body, { minLines: 2 });
  const plate = b.logo(
    c.logo,
    { x: centered ? f.w / 2 - 150 : f.m, y: column.y + 40, w: 300, h: 100 },
    centered ? 'center' : 'left',
  );
  return plate ? plate.y + plate.h : column.y;
}

/** Overline, name and agency at the top of the details. */
function socialHeading(column: TextColumn, c: SlideContent, p: Palette, name: FitOptions): void {
  column.text('overline', c.title ?? 'Your agent', p.accentOnPrimary, SOCIAL_TYPE.overline, { gap: 16 });
  column.text('name', c.agent.name ?? c.agent.agency ?? 'Contact us', p.onPrimary, name, { gap: 12 });
  if (c.agent.name)
    column.text('agency', agencyText(c), p.mutedOnPrimary, { ...SOCIAL_TYPE.meta, maxSize: 34 });
}

/** The round portrait of diameter d centred on (cx, cy) in an accent ring: the headshot, or the initials on a disc. */
function portrait(
  b: SlideBuilder,
  c: SlideContent,
  p: Palette,
  { d, cx, cy }: { d: number; cx: number; cy: number },
): void {
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
function agentHeading(
  b: SlideBuilder,
  c: SlideContent,
  p: Palette,
  col: DetailsColumn,
  lift: number,
): number {
  const { x, w, align, centered } = col;
  let y = centered ? 426 - lift / 2 : 250 - lift;
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
    const ag = b.text('agency', agencyText(c)!, { x, y, w, h: 48 }, p.mutedOnPrimary, {
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

/**
 * The licence line of the agent's details: the agent's licence under their name, or, on a card that
 * names only the agency, the agency's.
 */
function licenceLine(c: SlideContent): string | undefined {
  const licence = c.agent.name ? c.agent.licence : c.agent.agency ? c.agent.agencyLicence : undefined;
  return licence ? `Licence ${licence}` : undefined;
}

/** Phone, e-mail and licence from row y; returns the row below them. */
function contactLines(b: SlideBuilder, c: SlideContent, p: Palette, col: DetailsColumn, y: number): number {
  const { x, w, align, centered } = col;
  // Side layouts list phone and e-mail on their own lines; the centred one, short of height, on one.
  const contacts: [string, string | undefined][] = centered
    ? [
        [
          'contact',
          [c.agent.phone, c.agent.email, licenceLine(c)].filter(Boolean).join('   ·   ') || undefined,
        ],
      ]
    : [
        ['phone', c.agent.phone],
        ['email', c.agent.email],
        ['licence', licenceLine(c)],
      ];
  let next = y;
  for (const [role, value] of contacts) {
    if (!value) continue;
    // The licence reads as a detail of the contacts above it: regular weight, muted, a size smaller.
    const licence = role === 'licence';
    const f = b.text(role, value, { x, y: next, w, h: 56 }, licence ? p.mutedOnPrimary : p.onPrimary, {
      weight: licence ? 'regular' : 'bold',
      maxSize: centered ? 36 : licence ? 32 : 40,
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
function bio(
  b: SlideBuilder,
  c: SlideContent,
  p: Palette,
  col: DetailsColumn,
  y: number,
  lift: number,
): void {
  const { x, w, align, centered } = col;
  const bioBottom = (centered ? 920 : 870) - lift;
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
