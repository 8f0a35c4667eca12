// The "Virtually staged" label: drawn inside its box in the bottom-left corner (visibly: light text on
// a dark box), nothing changed elsewhere, the same format and size back, the same bytes for the same input.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { applyWatermark, watermarkBox } from '../../../functions/media/staging/disclosure-watermark.ts';
import { meanRegionDifference } from '../../support/image-probe.ts';

describe('applyWatermark', () => {
  it.each(['png', 'jpeg', 'webp'] as const)('labels a %s photo in its corner only', async (format) => {
    const photo = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#b8a58c' } })
      [format]()
      .toBuffer();
    const out = await applyWatermark(photo, format);
    const meta = await sharp(out).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual([format, 1200, 800]);
    const box = watermarkBox(1200, 800);
    expect(box.x + box.width).toBeLessThan(600);
    expect(box.y + box.height).toBeLessThanOrEqual(800);
    const inside = { left: box.x, top: box.y, width: box.width, height: box.height };
    expect(await meanRegionDifference(photo, out, inside)).toBeGreaterThan(40);
    // Text pixels: some inside the box are near white (the photo there is mid-brown, the box dark).
    const { data } = await sharp(out)
      .extract(inside)
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    let white = 0;
    for (let i = 0; i < data.length; i += 3)
      if (data[i]! > 220 && data[i + 1]! > 220 && data[i + 2]! > 220) white++;
    expect(white).toBeGreaterThan(box.width * box.height * 0.05);
    const above = { left: 0, top: 0, width: 1200, height: box.y - 4 };
    expect(await meanRegionDifference(photo, out, above)).toBeLessThan(format === 'png' ? 0.01 : 2);
    expect((await applyWatermark(photo, format)).equals(out)).toBe(true);
  });
});
