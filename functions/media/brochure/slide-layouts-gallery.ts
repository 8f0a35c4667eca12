// Gallery slides: photos on a dark shade of the brand colour, as a strip of three, a grid of up to six,
// or a hero photo with up to three beside it; the title and subtitle on one line below.
import type { Box } from '../remotion/brochure-scene.ts';
import { mix, textColourOn } from './colour.ts';
import { mutedText, SlideBuilder } from './slide-builder.ts';
import {
  type Palette,
  type PhotoPlacer,
  type SlideContent,
  splitAddress,
  W,
} from './slide-layouts-common.ts';

export function gallery(c: SlideContent, p: Palette, photo: PhotoPlacer): SlideBuilder {
  const bg = mix(p.primary, '#000000', 0.45);
  const b = new SlideBuilder(bg, c.fonts);
  const onBg = textColourOn(bg);
  const g = 48;
  const area = { x: g, y: g, w: W - 2 * g, h: 880 };
  for (const box of galleryBoxes(c, area)) photo(b, box);
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

/** The photo boxes of the layout in the area, for the photos there are (at least one box). */
function galleryBoxes(c: SlideContent, area: Box): Box[] {
  const gap = 16;
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
  return boxes;
}
