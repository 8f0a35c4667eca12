// Runs of identical frames (frameRuns) and how a render of them is split across browsers (splitRuns): a
// run is captured once and written as many times as it lasts, so a run must only ever hold frames the
// composition draws alike, and the split must cover every frame once.
import { describe, expect, it } from 'vitest';
import {
  frameRuns,
  MARKUP_REVEAL,
  revealPhases,
  SAMPLE_REVEAL_PROPS,
} from '../../../functions/media/remotion/compositions.ts';
import { splitRuns } from '../../../functions/media/rendering/split-render.ts';

const withAnnotations = (count: number) => ({
  ...SAMPLE_REVEAL_PROPS,
  annotations: Array.from({ length: count }, (_, i) => ({
    src: `a${i}.png`,
    left: 0,
    top: 0,
    width: 10,
    height: 10,
  })),
});

describe('frameRuns of the reveal', () => {
  for (const [frames, count] of [
    [210, 3],
    [210, 0],
    [150, 5],
    [91, 1],
  ] as const) {
    it(`${frames} frames, ${count} annotations: contiguous runs of frames with equal phases`, () => {
      const runs = frameRuns(MARKUP_REVEAL.id, withAnnotations(count), frames)!;
      let next = 0;
      for (const [first, length] of runs) {
        expect(first).toBe(next);
        next = first + length;
        const phases = revealPhases(first, frames, count);
        for (let f = first + 1; f < next; f += 1) expect(revealPhases(f, frames, count)).toEqual(phases);
        // A run ends where the picture changes.
        if (next < frames) expect(revealPhases(next, frames, count)).not.toEqual(phases);
      }
      expect(next).toBe(frames);
    });
  }

  it('holds the still opening and the finished frame', () => {
    const runs = frameRuns(MARKUP_REVEAL.id, withAnnotations(3), 210)!;
    // Nothing moves before 8% of the video; the last annotation is in by 0.55 + 2 slots + 0.08.
    expect(runs[0]).toEqual([0, 17]);
    expect(runs.at(-1)).toEqual([175, 35]);
    expect(runs.length).toBe(152);
  });

  it('knows nothing of other compositions', () => {
    expect(frameRuns('AerialFootage', {}, 240)).toBeUndefined();
  });
});

describe('splitRuns', () => {
  const ours = { codec: 'h264' as const };
  const runs = frameRuns(MARKUP_REVEAL.id, withAnnotations(0), 210)!;

  it('gives each browser about as many pictures to capture, cut at a run start', () => {
    const groups = splitRuns(ours, runs, 2);
    expect(groups).toHaveLength(2);
    expect(groups.flat()).toEqual(runs);
    expect(Math.abs(groups[0]!.length - groups[1]!.length)).toBeLessThanOrEqual(1);
    // By frames the second part is much longer: it holds the finished frame.
    const frames = groups.map((g) => g.reduce((n, [, length]) => n + length, 0));
    expect(frames[1]).toBeGreaterThan(frames[0]! + 60);
  });

  it('splits no further than splitFrames would for as many pictures', () => {
    expect(splitRuns(ours, runs, 1)).toHaveLength(1);
    expect(splitRuns({ ...ours, serveUrl: 'http://127.0.0.1:1/index.html' }, runs, 2)).toHaveLength(1);
    // 100 pictures: no more than two 45-picture shares.
    expect(splitRuns(ours, runs, 4)).toHaveLength(2);
    expect(splitRuns(ours, runs.slice(0, 60), 2)).toEqual([runs.slice(0, 60)]);
  });
});
