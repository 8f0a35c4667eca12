// The shape and size of the portal file for sources of every shape (landscape between 4:3 and 3:2 kept,
// wider cut around the subject, square and portrait extended, never enlarged beyond 2x), the web widths
// a picture gets, and the requests refused before any work.
import { describe, expect, it } from 'vitest';
import {
  PORTAL_LIMITS,
  portalPlan,
  RenditionError,
  stillRenditions,
  webWidths,
} from '../../../functions/media/renditions/still-renditions.ts';

const centre = [
  { x: 0.45, y: 0.4 },
  { x: 0.55, y: 0.6 },
];

describe('portalPlan', () => {
  it('keeps a 3:2 drone photo whole and scales it to 3000 px across', () => {
    const plan = portalPlan(5472, 3648, centre);
    expect(plan.fit.kind).toBe('same');
    expect([plan.width, plan.height]).toEqual([3000, 2000]);
  });

  it('keeps a 4:3 photo whole', () => {
    const plan = portalPlan(4000, 3000, centre);
    expect(plan.fit.kind).toBe('same');
    expect([plan.width, plan.height]).toEqual([3000, 2250]);
  });

  it('cuts a 4K still to 3:2 around the subject', () => {
    const subject = [
      { x: 0.05, y: 0.3 },
      { x: 0.3, y: 0.7 },
    ];
    const plan = portalPlan(3840, 2160, subject);
    expect(plan.fit.kind).toBe('crop');
    // A full-height cut 3240 px wide, pushed against the left edge by the subject, then 3000 x 2000.
    expect(plan.fit.crop).toEqual({ left: 0, top: 0, width: 3240, height: 2160 });
    expect([plan.width, plan.height]).toEqual([3000, 2000]);
    for (const p of subject) expect(plan.fit.toFrame(p).x).toBeLessThan(1);
  });

  it('extends a 4K still to 3:2 when the subject spans its width', () => {
    const plan = portalPlan(3840, 2160, [
      { x: 0.02, y: 0.5 },
      { x: 0.98, y: 0.5 },
    ]);
    expect(plan.fit.kind).toBe('extend');
    expect([plan.width, plan.height]).toEqual([3000, 2000]);
    // The whole picture across the full width, bands above and below.
    expect(plan.fit.toFrame({ x: 0, y: 0 })).toEqual({ x: 0, y: expect.closeTo(0.078125, 6) });
  });

  it.each([
    ['portrait', 1080, 1920, 2560, 1920],
    ['square', 1500, 1500, 2000, 1500],
  ])(
    'extends a %s picture to 4:3 and never cuts it, even when the subject would fit a cut',
    (_, w, h, ow, oh) => {
      const plan = portalPlan(w, h, centre);
      expect(plan.fit.kind).toBe('extend');
      expect([plan.width, plan.height]).toEqual([ow, oh]);
      expect(plan.width / plan.height).toBeCloseTo(PORTAL_LIMITS.minAspect, 3);
    },
  );

  it('enlarges a small source up to the minimum width, at most 2x', () => {
    const plan = portalPlan(800, 450, centre);
    expect([plan.width, plan.height]).toEqual([1200, 800]);
    expect(plan.scale).toBeCloseTo(1200 / 675, 6);
  });

  it('refuses a source that would need more than 2x', () => {
    expect(() => portalPlan(400, 300, centre)).toThrow(RenditionError);
    expect(() => portalPlan(400, 300, centre)).toThrow(/400x300 px.*at least 1200 px.*at most 2x/);
  });
});

describe('webWidths', () => {
  it('gives the srcset widths the picture reaches, never wider than it, and at least one', () => {
    expect(webWidths(3840)).toEqual([2048, 1024, 400]);
    expect(webWidths(2048)).toEqual([2048, 1024, 400]);
    expect(webWidths(1920)).toEqual([1024, 400]);
    expect(webWidths(399)).toEqual([399]);
  });
});

describe('stillRenditions requests', () => {
  const picture = Buffer.from('not decoded: the request is refused first');

  it('refuses portal without a text-free source, saying what to send', async () => {
    const refused = stillRenditions({ picture, subject: { points: centre }, renditions: ['web', 'portal'] });
    await expect(refused).rejects.toThrow(RenditionError);
    await expect(refused).rejects.toMatchObject({
      name: 'RENDITION_UNAVAILABLE',
      rendition: 'portal',
      message: expect.stringMatching(
        /^portal: needs the text-free source .*textFree.*refuse photos with text/,
      ),
    });
  });

  it('refuses a name that is not a still rendition', async () => {
    await expect(
      stillRenditions({ picture, subject: { points: centre }, renditions: ['print' as never] }),
    ).rejects.toThrow(/print: not a rendition of a still/);
  });
});
