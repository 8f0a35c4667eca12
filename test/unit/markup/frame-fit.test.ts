// Fitting a picture of another shape into the reveal video's 16:9 frame: cut around the subject when it
// fits, else the whole picture over a blurred continuation; never squashed (the picture's own aspect is
// kept), never cutting the subject.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { fitPicture, frameFit } from '../../../functions/media/markup/frame-fit.ts';

describe('frameFit', () => {
  it('keeps a 16:9 picture as it is', () => {
    const fit = frameFit(3840, 2160, 1920, 1080, [{ x: 0.1, y: 0.9 }]);
    expect(fit.kind).toBe('same');
    expect(fit.toFrame({ x: 0.3, y: 0.7 })).toEqual({ x: 0.3, y: 0.7 });
  });

  it('cuts a 3:2 photo to 16:9 around a subject that fits, keeping it inside with its margin', () => {
    const subject = [
      { x: 0.3, y: 0.55 },
      { x: 0.7, y: 0.9 },
    ];
    const fit = frameFit(5472, 3648, 1920, 1080, subject);
    expect(fit.kind).toBe('crop');
    // A full-width cut 5472 x 3078: the subject's bottom (0.9 + margin) decides where it sits.
    expect(fit.crop).toMatchObject({ left: 0, width: 5472 });
    expect(fit.crop!.height / fit.crop!.width).toBeCloseTo(9 / 16, 3);
    for (const p of subject) {
      const q = fit.toFrame(p);
      expect(q.y).toBeGreaterThan(0);
      expect(q.y).toBeLessThan(1);
    }
    // Horizontal positions are unchanged, vertical ones stretched by the cut's share alone (no squash).
    expect(fit.toFrame({ x: 0.25, y: 0.6 }).x).toBe(0.25);
  });

  it('shows the whole picture over a blurred continuation when the subject spans it', async () => {
    const subject = [
      { x: 0.5, y: 0.02 },
      { x: 0.5, y: 0.98 },
    ];
    const fit = frameFit(3000, 3000, 1920, 1080, subject);
    expect(fit.kind).toBe('extend');
    const topLeft = fit.toFrame({ x: 0, y: 0 });
    const bottomRight = fit.toFrame({ x: 1, y: 1 });
    // A square picture: 1080 px tall and 1080 px wide, centred, aspect kept.
    expect((bottomRight.x - topLeft.x) * 1920).toBeCloseTo(1080, 6);
    expect((bottomRight.y - topLeft.y) * 1080).toBeCloseTo(1080, 6);
    const square = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#2060c0' } })
      .jpeg()
      .toBuffer();
    const framed = await fitPicture(square, fit, 192, 108, 90);
    const { data, info } = await sharp(framed).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([192, 108]);
    // The middle is the picture itself; the sides its darkened continuation, not black bars.
    const at = (x: number, y: number) => data.subarray((y * 192 + x) * 3, (y * 192 + x) * 3 + 3);
    expect(at(96, 54)[2]).toBeGreaterThan(170);
    expect(at(5, 54)[2]).toBeGreaterThan(60);
    expect(at(5, 54)[2]).toBeLessThan(at(96, 54)[2]!);
  });
});

describe('frameFit with boxes and without cropping', () => {
  it('keeps a label box in view whole: the cut moves to take it in', () => {
    const points = [
      { x: 0.3, y: 0.4 },
      { x: 0.4, y: 0.6 },
    ];
    const label = { left: 0.4, top: 0.62, width: 0.12, height: 0.05 };
    // Into 9:16 a 16:9 picture keeps a strip 0.316 of its width; points alone sit left of centre.
    const withoutBox = frameFit(3840, 2160, 1080, 1920, points);
    const withBox = frameFit(3840, 2160, 1080, 1920, points, { boxes: [label] });
    expect(withBox.kind).toBe('crop');
    expect(withBox.crop!.left).toBeGreaterThan(withoutBox.crop!.left);
    const right = withBox.toFrame({ x: label.left + label.width, y: label.top });
    expect(right.x).toBeLessThan(1);
    expect(withBox.toFrame({ x: 0.3, y: 0.4 }).x).toBeGreaterThan(0);
  });

  it('extends when a box makes the subject too wide for any cut', () => {
    const fit = frameFit(3840, 2160, 1080, 1920, [{ x: 0.5, y: 0.5 }], {
      boxes: [{ left: 0.2, top: 0.8, width: 0.6, height: 0.05 }],
    });
    expect(fit.kind).toBe('extend');
  });

  it('never cuts when told not to, even when the subject would fit', () => {
    const fit = frameFit(1080, 1920, 4, 3, [{ x: 0.5, y: 0.5 }], { crop: false });
    expect(fit.kind).toBe('extend');
    const topLeft = fit.toFrame({ x: 0, y: 0 });
    const bottomRight = fit.toFrame({ x: 1, y: 1 });
    expect(bottomRight.y - topLeft.y).toBeCloseTo(1, 9);
    // Aspect kept: 1080/1920 of the height, in a frame 4/3 as wide as high.
    expect((bottomRight.x - topLeft.x) * (4 / 3)).toBeCloseTo(1080 / 1920, 9);
  });

  it('maps points by the cut in whole pixels', () => {
    const fit = frameFit(1999, 1000, 1000, 1000, [{ x: 0.31, y: 0.5 }]);
    expect(fit.kind).toBe('crop');
    const { left, width } = fit.crop!;
    expect(Number.isInteger(left) && Number.isInteger(width)).toBe(true);
    expect(fit.toFrame({ x: left / 1999, y: 0 }).x).toBeCloseTo(0, 12);
    expect(fit.toFrame({ x: (left + width) / 1999, y: 0 }).x).toBeCloseTo(1, 12);
  });
});
