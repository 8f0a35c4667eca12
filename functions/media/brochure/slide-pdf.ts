// The print-ready PDF of a slide: A4 landscape, the slide scaled to the page width and centred, drawn
// from the same display list as the PNG. Shapes and text are vectors (text as the DejaVu glyph
// outlines the layout measured, so it is sharp at any zoom but not selectable); photos are the
// prepared slot files, at 300 dpi or better when the source allowed it.
import {
  appendBezierCurve,
  clip,
  closePath,
  endPath,
  moveTo,
  PDFDocument,
  type PDFImage,
  popGraphicsState,
  pushGraphicsState,
  rgb,
} from 'pdf-lib';
import { type Box, BROCHURE_SLIDE_SIZE, type BrochureSlideProps } from '../remotion/brochure-scene.ts';
import { parseHex } from './colour.ts';
import type { PreparedImage } from './prepare-images.ts';

/** A4 landscape in PDF points (1/72 inch). */
export const A4_LANDSCAPE = { width: 841.89, height: 595.28 } as const;

interface SlidePdfOptions {
  readonly title: string;
  readonly author?: string;
}

const colour = (hex: string) => {
  const [r, g, b] = parseHex(hex);
  return rgb(r / 255, g / 255, b / 255);
};

function roundedRect({ x, y, w, h }: Box, r: number): string {
  const k = Math.min(r, w / 2, h / 2);
  if (k <= 0) return `M${x} ${y}H${x + w}V${y + h}H${x}Z`;
  return `M${x + k} ${y}H${x + w - k}A${k} ${k} 0 0 1 ${x + w} ${y + k}V${y + h - k}A${k} ${k} 0 0 1 ${x + w - k} ${y + h}H${x + k}A${k} ${k} 0 0 1 ${x} ${y + h - k}V${y + k}A${k} ${k} 0 0 1 ${x + k} ${y}Z`;
}

export async function slidePdf(
  scene: Pick<BrochureSlideProps, 'background' | 'elements'>,
  images: ReadonlyMap<string, PreparedImage>,
  options: SlidePdfOptions,
): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.setTitle(options.title);
  if (options.author) doc.setAuthor(options.author);
  doc.setCreator('property-media-service brochure slides');
  doc.setProducer('pdf-lib');
  const page = doc.addPage([A4_LANDSCAPE.width, A4_LANDSCAPE.height]);
  const s = A4_LANDSCAPE.width / BROCHURE_SLIDE_SIZE.width;
  const slideHeight = BROCHURE_SLIDE_SIZE.height * s;
  const bottom = (A4_LANDSCAPE.height - slideHeight) / 2;
  const top = bottom + slideHeight;
  // Slide pixels (y down) to page points (y up).
  const px = (x: number) => x * s;
  const py = (y: number) => top - y * s;
  const svg = { x: 0, y: top, scale: s };

  page.drawRectangle({
    x: 0,
    y: bottom,
    width: A4_LANDSCAPE.width,
    height: slideHeight,
    color: colour(scene.background),
  });
  const embedded = new Map<string, PDFImage>();
  for (const element of scene.elements) {
    switch (element.kind) {
      case 'rect':
        page.drawSvgPath(roundedRect(element, element.radius ?? 0), {
          ...svg,
          color: colour(element.fill),
          opacity: element.opacity ?? 1,
          borderWidth: 0,
        });
        break;
      case 'image': {
        const prepared = images.get(element.image);
        if (!prepared) throw new Error(`no prepared image for slot ${element.image}`);
        let image = embedded.get(element.image);
        if (!image) {
          image =
            prepared.contentType === 'image/png'
              ? await doc.embedPng(prepared.bytes)
              : await doc.embedJpg(prepared.bytes);
          embedded.set(element.image, image);
        }
        const placement = {
          x: px(element.x),
          y: py(element.y + element.h),
          width: px(element.w),
          height: element.h * s,
        };
        if (element.circle) {
          // Clip to the inscribed circle: four Bezier quarter arcs (k = 0.5523 approximates a circle).
          const cx = placement.x + placement.width / 2;
          const cy = placement.y + placement.height / 2;
          const r = Math.min(placement.width, placement.height) / 2;
          const k = 0.5523 * r;
          page.pushOperators(
            pushGraphicsState(),
            moveTo(cx + r, cy),
            appendBezierCurve(cx + r, cy + k, cx + k, cy + r, cx, cy + r),
            appendBezierCurve(cx - k, cy + r, cx - r, cy + k, cx - r, cy),
            appendBezierCurve(cx - r, cy - k, cx - k, cy - r, cx, cy - r),
            appendBezierCurve(cx + k, cy - r, cx + r, cy - k, cx + r, cy),
            closePath(),
            clip(),
            endPath(),
          );
          page.drawImage(image, placement);
          page.pushOperators(popGraphicsState());
        } else page.drawImage(image, placement);
        break;
      }
      case 'text':
        if (element.d) page.drawSvgPath(element.d, { ...svg, color: colour(element.color), borderWidth: 0 });
        break;
      case 'path':
        // Stroke first, then fill over it (the SVG's paint-order="stroke"); the width is in slide pixels
        // because drawSvgPath sets it after its scale.
        if (element.stroke && element.strokeWidth) {
          page.drawSvgPath(element.d, {
            ...svg,
            borderColor: colour(element.stroke),
            borderWidth: element.strokeWidth,
          });
        }
        page.drawSvgPath(element.d, { ...svg, color: colour(element.fill), borderWidth: 0 });
        break;
    }
  }
  return Buffer.from(await doc.save());
}
