// The six slide types and their layouts, as display lists at 1920x1080. Each layout places its text
// boxes and image slots on a grid with a 96 px margin; text is fitted into its box (shrunk within the
// bounds given here, then ellipsised at a word boundary), and what follows a text block is placed
// from the height that block actually used, so short text does not leave holes and long text never
// overlaps the next block.
import {
  type Box,
  BROCHURE_SLIDE_SIZE,
  type BrochureSlideType,
  type SceneElement,
} from '../../media/remotion/brochure-scene.ts';
import { accentOn, INK, mix, textColourOn } from './colour.ts';
import type { SlideLayoutId } from './layout-rules.ts';
import { type ImageSlot, mutedText, pinPath, SlideBuilder } from './slide-builder.ts';
import { fitText } from './text-fit.ts';

const W = BROCHURE_SLIDE_SIZE.width;
const H = BROCHURE_SLIDE_SIZE.height;
const M = 96;

export const DEFAULT_COLOURS = { primary: '#1F3A5F', secondary: '#C9A227' } as const;
const PAPER_BG = '#F6F4EF';

export interface SlideContent {
  readonly type: BrochureSlideType;
  readonly layout: SlideLayoutId;
  readonly address: string;
  readonly title?: string;
  readonly description?: string;
  readonly propertyDescription?: string;
  readonly price?: string;
  readonly agent: {
    readonly name?: string;
    readonly phone?: string;
    readonly email?: string;
    readonly agency?: string;
  };
  readonly colours: { readonly primary: string; readonly secondary: string };
  /** How many photos the slide may use (already downloaded, in order). */
  readonly photoCount: number;
  /** Pixel size of the downloaded logo, when there is one. */
  readonly logo?: { readonly width: number; readonly height: number };
  readonly hasHeadshot: boolean;
}

export interface SlideLayoutResult {
  readonly background: string;
  readonly elements: readonly SceneElement[];
  readonly slots: readonly ImageSlot[];
  /** Text roles that end in an ellipsis. */
  readonly truncated: readonly string[];
  /** Indices of the photos the slide shows, in reading order. */
  readonly photosUsed: readonly number[];
  /** Where on the map slot the property must be, as shares of its width and height. */
  readonly mapFocus?: { readonly x: number; readonly y: number };
}

/** The palette every layout draws with: brand colours plus the text colours that pass AA on them. */
function palette(content: SlideContent) {
  const primary = content.colours.primary;
  const onPrimary = textColourOn(primary);
  return {
    primary,
    onPrimary,
    mutedOnPrimary: mutedText(onPrimary, primary, 0.22),
    accentOnPrimary: accentOn(content.colours.secondary, primary),
    accent: content.colours.secondary,
    paper: PAPER_BG,
    ink: INK,
    mutedInk: mutedText(INK, PAPER_BG, 0.3),
    accentOnPaper: accentOn(content.colours.secondary, PAPER_BG),
    rule: mix(INK, PAPER_BG, 0.82),
    tint: mix(primary, '#FFFFFF', 0.82),
  };
}
type Palette = ReturnType<typeof palette>;

/** "12 Smith Street, Surry Hills NSW 2010" -> ["12 Smith Street", "Surry Hills NSW 2010"]. */
export function splitAddress(address: string): [string, string] {
  const i = address.indexOf(',');
  return i < 0 ? [address, ''] : [address.slice(0, i).trim(), address.slice(i + 1).trim()];
}

/** Feature lines from free text: one per line, or split on ";" / "•", else one per sentence. */
export function featureList(text: string | undefined): string[] {
  if (!text) return [];
  let parts = text
    .split(/\r?\n|;|•/)
    .map((p) => p.replace(/^\s*[-*–]\s*/, '').trim())
    .filter(Boolean);
  if (parts.length <= 1)
    parts = text
      .split(/(?<=[.!?])\s+(?=[A-Z0-9])/)
      .map((p) => p.trim())
      .filter(Boolean);
  return parts.map((p) => p.replace(/\.$/, ''));
}

export function layoutSlide(content: SlideContent): SlideLayoutResult {
  const p = palette(content);
  const photos: number[] = [];
  const photo = (b: SlideBuilder, box: Box, name = `photo-${photos.length}`) => {
    const index = photos.length;
    if (index < content.photoCount) {
      photos.push(index);
      b.image(name, box, { kind: 'photo', index });
    } else b.emptyPhoto(box, p.tint);
  };
  const builder = LAYOUTS[content.type](content, p, photo);
  return {
    background: builder.background,
    elements: builder.elements,
    slots: builder.slots,
    truncated: builder.truncated,
    photosUsed: photos,
    ...(builder.mapFocus ? { mapFocus: builder.mapFocus } : {}),
  };
}

type PhotoPlacer = (b: SlideBuilder, box: Box, name?: string) => void;
type Layout = (c: SlideContent, p: Palette, photo: PhotoPlacer) => SlideBuilder;

const LAYOUTS: Record<BrochureSlideType, Layout> = { cover, features, gallery, location, agent, content };

// ---------------------------------------------------------------------------------------------------------

function cover(c: SlideContent, p: Palette, photo: PhotoPlacer): SlideBuilder {
  const b = new SlideBuilder(p.primary);
  const [street, locality] = splitAddress(c.address);
  const title = c.title ?? street;
  const subtitle = c.description ?? (c.title ? c.address : locality);
  if (c.layout === 'cover-full-bleed') {
    photo(b, { x: 0, y: 0, w: W, h: 800 });
    b.rect({ x: 0, y: 800, w: W, h: H - 800 }, p.primary);
    b.rect({ x: 0, y: 792, w: W, h: 8 }, p.accent);
    b.logo(c.logo, { x: 64, y: 56, w: 380, h: 150 });
    const t = b.text('title', title, { x: M, y: 846, w: 1140, h: 128 }, p.onPrimary, {
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
        { x: M, y: 846 + t.usedHeight + 18, w: 1140, h: H - 40 - (846 + t.usedHeight + 18) },
        p.mutedOnPrimary,
        { weight: 'regular', maxSize: 34, minSize: 22, maxLines: 2 },
      );
    }
    const right = { x: 1300, w: W - M - 1300 };
    // One line: a price broken over two lines reads as two prices.
    if (c.price)
      b.text('price', c.price, { ...right, y: 866, h: 80 }, p.accentOnPrimary, {
        weight: 'bold',
        maxSize: 54,
        minSize: 28,
        maxLines: 1,
        align: 'right',
      });
    if (c.agent.agency)
      b.text('agency', c.agent.agency, { ...right, y: 992, h: 44 }, p.mutedOnPrimary, {
        weight: 'regular',
        maxSize: 28,
        minSize: 20,
        maxLines: 1,
        align: 'right',
      });
    return b;
  }
  const imageLeft = c.layout === 'cover-image-left';
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
      { x, y: 440 + t.usedHeight + 28, w, h: 820 - (440 + t.usedHeight + 28) },
      p.mutedOnPrimary,
      { weight: 'regular', maxSize: 34, minSize: 22, lineHeight: 1.35 },
    );
  if (c.price)
    b.text('price', c.price, { x, y: 850, w, h: 64 }, p.accentOnPrimary, {
      weight: 'bold',
      maxSize: 50,
      minSize: 28,
      maxLines: 1,
    });
  if (c.agent.agency)
    b.text('agency', c.agent.agency, { x, y: 940, w, h: 44 }, p.mutedOnPrimary, {
      weight: 'regular',
      maxSize: 28,
      minSize: 20,
      maxLines: 1,
    });
  return b;
}

function features(c: SlideContent, p: Palette, photo: PhotoPlacer): SlideBuilder {
  const b = new SlideBuilder(p.paper);
  const items = featureList(c.description ?? c.propertyDescription).slice(0, 8);
  const title = c.title ?? 'Features';
  const [street] = splitAddress(c.address);
  let area: Box;
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
    area = { x: M, y: 390, w: W - 2 * M, h: 520 };
  } else {
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
    area = { x, y: 164 + t.usedHeight + 86, w, h: 900 - (164 + t.usedHeight + 86) };
  }
  const columns = items.length > 4 ? 2 : 1;
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
  const itemOptions = { weight: 'regular', maxSize: 34, minSize: 22, maxLines: 2, lineHeight: 1.2 } as const;
  const common = Math.min(...items.map((item, i) => fitText(item, itemBox(i), itemOptions).size));
  items.forEach((item, i) => {
    const box = itemBox(i);
    b.rect({ x: box.x - 40, y: box.y + 14, w: 16, h: 16 }, p.accentOnPaper, { radius: 3 });
    b.text(`feature-${i}`, item, box, p.ink, { ...itemOptions, maxSize: common });
  });
  const footX = c.layout === 'features-image-left' ? 896 : M;
  const footW = c.layout === 'features-two-column' ? W - 2 * M : W - 800 - 2 * M;
  b.rect({ x: footX, y: 944, w: footW, h: 2 }, p.rule);
  b.text(
    'footer',
    [c.address, c.price].filter(Boolean).join('  ·  '),
    { x: footX, y: 966, w: footW, h: 40 },
    p.mutedInk,
    { weight: 'regular', maxSize: 26, minSize: 18, maxLines: 1 },
  );
  return b;
}

function gallery(c: SlideContent, p: Palette, photo: PhotoPlacer): SlideBuilder {
  const bg = mix(p.primary, '#000000', 0.45);
  const b = new SlideBuilder(bg);
  const onBg = textColourOn(bg);
  const g = 48;
  const gap = 16;
  const area = { x: g, y: g, w: W - 2 * g, h: 880 };
  const n = Math.max(1, c.photoCount);
  const boxes: Box[] = [];
  if (c.layout === 'gallery-strip') {
    const k = Math.min(3, n);
    const w = (area.w - gap * (k - 1)) / k;
    for (let i = 0; i < k; i += 1) boxes.push({ x: area.x + i * (w + gap), y: area.y, w, h: area.h });
  } else if (c.layout === 'gallery-grid') {
    const k = Math.min(6, n);
    const cols = k <= 2 ? k : k <= 4 ? 2 : 3;
    const rows = Math.ceil(k / cols);
    const w = (area.w - gap * (cols - 1)) / cols;
    const h = (area.h - gap * (rows - 1)) / rows;
    for (let i = 0; i < k; i += 1) {
      // A short last row is centred rather than left with a hole at its end.
      const row = Math.floor(i / cols);
      const inRow = row === rows - 1 ? k - row * cols : cols;
      const rowW = inRow * w + (inRow - 1) * gap;
      boxes.push({
        x: area.x + (area.w - rowW) / 2 + (i % cols) * (w + gap),
        y: area.y + row * (h + gap),
        w,
        h,
      });
    }
  } else {
    const k = Math.min(4, n);
    if (k === 1) boxes.push(area);
    else {
      const heroW = k === 2 ? (area.w - gap) / 2 : Math.round(area.w * 0.64);
      boxes.push({ ...area, w: heroW });
      const side = k - 1;
      const h = (area.h - gap * (side - 1)) / side;
      for (let i = 0; i < side; i += 1)
        boxes.push({ x: area.x + heroW + gap, y: area.y + i * (h + gap), w: area.w - heroW - gap, h });
    }
  }
  for (const box of boxes) photo(b, box);
  const plate = b.logo(c.logo, { x: W - g - 300, y: 952, w: 300, h: 96 }, 'right');
  const textW = (plate ? plate.x - 40 : W - g) - g;
  const [street, locality] = splitAddress(c.address);
  const t = b.text('title', c.title ?? street, { x: g, y: 958, w: textW * 0.6, h: 60 }, onBg, {
    weight: 'bold',
    maxSize: 44,
    minSize: 26,
    maxLines: 1,
  });
  const used = Math.max(...t.lines.map((l) => l.width), 0);
  b.text(
    'subtitle',
    c.description ?? locality,
    { x: g + used + 32, y: 970, w: textW - used - 32, h: 44 },
    mutedText(onBg, bg, 0.3),
    { weight: 'regular', maxSize: 30, minSize: 20, maxLines: 1 },
  );
  return b;
}

function location(c: SlideContent, p: Palette): SlideBuilder {
  const b = new SlideBuilder(p.paper);
  const [street, locality] = splitAddress(c.address);
  const full = c.layout === 'location-map-full';
  const mapLeft = c.layout !== 'location-map-right';
  const map: Box = full ? { x: 0, y: 0, w: W, h: H } : { x: mapLeft ? 0 : W - 1152, y: 0, w: 1152, h: H };
  b.image('map', map, { kind: 'map' });
  // The map is drawn with the property under the pin's tip (mapFocus tells the map renderer where):
  // the centre of a half-slide map, right of the text card on a full-slide one.
  const pinX = full ? map.x + map.w * 0.62 : map.x + map.w / 2;
  const pinY = map.y + map.h / 2;
  b.mapFocus = { x: (pinX - map.x) / map.w, y: (pinY - map.y) / map.h };
  const pin = pinPath(pinX, pinY, 72);
  b.path(pin.outer, p.primary, pin.bounds, { colour: '#FFFFFF', width: 5 });
  b.path(pin.inner, '#FFFFFF', pin.bounds);
  // The street address on a white tag above the pin.
  const tagText = b.text('map-label', street, { x: pinX - 300, y: pinY - 190, w: 600, h: 44 }, INK, {
    weight: 'bold',
    maxSize: 30,
    minSize: 20,
    maxLines: 1,
    align: 'center',
  });
  const tagW = Math.max(...tagText.lines.map((l) => l.width), 0) + 48;
  b.elements.splice(b.elements.length - 1, 0, {
    kind: 'rect',
    x: Math.round(pinX - tagW / 2),
    y: pinY - 206,
    w: Math.round(tagW),
    h: 72,
    fill: '#FFFFFF',
    radius: 10,
  });
  let panel: Box;
  let onPanel: string;
  let accent: string;
  let muted: string;
  if (full) {
    panel = { x: M, y: M, w: 680, h: H - 2 * M };
    b.rect(panel, p.primary, { radius: 16 });
    onPanel = p.onPrimary;
    accent = p.accentOnPrimary;
    muted = p.mutedOnPrimary;
  } else {
    panel = { x: mapLeft ? 1152 : 0, y: 0, w: W - 1152, h: H };
    onPanel = p.ink;
    accent = p.accentOnPaper;
    muted = p.mutedInk;
  }
  const x = panel.x + 72;
  const w = panel.w - 144;
  b.text('overline', 'Location', { x, y: panel.y + 96, w, h: 40 }, accent, {
    weight: 'bold',
    maxSize: 26,
    minSize: 20,
    maxLines: 1,
    uppercase: true,
  });
  const t = b.text(
    'title',
    c.title ?? (locality.replace(/\s+(NSW|VIC|QLD|WA|SA|TAS|ACT|NT)\b.*$/, '') || street),
    { x, y: panel.y + 150, w, h: 180 },
    onPanel,
    { weight: 'bold', maxSize: 72, minSize: 40, maxLines: 2, lineHeight: 1.1 },
  );
  let y = panel.y + 150 + t.usedHeight + 30;
  b.rect({ x, y, w: 96, h: 8 }, accent);
  y += 44;
  // Street and locality on their own lines, as on an envelope.
  const a = b.text('address', locality ? `${street}\n${locality}` : street, { x, y, w, h: 100 }, onPanel, {
    weight: 'bold',
    maxSize: 34,
    minSize: 24,
    maxLines: 2,
  });
  y += a.usedHeight + 28;
  const body = c.description;
  if (body)
    b.text('description', body, { x, y, w, h: panel.y + panel.h - 150 - y }, muted, {
      weight: 'regular',
      maxSize: 30,
      minSize: 22,
      lineHeight: 1.45,
    });
  b.logo(c.logo, { x, y: panel.y + panel.h - 130, w: 300, h: 96 });
  return b;
}

function agent(c: SlideContent, p: Palette, _photo: PhotoPlacer): SlideBuilder {
  const b = new SlideBuilder(p.primary);
  const centered = c.layout === 'agent-centered';
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
  const align = centered ? 'center' : 'left';
  const x = centered ? 360 : c.layout === 'agent-portrait-left' ? 960 : M;
  const w = centered ? W - 720 : 864;
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
  y += 44;
  // Side layouts list phone and e-mail on their own lines; the centred one, short of height, on one.
  const contacts: [string, string | undefined][] = centered
    ? [['contact', [c.agent.phone, c.agent.email].filter(Boolean).join('   ·   ') || undefined]]
    : [
        ['phone', c.agent.phone],
        ['email', c.agent.email],
      ];
  for (const [role, value] of contacts) {
    if (!value) continue;
    const f = b.text(role, value, { x, y, w, h: 56 }, p.onPrimary, {
      weight: 'bold',
      maxSize: centered ? 36 : 40,
      minSize: 24,
      maxLines: 1,
      align,
    });
    y += f.usedHeight + 18;
  }
  // The bio takes the room left above the logo; with less than two lines' worth it is left out
  // (and reported as truncated) rather than squeezed into the logo.
  const bioBottom = centered ? 920 : 870;
  if (c.description && bioBottom - (y + 16) >= 80) {
    y += 16;
    b.text('description', c.description, { x, y, w, h: bioBottom - y }, p.mutedOnPrimary, {
      weight: 'regular',
      maxSize: 30,
      minSize: 22,
      lineHeight: 1.4,
      align,
    });
  } else if (c.description) b.truncated.push('description');
  b.logo(
    c.logo,
    centered ? { x: W / 2 - 150, y: 950, w: 300, h: 96 } : { x: x, y: 900, w: 320, h: 110 },
    centered ? 'center' : 'left',
  );
  return b;
}

function content(c: SlideContent, p: Palette, photo: PhotoPlacer): SlideBuilder {
  const b = new SlideBuilder(p.paper);
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
