// The video export request: defaults, codec and crf rules, sizes, and input_props checks.
import { describe, expect, it } from 'vitest';
import { videoExportRequest } from '../../../functions/jobs/video-export/schema.ts';

const base = { serve_url: 'https://bundles.example.com/', composition_id: 'Main', input_props: {} };
const problems = (body: unknown) => {
  const result = videoExportRequest.safeParse(body);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('videoExportRequest', () => {
  it('defaults the codec to h264 and leaves the rest to the composition', () => {
    expect(videoExportRequest.parse(base).options).toEqual({ codec: 'h264' });
  });

  it('accepts every documented option within bounds', () => {
    const options = { codec: 'vp9', crf: 0, width: 3840, height: 2160, fps: 60, duration_in_frames: 18_000 };
    expect(videoExportRequest.parse({ ...base, options }).options).toEqual(options);
  });

  it('names the supported codecs when given another', () => {
    expect(problems({ ...base, options: { codec: 'av1' } })).toEqual([
      'options.codec: "av1" is not a supported codec; use one of h264, h265, vp8, vp9, prores, gif',
    ]);
  });

  it.each([
    [{ codec: 'prores', crf: 10 }, 'options.crf: prores has no quality scale and takes no crf'],
    [{ codec: 'gif', crf: 10 }, 'options.crf: gif has no quality scale and takes no crf'],
    [{ codec: 'h264', crf: 0 }, 'options.crf: h264 takes a crf from 1 to 51; got 0'],
    [{ codec: 'vp8', crf: 3 }, 'options.crf: vp8 takes a crf from 4 to 51; got 3'],
    [{ crf: 52 }, 'options.crf: Too big'],
    [{ crf: 20.5 }, 'options.crf: Invalid input: expected int'],
    [{ width: 81 }, 'options.width: must be even for h264; got 81'],
    [{ codec: 'h265', height: 33 }, 'options.height: must be even for h265; got 33'],
    [{ width: 1 }, 'options.width: Too small'],
    [{ height: 3842 }, 'options.height: Too big'],
    [{ fps: 0 }, 'options.fps: Too small'],
    [{ fps: 61 }, 'options.fps: Too big'],
    [{ duration_in_frames: 0 }, 'options.duration_in_frames: Too small'],
    [{ duration_in_frames: 18_001 }, 'options.duration_in_frames: Too big'],
    [{ quality: 'high' }, 'options: Unrecognized key: "quality"'],
  ])('refuses options %j', (options, expected) => {
    expect(problems({ ...base, options }).join('\n')).toContain(expected);
  });

  it('takes odd sizes for codecs that have no even-size rule', () => {
    expect(problems({ ...base, options: { codec: 'vp9', width: 81, height: 33 } })).toEqual([]);
    expect(problems({ ...base, options: { codec: 'gif', width: 81 } })).toEqual([]);
  });

  it.each([2.5, 0, -3, '8', null, 18_001])('refuses input_props.totalDurationInFrames %j', (frames) => {
    expect(problems({ ...base, input_props: { totalDurationInFrames: frames } }).join('\n')).toContain(
      'input_props.totalDurationInFrames: must be an integer from 1 to 18000',
    );
  });

  it('limits input_props to 64 KiB of JSON', () => {
    expect(problems({ ...base, input_props: { blob: 'x'.repeat(65_000) } })).toEqual([]);
    expect(problems({ ...base, input_props: { blob: 'x'.repeat(66_000) } }).join('\n')).toContain(
      'input_props: must serialize to at most 65536 bytes of JSON (got 66011)',
    );
  });

  it('takes a composition id only in the shape Remotion allows', () => {
    for (const id of ['Main', 'listing-promo-2', '房源视频'])
      expect(problems({ ...base, composition_id: id }), id).toEqual([]);
    for (const id of ['../Main', 'Main Video', 'Main_1', 'main.tsx', '<script>'])
      expect(problems({ ...base, composition_id: id }).join(), id).toContain(
        'composition_id: is not a Remotion composition id',
      );
  });

  it('needs serve_url, composition_id and an input_props object', () => {
    expect(problems({ input_props: [] }).length).toBeGreaterThanOrEqual(3);
    expect(problems({ ...base, serve_url: 'ftp://bundles.example.com/' }).join()).toContain('serve_url');
  });
});
