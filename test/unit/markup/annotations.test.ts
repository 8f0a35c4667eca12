import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { markupEditRequest } from '../../../functions/jobs/markup/schema.ts';
import {
  drawAnnotations,
  formatArea,
  formatLength,
  resolveAnnotations,
} from '../../../functions/media/markup/annotation-layout.ts';
import { croppedSvg } from '../../../functions/media/markup/compositor.ts';
import { labelFont } from '../../../functions/media/markup/label-font.ts';
import { LABEL_FONT_COVERAGE } from '../../../functions/media/markup/label-font-coverage.ts';
import { coverageRanges } from '../../../scripts/generate-label-font-coverage.ts';

const square = [
  { x: 0.4, y: 0.4 },
  { x: 0.6, y: 0.4 },
  { x: 0.6, y: 0.6 },
  { x: 0.4, y: 0.6 },
];
const scale = { metersPerPixel: 0.05, width: 3840, height: 2160 };

describe('annotation texts', () => {
  it('formats lengths and areas the way Australian listings write them', () => {
    expect(formatLength(12.345)).toBe('12.3 m');
    expect(formatLength(1234)).toBe('1.23 km');
    expect(formatLength(250.4)).toBe('250 m');
    expect(formatArea(652.4)).toBe('652 m²');
    expect(formatArea(4321)).toBe('4,321 m²');
    expect(formatArea(25_000)).toBe('2.50 ha');
  });

  it('computes a measurement from the georeference and the boundary area for an area label', () => {
    const [measurement, area, label] = resolveAnnotations(
      [
        { type: 'measurement', from: { x: 0.1, y: 0.5 }, to: { x: 0.2, y: 0.5 } },
        { type: 'area' },
        { type: 'label', text: 'Pool', position: { x: 0.3, y: 0.3 }, color: '#ff0000', size: 'small' },
      ],
      square,
      scale,
    );
    expect(measurement!.text).toBe(`${(0.1 * 3840 * 0.05).toFixed(1)} m`);
    // 768 x 432 pixels at 5 cm = 38.4 m x 21.6 m.
    expect(area!.text).toBe('829 m²');
    expect(area).toMatchObject({
      type: 'area',
      position: { x: expect.closeTo(0.5, 1), y: expect.closeTo(0.5, 1) },
    });
    expect(label).toMatchObject({ color: '#FF0000', size: 'small', label_style: 'boxed' });
  });

  it('keeps caller texts and positions', () => {
    const [area] = resolveAnnotations(
      [{ type: 'area', text: 'Approx. 650 m²', position: { x: 0.7, y: 0.2 } }],
      square,
      scale,
    );
    expect(area).toMatchObject({ text: 'Approx. 650 m²', position: { x: 0.7, y: 0.2 } });
  });
});

describe('annotation drawing', () => {
  const font = labelFont();

  it('draws text as glyph outlines inside its reported bounds, at any image size', async () => {
    const annotations = resolveAnnotations(
      [{ type: 'label', text: 'Subject property', position: { x: 0.5, y: 0.5 } }],
      square,
      scale,
    );
    for (const [w, h] of [
      [3840, 2160],
      [1920, 1080],
    ] as const) {
      const [drawn] = drawAnnotations(font, annotations, w, h);
      expect(drawn!.svg).toMatch(/<path d="M/);
      expect(drawn!.svg).not.toMatch(/<text/);
      // Proportional: half the image, half the box.
      expect(drawn!.bounds.width / w).toBeCloseTo(
        drawAnnotations(font, annotations, 3840, 2160)[0]!.bounds.width / 3840,
        2,
      );
      // The rendered layer has ink near its middle and is transparent at its corners' outside.
      const { data, info } = await sharp(croppedSvg(drawn!.svg, drawn!.bounds))
        .raw()
        .toBuffer({ resolveWithObject: true });
      const alpha = (x: number, y: number) => data[(y * info.width + x) * 4 + 3]!;
      expect(alpha(Math.floor(info.width / 2), Math.floor(info.height / 2))).toBeGreaterThan(100);
      expect(alpha(0, 0)).toBeLessThan(50);
    }
  });

  it('keeps labels near an edge inside the frame and shrinks text too long for it', () => {
    const [corner, long] = drawAnnotations(
      font,
      resolveAnnotations(
        [
          { type: 'label', text: 'Corner', position: { x: 1, y: 1 } },
          { type: 'label', text: 'W'.repeat(200), position: { x: 0.5, y: 0.5 } },
        ],
        square,
        scale,
      ),
      3840,
      2160,
    );
    expect(corner!.bounds.left + corner!.bounds.width).toBeLessThanOrEqual(3840);
    expect(corner!.bounds.top + corner!.bounds.height).toBeLessThanOrEqual(2160);
    expect(corner!.bounds.width).toBeGreaterThan(100);
    expect(long!.bounds.width).toBeLessThanOrEqual(0.95 * 3840);
  });

  it('draws measurements with their text upright whichever way they run', () => {
    const [leftward] = drawAnnotations(
      font,
      resolveAnnotations(
        [{ type: 'measurement', from: { x: 0.6, y: 0.5 }, to: { x: 0.4, y: 0.5 } }],
        square,
        scale,
      ),
      3840,
      2160,
    );
    expect(leftward!.svg).not.toMatch(/rotate\(180\)/);
    expect(leftward!.bounds.width).toBeGreaterThan(0.2 * 3840);
  });
});

describe('label font coverage', () => {
  it('matches the font (regenerate with scripts/generate-label-font-coverage.ts)', () => {
    const font = labelFont();
    expect(coverageRanges((ch) => font.covers(ch))).toEqual(LABEL_FONT_COVERAGE.map(([a, b]) => [a, b]));
  });

  it('lets the API accept drawable text and refuse the rest', () => {
    const body = (text: string) => ({
      boundary_polygon: square,
      text_annotations: [{ type: 'label', text, position: { x: 0.5, y: 0.5 } }],
    });
    expect(markupEditRequest.safeParse(body('Ünïcødé — 650 m² · 12°')).success).toBe(true);
    expect(markupEditRequest.safeParse(body('地')).success).toBe(false);
    expect(markupEditRequest.safeParse(body('tab\there')).success).toBe(false);
    expect(markupEditRequest.safeParse(body('   ')).success).toBe(false);
    expect(markupEditRequest.safeParse(body('😀'.repeat(200))).success).toBe(
      markupEditRequest.safeParse(body('😀')).success,
    );
  });
});
