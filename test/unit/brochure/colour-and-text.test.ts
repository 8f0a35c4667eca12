import { describe, expect, it } from 'vitest';
import {
  accentOn,
  contrastRatio,
  relativeLuminance,
  textColourOn,
} from '../../../functions/media/brochure/colour.ts';
import { fitText, slideFont } from '../../../functions/media/brochure/text-fit.ts';

describe('WCAG contrast', () => {
  it('matches the WCAG reference values', () => {
    expect(contrastRatio('#FFFFFF', '#000000')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777777', '#FFFFFF')).toBeCloseTo(4.48, 2);
    expect(relativeLuminance('#fff')).toBe(1);
  });

  it('chooses a text colour that passes AA on every grey and every hue', () => {
    for (let v = 0; v <= 255; v += 5) {
      const grey = `#${v.toString(16).padStart(2, '0').repeat(3)}`;
      expect(contrastRatio(textColourOn(grey), grey), grey).toBeGreaterThanOrEqual(4.5);
    }
    for (const hue of ['#FFD700', '#E30613', '#00A651', '#0057B8', '#FF69B4', '#8C7600']) {
      expect(contrastRatio(textColourOn(hue), hue), hue).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('keeps a legible accent and only moves it when it must', () => {
    expect(accentOn('#C9A227', '#0E3B4A')).toBe('#C9A227');
    const onPaper = accentOn('#FFFF00', '#F6F4EF');
    expect(contrastRatio(onPaper, '#F6F4EF')).toBeGreaterThanOrEqual(3);
    expect(onPaper).not.toBe('#FFFF00');
  });
});

describe('fitText', () => {
  const box = { x: 100, y: 50, w: 400, h: 120 };
  const font = slideFont('regular');

  it('keeps the largest size when the text fits', () => {
    const fit = fitText('Short title', box, { weight: 'regular', maxSize: 40, minSize: 20 });
    expect(fit.size).toBe(40);
    expect(fit.truncated).toBe(false);
    expect(fit.lines).toHaveLength(1);
  });

  it('shrinks within the bounds before it gives up any word', () => {
    const text = 'A generous four bedroom family home with a pool and garden';
    const fit = fitText(text, box, { weight: 'regular', maxSize: 40, minSize: 16 });
    expect(fit.size).toBeLessThan(40);
    expect(fit.size).toBeGreaterThanOrEqual(16);
    expect(fit.truncated).toBe(false);
    expect(fit.lines.map((l) => l.text).join(' ')).toBe(text);
  });

  it('ends in an ellipsis at a word boundary at the smallest size, inside the box', () => {
    const text = 'word '.repeat(400).trim();
    const fit = fitText(text, box, { weight: 'bold', maxSize: 30, minSize: 20 });
    expect(fit.size).toBe(20);
    expect(fit.truncated).toBe(true);
    const last = fit.lines.at(-1)!.text;
    expect(last.endsWith('word\u2026')).toBe(true);
    for (const line of fit.lines) {
      expect(line.x + line.width).toBeLessThanOrEqual(box.x + box.w);
      expect(line.baseline - slideFont('bold').descender * 20).toBeLessThanOrEqual(box.y + box.h);
    }
  });

  it('measures with the font it draws: a line is as wide as the DejaVu advance', () => {
    const fit = fitText('Wattle', box, { weight: 'regular', maxSize: 32, minSize: 32 });
    expect(fit.lines[0]!.width).toBeCloseTo(font.advance('Wattle', 32), 6);
    expect(fit.d.length).toBeGreaterThan(100);
  });

  it('aligns right and centre inside the box', () => {
    const right = fitText('$1,250,000', box, { weight: 'bold', maxSize: 30, minSize: 30, align: 'right' });
    expect(right.lines[0]!.x + right.lines[0]!.width).toBeCloseTo(box.x + box.w, 6);
    const centre = fitText('Ultimo', box, { weight: 'bold', maxSize: 30, minSize: 30, align: 'center' });
    expect(centre.lines[0]!.x - box.x).toBeCloseTo(
      box.x + box.w - (centre.lines[0]!.x + centre.lines[0]!.width),
      6,
    );
  });

  it('keeps a number and its unit on one line', () => {
    const narrow = { x: 0, y: 0, w: font.advance('Gardens on 612', 30) + 2, h: 200 };
    const fit = fitText('Gardens on 612 m²', narrow, { weight: 'regular', maxSize: 30, minSize: 30 });
    expect(fit.lines.map((l) => l.text)).toEqual(['Gardens on', '612 m²']);
  });
});
