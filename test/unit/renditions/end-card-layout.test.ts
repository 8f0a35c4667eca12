// A video's end card with the brand's licence numbers and disclaimer, in every frame a branded video is
// made in (the landscape video and the square, portrait and story renditions): every line inside the
// frame, the small print at the foot under the details and clear of them, the logo above both, and the
// softer colour of the licences and small print still AA on the brand colour.
import { describe, expect, it } from 'vitest';
import { contrastRatio } from '../../../functions/media/brochure/colour.ts';
import { slideFonts } from '../../../functions/media/brochure/text-fit.ts';
import { endCardLicences, endCardProps } from '../../../functions/media/renditions/end-card-layout.ts';

/** The bounds of an outline of absolute commands (control points included: a little generous). */
function bounds(d: string) {
  const n = (d.match(/-?\d+(?:\.\d+)?(?:e-?\d+)?/g) ?? []).map(Number);
  const xs = n.filter((_, i) => i % 2 === 0);
  const ys = n.filter((_, i) => i % 2 === 1);
  return { x0: Math.min(...xs), x1: Math.max(...xs), y0: Math.min(...ys), y1: Math.max(...ys) };
}

const LONG = 'All information contained herein is gathered from sources we believe to be reliable. '.repeat(
  12,
);
const FRAMES = [
  [1920, 1080],
  [1080, 1080],
  [1080, 1350],
  [1080, 1920],
] as const;

describe('the end card with licence numbers and a disclaimer', () => {
  it.each(FRAMES)(
    '%i x %i: the small print under the details, inside the frame, readable',
    (width, height) => {
      for (const disclaimer of ['Price guide only.', LONG]) {
        const card = endCardProps(
          {
            agency_name: 'Harbour & Co Property',
            agent_name: 'Olivia Harrington',
            agent_phone: '0412 345 678',
            agency_licence_number: '10012345',
            agent_licence_number: '2034567',
            disclaimer,
            primary_color: '#777777',
          },
          { width, height, fps: 30 },
          slideFonts(),
          { src: 'https://media.example/logo.png', width: 900, height: 200 },
        );
        // Agency, agent, licences, small print.
        expect(card.text).toHaveLength(4);
        const boxes = card.text.map((t) => bounds(t.d));
        for (const b of boxes) {
          expect(b.x0).toBeGreaterThanOrEqual(0);
          expect(b.y0).toBeGreaterThanOrEqual(0);
          expect(b.x1).toBeLessThanOrEqual(width);
          expect(b.y1).toBeLessThanOrEqual(height - 24);
        }
        const print = boxes.at(-1)!;
        for (const b of boxes.slice(0, -1))
          expect(print.y0, 'small print under the details').toBeGreaterThan(b.y1);
        expect(card.logo!.top + card.logo!.height).toBeLessThan(Math.min(...boxes.map((b) => b.y0)));
        expect(card.logo!.top).toBeGreaterThanOrEqual(0);
        for (const t of card.text)
          expect(contrastRatio(t.color, card.background)).toBeGreaterThanOrEqual(4.5);
      }
    },
  );

  it('names a licence only beside the one it belongs to', () => {
    expect(endCardLicences({ agent_licence_number: '1', agency_licence_number: '2' })).toBeUndefined();
    expect(endCardLicences({ agent_name: 'A', agent_licence_number: '1', agency_licence_number: '2' })).toBe(
      'Agent licence 1',
    );
    expect(
      endCardLicences({
        agent_name: 'A',
        agency_name: 'B',
        agent_licence_number: '1',
        agency_licence_number: '2',
      }),
    ).toBe('Agent licence 1  ·  Agency licence 2');
  });
});
