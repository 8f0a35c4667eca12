// The reveal video's steps around the render, with fake ports: PrepareReveal turns an edit into the
// MarkupReveal composition's layers (stored and signed) and its poster; StoreVideo assembles the job output
// from what the render and the preparation stored.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { MarkupStyle } from '../../../functions/jobs/markup/schema.ts';
import type { StoredMarkupEditOutput } from '../../../functions/jobs/markup/steps.ts';
import { storeRevealVideo } from '../../../functions/jobs/markup/video-output.ts';
import {
  type PreparedReveal,
  prepareReveal,
  type RevealEvent,
} from '../../../functions/jobs/markup/video-steps.ts';
import type { RenderState } from '../../../functions/jobs/shared/render.ts';
import { slideFonts } from '../../../functions/media/brochure/text-fit.ts';
import { labelFont } from '../../../functions/media/markup/label-font.ts';
import type { MarkupRevealProps } from '../../../functions/media/remotion/compositions.ts';
import type { RenderRequest } from '../../../functions/media/rendering/renderer.ts';
import { fakeMediaStore, fixedClock, stepJob } from '../../support/fakes.ts';

const SOURCE_KEY = 'media/org-1/test/markup-job/markup.jpg';
const EDIT_KEY = 'media/org-1/test/edit-job/markup-edit.jpg';
const KEY = (name: string) => `media/org-1/test/video-job/${name}`;
/** The fake store's URL for a key signed at fixedClock()'s time. */
const SIGNED = (key: string) => `https://media.test/${key}?expires=2026-01-02T04:04:05.000Z`;

async function jpeg(width: number, height: number): Promise<Buffer> {
  const background = { r: 120, g: 140, b: 100 };
  return sharp({ create: { width, height, channels: 3, background } })
    .jpeg()
    .toBuffer();
}

function editOutput(style: MarkupStyle): StoredMarkupEditOutput {
  const image = { content_type: 'image/jpeg', width: 1920, height: 1080 };
  return {
    image: { s3_key: EDIT_KEY, ...image },
    source_image: { s3_key: SOURCE_KEY, ...image },
    markup_job_id: 'markup-job',
    style,
    compositor: { outline_color: '#FFD23F', outline_width: 8, blur_radius: 24, darken_amount: 0.4 },
    boundary_polygon: [
      { x: 0.25, y: 0.25 },
      { x: 0.75, y: 0.25 },
      { x: 0.5, y: 0.75 },
    ],
    boundary: { area_m2: 100, perimeter_m: 40 },
    annotations: [
      {
        type: 'label',
        text: '27 Wattle Street',
        position: { x: 0.5, y: 0.1 },
        color: '#FFFFFF',
        size: 'medium',
        label_style: 'boxed',
      },
      {
        type: 'label',
        text: 'Lot 27',
        position: { x: 0.5, y: 0.5 },
        color: '#FFFFFF',
        size: 'small',
        label_style: 'outlined',
      },
    ],
    georeference: {
      center: { lat: -33.8795, lng: 151.1982 },
      meters_per_pixel: 0.05,
      rotation: 0,
      width: 1920,
      height: 1080,
    },
  };
}

async function revealOf(style: MarkupStyle) {
  const media = fakeMediaStore({ [SOURCE_KEY]: await jpeg(1920, 1080), [EDIT_KEY]: await jpeg(1920, 1080) });
  const event: RevealEvent = {
    job: stepJob({ job_id: 'video-job', job_type: 'markup_v2_video' }),
    input: { options: { duration: 6 } },
    parent: { job_id: 'edit-job', output: editOutput(style) },
  };
  const prepared = await prepareReveal(event, {
    media,
    clock: fixedClock(),
    renderScale: 1,
    labelFont: labelFont(),
    slideFonts: slideFonts(),
    fetchImage: async () => {
      throw new Error('no logo without branding');
    },
  });
  return {
    media,
    event,
    prepared,
    props: (prepared.request as RenderRequest).inputProps as MarkupRevealProps,
  };
}

describe('prepareReveal', () => {
  it('asks for a 1080p H.264 render of MarkupReveal over the stored, signed layers', async () => {
    const { media, prepared, props } = await revealOf('blur');
    expect(prepared.request).toMatchObject({
      composition: 'MarkupReveal',
      codec: 'h264',
      scale: 1,
      outputKey: KEY('markup-reveal.mp4'),
      timeoutSeconds: 600,
    });
    expect([prepared.width, prepared.height, prepared.fps, prepared.duration_seconds]).toEqual([
      1920, 1080, 30, 6,
    ]);
    expect(props.durationInFrames).toBe(180);
    expect(props.baseImage).toBe(SIGNED(KEY('reveal-base.jpg')));
    expect(props.effect).toEqual({ kind: 'blur', image: SIGNED(KEY('reveal-blur.jpg')) });
    expect(props.outline.color).toBe('#FFD23F');
    expect(props.boundary).toEqual([
      { x: 480, y: 270 },
      { x: 1440, y: 270 },
      { x: 960, y: 810 },
    ]);
    // One transparent layer per annotation, in order.
    expect(props.annotations.map((a) => a.src)).toEqual([
      SIGNED(KEY('reveal-annotation-0.png')),
      SIGNED(KEY('reveal-annotation-1.png')),
    ]);
    expect(media.objects.get(KEY('reveal-annotation-0.png'))?.contentType).toBe('image/png');

    const base = await sharp(media.objects.get(KEY('reveal-base.jpg'))?.body).metadata();
    expect([base.format, base.width, base.height]).toEqual(['jpeg', 1920, 1080]);
    expect(prepared.poster).toMatchObject({
      s3_key: KEY('markup-reveal-poster.jpg'),
      width: 1920,
      height: 1080,
    });
    const poster = await sharp(media.objects.get(KEY('markup-reveal-poster.jpg'))?.body).metadata();
    expect([poster.format, poster.width, poster.height]).toEqual(['jpeg', 1920, 1080]);
  });

  it("darkens by the edit's amount, and stores no blurred layer unless the edit blurs", async () => {
    const darken = await revealOf('darken');
    expect(darken.props.effect).toEqual({ kind: 'darken', amount: 0.4 });
    expect(darken.media.objects.has(KEY('reveal-blur.jpg'))).toBe(false);
    const outline = await revealOf('outline');
    expect(outline.props.effect).toEqual({ kind: 'none' });
    expect(outline.media.objects.has(KEY('reveal-blur.jpg'))).toBe(false);
  });
});

describe('storeRevealVideo', () => {
  const render: RenderState = {
    render_id: 'r1',
    renderer: 'remotion-local',
    output_key: KEY('markup-reveal.mp4'),
    started_at: '2026-01-02T03:04:05.000Z',
    deadline: '2026-01-02T03:14:05.000Z',
    poll_seconds: 5,
    done: true,
    progress: 1,
    size_bytes: 1_234_567,
  };

  it('records the rendered MP4, the poster and which markup and edit it reveals', async () => {
    const { event, prepared } = await revealOf('outline');
    const output = await storeRevealVideo({ ...event, prepared, render });
    expect(output).toEqual({
      video: {
        s3_key: KEY('markup-reveal.mp4'),
        content_type: 'video/mp4',
        width: 1920,
        height: 1080,
        size_bytes: 1_234_567,
      },
      poster: prepared.poster,
      duration_seconds: 6,
      fps: 30,
      width: 1920,
      height: 1080,
      codec: 'h264',
      markup_job_id: 'markup-job',
      edit_job_id: 'edit-job',
      renderer: 'remotion-local',
    });
  });

  it('leaves the size out when the renderer did not report one', async () => {
    const prepared: PreparedReveal = {
      request: {
        composition: 'MarkupReveal',
        inputProps: {},
        codec: 'h264',
        scale: 0.5,
        outputKey: KEY('markup-reveal.mp4'),
        timeoutSeconds: 600,
      },
      poster: { s3_key: KEY('markup-reveal-poster.jpg'), content_type: 'image/jpeg' },
      width: 960,
      height: 540,
      fps: 30,
      duration_seconds: 5,
    };
    const event: RevealEvent = {
      job: stepJob({ job_id: 'video-job', job_type: 'markup_v2_video' }),
      input: { options: { duration: 5 } },
      parent: { job_id: 'edit-job', output: editOutput('outline') },
    };
    const output = await storeRevealVideo({ ...event, prepared, render: { ...render, size_bytes: null } });
    expect(output.video.size_bytes).toBeUndefined();
    expect([output.video.width, output.video.height]).toEqual([960, 540]);
  });
});
