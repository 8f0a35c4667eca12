// Gallery slides: photos on a dark shade of the brand colour, as a strip of three, a grid of up to six,
// or a hero photo with up to three beside it; the title and subtitle on one line below. In the social
// shapes the title and subtitle are stacked beside the logo, and a tall photo area turns the strip and
// the hero a quarter: the strip's photos one above another, the others in a row under the hero.
import type { Box } from '../remotion/brochure-scene.ts';
import { mix, textColourOn } from './colour.ts';
import { mutedText, SlideBuilder } from './slide-builder.ts';
import {
  type Palette,
  type PhotoPlacer,
  type SlideContent,
  SOCIAL_TYPE,
  type SocialFrame,
  smallPrintRoom,
  splitAddress,
  stackUp,
  W,
} from './slide-layouts-common.ts';

/** The dark shade the photos sit on, and the text colours that read on it. */
function galleryCanvas(c: SlideContent, p: Palette) {
  const bg = mix(p.primary, '#000000', 0.45);
  const onBg = textColourOn(bg);
  return { b: new SlideBuilder(bg, c.fonts), onBg, mutedOnBg: mutedText(onBg, bg, 0.3) };
}

export function gallery(c: SlideContent, p: Palette, photo: PhotoPlacer): SlideBuilder {
  const { b, onBg, mutedOnBg } = galleryCanvas(c, p);
  const g = 48;
  // With small print the photos give up its rows, and the title row moves up above it.
  const lift = smallPrintRoom(c);
  const area = { x: g, y: g, w: W - 2 * g, h: 880 - lift };
  for (const box of galleryBoxes(c, area)) photo(b, box);
  const plate = b.logo(c.logo, { x: W - g - 300, y: 952 - lift, w: 300, h: 96 }, 'right');
  const textW = (plate ? plate.x - 40 : W - g) - g;
  const [street, locality] = splitAddress(c.address);
  const t = b.text('title', c.title ?? street, { x: g, y: 958 - lift, w: textW * 0.6, h: 60 }, onBg, {
    weight: 'bold',
    maxSize: 44,
    minSize: 26,
    maxLines: 1,
  });
  const used = Math.max(...t.lines.map((l) => l.width), 0);
  b.text(
    'subtitle',
    c.description ?? locality,
    { x: g + used + 32, y: 970 - lift, w: textW - used - 32, h: 44 },
    mutedOnBg,
    { weight: 'regular', maxSize: 30, minSize: 20, maxLines: 1 },
  );
  return b;
}

/**
 * Social shapes: the title and subtitle at the foot with the logo at their right, set up from the foot
 * so the photos take all the room above them.
 */
export function gallerySocial(c: SlideContent, p: Palette, photo: PhotoPlacer, f: SocialFrame): SlideBuilder {
  const { b, onBg, mutedOnBg } = galleryCanvas(c, p);
  const plate = b.logo(c.logo, { x: f.w - f.m - 280, y: f.bottom - 100, w: 280, h: 100 }, 'right');
  const [street, locality] = splitAddress(c.address);
  const top = stackUp(b, { x: f.m, w: (plate ? plate.x - 40 : f.w - f.m) - f.m, bottom: f.bottom }, [
    {
      role: 'title',
      text: c.title ?? street,
      colour: onBg,
      options: { ...SOCIAL_TYPE.title, maxSize: 60, minSize: 40, maxLines: 2 },
      gap: 12,
    },
    {
      role: 'subtitle',
      text: c.description ?? locality,
      colour: mutedOnBg,
      options: { ...SOCIAL_TYPE.body, maxLines: 2 },
    },
  ]);
  const g = 40;
  const area = { x: g, y: g, w: f.w - 2 * g, h: Math.min(top, plate?.y ?? top) - 40 - g };
  for (const box of galleryBoxes(c, area)) photo(b, box);
  return b;
}

/** A box mirrored across the diagonal: a layout for a wide area, turned for a tall one. */
const turned = (box: Box): Box => ({ x: box.y, y: box.x, w: box.h, h: box.w });

/** The photo boxes of the layout in the area, for the photos there are (at least one box). */
function galleryBoxes(c: SlideContent, area: Box): Box[] {
  if (area.h > area.w && c.layout !== 'gallery-grid') return galleryBoxes(c, turned(area)).map(turned);
  const gap = 16;
  const n = Math.max(1, c.photoCount);
  const boxes: Box[] = [];
  if (c.layout === 'gallery-strip') {
    const k = Math.min(3, n);
    const w = (area.w - gap * (k - 1)) / k;
    for (let i = 0; i < k; i += 1) boxes.push({ x: area.x + i * (w + gap), y: area.y, w, h: area.h });
  } else if (c.layout === 'gallery-grid') {
    const k = Math.min(6, n);
    // A tall area has one column for two photos and two for more.
    const cols = area.h > area.w ? Math.min(2, k === 2 ? 1 : k) : k <= 2 ? k : k <= 4 ? 2 : 3;
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
  return boxes;
}
