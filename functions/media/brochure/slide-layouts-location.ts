// Location slides: a map (half the slide, left or right, or all of it) with a pin on the property and
// its street on a tag above the pin; beside it, or on a card over a full map, the suburb, the address and
// the description. In the social shapes the map is above the text, or under a card at the foot.
import type { Box } from '../remotion/brochure-scene.ts';
import { INK } from './colour.ts';
import { pinPath, SlideBuilder } from './slide-builder.ts';
import {
  H,
  M,
  type Palette,
  type SlideContent,
  SOCIAL_TYPE,
  type SocialFrame,
  smallPrintRoom,
  splitAddress,
  TextColumn,
  textBandFrom,
  W,
} from './slide-layouts-common.ts';

/** The text panel beside the map or on it, and the colours its text is drawn in. */
interface LocationPanel {
  readonly panel: Box;
  readonly onPanel: string;
  readonly accent: string;
  readonly muted: string;
}

export function location(c: SlideContent, p: Palette): SlideBuilder {
  const b = new SlideBuilder(p.paper, c.fonts);
  const [street, locality] = splitAddress(c.address);
  const full = c.layout === 'location-map-full';
  const mapLeft = c.layout !== 'location-map-right';
  const map: Box = full ? { x: 0, y: 0, w: W, h: H } : { x: mapLeft ? 0 : W - 1152, y: 0, w: 1152, h: H };
  // The property is at the centre of a half-slide map, right of the text card on a full-slide one.
  mapWithPin(b, p, map, { x: full ? map.x + map.w * 0.62 : map.x + map.w / 2, y: map.y + map.h / 2 }, street);
  const { panel, onPanel, accent, muted } = locationPanel(b, p, full, mapLeft, smallPrintRoom(c));
  const x = panel.x + 72;
  const w = panel.w - 144;
  b.text('overline', 'Location', { x, y: panel.y + 96, w, h: 40 }, accent, {
    weight: 'bold',
    maxSize: 26,
    minSize: 20,
    maxLines: 1,
    uppercase: true,
  });
  const t = b.text('title', locationTitle(c), { x, y: panel.y + 150, w, h: 180 }, onPanel, {
    weight: 'bold',
    maxSize: 72,
    minSize: 40,
    maxLines: 2,
    lineHeight: 1.1,
  });
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

/** The suburb (the locality without its state and postcode), else the street. */
function locationTitle(c: SlideContent): string {
  const [street, locality] = splitAddress(c.address);
  return c.title ?? (locality.replace(/\s+(NSW|VIC|QLD|WA|SA|TAS|ACT|NT)\b.*$/, '') || street);
}

/**
 * Social shapes: the map across the top with the text on the paper below, or (map-full) the map over
 * the whole slide with the text on a brand-colour card at the foot. The pin is in the middle of the map
 * that shows, so its street tag stays clear of the logo and, on a story, of the app's top bar.
 */
export function locationSocial(c: SlideContent, p: Palette, _photo: unknown, f: SocialFrame): SlideBuilder {
  const b = new SlideBuilder(p.paper, c.fonts);
  const [street, locality] = splitAddress(c.address);
  const full = c.layout === 'location-map-full';
  const textY = textBandFrom(f, f.shape === 'social_square' ? 0.5 : 0.44);
  const map = { x: 0, y: 0, w: f.w, h: full ? f.h : textY };
  // The pin in the middle of the map above the text, low enough that its tag clears the logo.
  const pinY = Math.max(f.safeTop + 376, Math.round((f.safeTop + textY) / 2));
  mapWithPin(b, p, map, { x: f.w / 2, y: pinY }, street);
  b.logo(c.logo, { x: 48, y: f.safeTop + 48, w: 300, h: 110 });
  let colours = { on: p.ink, accent: p.accentOnPaper, muted: p.mutedInk };
  let x = f.m;
  if (full) {
    b.rect({ x: f.m - 24, y: textY, w: f.w - 2 * f.m + 48, h: f.bottom - textY + 24 }, p.primary, {
      radius: 16,
    });
    colours = { on: p.onPrimary, accent: p.accentOnPrimary, muted: p.mutedOnPrimary };
    x = f.m + 32;
  } else b.rect({ x: 0, y: textY - 8, w: f.w, h: 8 }, p.accent);
  const column = new TextColumn(b, x, f.w - 2 * x, textY + 44, f.bottom - (full ? 8 : 0));
  column.heading('Location', locationTitle(c), colours, 2);
  column.text(
    'address',
    locality ? `${street}\n${locality}` : street,
    colours.on,
    {
      ...SOCIAL_TYPE.line,
      maxSize: 36,
      maxLines: 2,
    },
    { gap: 24 },
  );
  column.text('description', c.description, colours.muted, SOCIAL_TYPE.body);
  return b;
}

/** The map slot, the pin with its tip on the property at `tip`, and the street on a white tag above it. */
function mapWithPin(
  b: SlideBuilder,
  p: Palette,
  map: Box,
  tip: { x: number; y: number },
  street: string,
): void {
  b.image('map', map, { kind: 'map' });
  // The map is drawn with the property under the pin's tip (mapFocus tells the map renderer where).
  const pinX = tip.x;
  const pinY = tip.y;
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
}

/** A brand-colour card over a full map, else the paper beside the map. */
function locationPanel(
  b: SlideBuilder,
  p: Palette,
  full: boolean,
  mapLeft: boolean,
  lift: number,
): LocationPanel {
  if (full) {
    // With small print the card moves up by half of its rows and gives up the other half, clear of it.
    const panel = { x: M, y: M - lift / 2, w: 680, h: H - 2 * M - lift / 2 };
    b.rect(panel, p.primary, { radius: 16 });
    return { panel, onPanel: p.onPrimary, accent: p.accentOnPrimary, muted: p.mutedOnPrimary };
  }
  return {
    panel: { x: mapLeft ? 1152 : 0, y: 0, w: W - 1152, h: H },
    onPanel: p.ink,
    accent: p.accentOnPaper,
    muted: p.mutedInk,
  };
}
