// Request and output schemas of POST /v1/video-export/render (docs/readme/video-export.md), job kind
// `video_export`: a caller-hosted Remotion bundle rendered server-side. Whether serve_url's host is on the
// stage's allowlist is stage-dependent, so submit.ts checks it (422 URL_NOT_ALLOWED); the rest is here.
import { z } from 'zod';
import { commonRequestFields, urlField } from '../../core/schemas/common.ts';
import { mediaFile } from '../../core/schemas/outputs.ts';
import { CODEC_OUTPUT, RENDER_CODECS, type RenderCodec } from '../../media/rendering/renderer.ts';

/** Every bound and default of the endpoint, once. */
export const VIDEO_EXPORT_LIMITS = {
  serveUrl: { max: 2048 },
  compositionId: { min: 1, max: 200 },
  /**
   * JSON size of input_props. The props travel in the workflow's execution data twice (the job input and
   * the render request), and Step Functions caps that data at 256 KiB.
   */
  inputProps: { maxBytes: 64 * 1024 },
  /** Up to 4K on the long side; 2 px is the smallest even size H.264 takes. */
  size: { min: 2, max: 3840 },
  fps: { min: 1, max: 60 },
  /** 10 minutes at 30 fps. */
  durationInFrames: { min: 1, max: 18_000 },
  crf: { min: 0, max: 51, default: 23 },
} as const;

/**
 * The crf each codec accepts inside the request's 0-51 bound (VIDEO_EXPORT_LIMITS.crf): Remotion refuses
 * crf 0 for H.264 and below 4 for VP8.
 */
export const CRF_RANGE: Readonly<Record<RenderCodec, readonly [number, number] | null>> = {
  h264: [1, 51],
  h265: [0, 51],
  vp8: [4, 51],
  vp9: [0, 51],
  prores: null,
  gif: null,
};

/** Codecs whose 4:2:0 output needs an even width and height (Remotion would round them down silently). */
export const EVEN_SIZE_CODECS: readonly RenderCodec[] = ['h264', 'h265'];

const codecList = RENDER_CODECS.join(', ');
const CRF_CODECS = RENDER_CODECS.filter((c) => CODEC_OUTPUT[c].crf);
const NO_CRF_CODECS = RENDER_CODECS.filter((c) => !CODEC_OUTPUT[c].crf);

const boundedInt = (bounds: { min: number; max: number }, description: string) =>
  z.int().min(bounds.min).max(bounds.max).optional().meta({ description });

const inputProps = z
  .record(z.string(), z.unknown())
  .superRefine((props, ctx) => {
    const bytes = Buffer.byteLength(JSON.stringify(props), 'utf8');
    if (bytes > VIDEO_EXPORT_LIMITS.inputProps.maxBytes) {
      ctx.addIssue({
        code: 'custom',
        message: `must serialize to at most ${VIDEO_EXPORT_LIMITS.inputProps.maxBytes} bytes of JSON (got ${bytes}); pass large data as URLs the composition fetches`,
      });
    }
    // The renderer ignores a length it cannot use; the caller hears about it instead.
    if ('totalDurationInFrames' in props) {
      const frames = props.totalDurationInFrames;
      const { min, max } = VIDEO_EXPORT_LIMITS.durationInFrames;
      if (typeof frames !== 'number' || !Number.isInteger(frames) || frames < min || frames > max) {
        ctx.addIssue({
          code: 'custom',
          path: ['totalDurationInFrames'],
          message: `must be an integer from ${min} to ${max} (the video's length in frames) when present; got ${JSON.stringify(frames)}`,
        });
      }
    }
  })
  .meta({
    description: `Props for the composition: a JSON object, shape set by the bundle, at most ${VIDEO_EXPORT_LIMITS.inputProps.maxBytes / 1024} KiB. When options.duration_in_frames is omitted, totalDurationInFrames (an integer, 1-${VIDEO_EXPORT_LIMITS.durationInFrames.max}) sets the length.`,
  });

const videoExportOptions = z
  .strictObject({
    codec: z
      .enum(RENDER_CODECS, {
        error: (issue) => `${JSON.stringify(issue.input)} is not a supported codec; use one of ${codecList}`,
      })
      .default('h264')
      .meta({
        description: `Output codec: ${codecList}; default h264. Files: h264/h265 .mp4, vp8/vp9 .webm, prores .mov, gif .gif.`,
      }),
    width: boundedInt(
      VIDEO_EXPORT_LIMITS.size,
      `Output width in pixels, ${VIDEO_EXPORT_LIMITS.size.min}-${VIDEO_EXPORT_LIMITS.size.max} (even for h264 and h265); default the composition's own.`,
    ),
    height: boundedInt(
      VIDEO_EXPORT_LIMITS.size,
      `Output height in pixels, ${VIDEO_EXPORT_LIMITS.size.min}-${VIDEO_EXPORT_LIMITS.size.max} (even for h264 and h265); default the composition's own.`,
    ),
    fps: boundedInt(
      VIDEO_EXPORT_LIMITS.fps,
      `Frame rate, ${VIDEO_EXPORT_LIMITS.fps.min}-${VIDEO_EXPORT_LIMITS.fps.max}; default the composition's own.`,
    ),
    duration_in_frames: boundedInt(
      VIDEO_EXPORT_LIMITS.durationInFrames,
      `Length in frames, ${VIDEO_EXPORT_LIMITS.durationInFrames.min}-${VIDEO_EXPORT_LIMITS.durationInFrames.max}. When omitted, input_props.totalDurationInFrames is used; when that is absent too, the composition's registered length.`,
    ),
    crf: z
      .int()
      .min(VIDEO_EXPORT_LIMITS.crf.min)
      .max(VIDEO_EXPORT_LIMITS.crf.max)
      .optional()
      .meta({
        description: `Quality for ${CRF_CODECS.join(', ')}: lower is better and bigger; default ${VIDEO_EXPORT_LIMITS.crf.default}. h264 takes 1-51 (use h265 with 0 for lossless), vp8 4-51. Not accepted with ${NO_CRF_CODECS.join(' or ')}, which have no quality scale.`,
      }),
  })
  .superRefine((options, ctx) => {
    const { codec, crf } = options;
    const range = CRF_RANGE[codec];
    if (crf !== undefined && range === null) {
      ctx.addIssue({
        code: 'custom',
        path: ['crf'],
        message: `${codec} has no quality scale and takes no crf; leave crf out or use one of ${CRF_CODECS.join(', ')}`,
      });
    } else if (crf !== undefined && range && (crf < range[0] || crf > range[1])) {
      ctx.addIssue({
        code: 'custom',
        path: ['crf'],
        message: `${codec} takes a crf from ${range[0]} to ${range[1]}; got ${crf}`,
      });
    }
    if (EVEN_SIZE_CODECS.includes(codec)) {
      for (const side of ['width', 'height'] as const) {
        const value = options[side];
        if (value !== undefined && value % 2 !== 0)
          ctx.addIssue({ code: 'custom', path: [side], message: `must be even for ${codec}; got ${value}` });
      }
    }
  })
  .default({ codec: 'h264' });

export const videoExportRequest = z
  .strictObject({
    serve_url: urlField({ protocol: /^https?$/, max: VIDEO_EXPORT_LIMITS.serveUrl.max }).meta({
      description:
        "URL of the Remotion bundle's index.html (or the folder serving it), over HTTPS. Its host must be on the stage's bundle-host allowlist (VIDEO_BUNDLE_URL_ALLOWLIST); otherwise 422 URL_NOT_ALLOWED.",
    }),
    composition_id: z
      .string()
      .min(VIDEO_EXPORT_LIMITS.compositionId.min)
      .max(VIDEO_EXPORT_LIMITS.compositionId.max)
      // Remotion's own rule for a composition id (validateCompositionId): a bundle cannot register
      // another, so any other id could only fail later, in the render.
      .regex(
        /^[a-zA-Z0-9\u4E00-\u9FFF-]+$/,
        'is not a Remotion composition id: ids are letters a-z and A-Z, digits, CJK characters and -',
      )
      .meta({
        description:
          'Id of a composition the bundle registers (Remotion allows a-z, A-Z, 0-9, CJK characters and -); a missing one fails the job COMPOSITION_NOT_FOUND, listing the ids that exist.',
      }),
    input_props: inputProps,
    options: videoExportOptions,
    ...commonRequestFields,
  })
  .meta({ id: 'VideoExportRequest' });
export type VideoExportRequest = z.infer<typeof videoExportRequest>;

const DURATION_SOURCES = ['option', 'input_props', 'composition'] as const;
export type DurationSource = (typeof DURATION_SOURCES)[number];

export const videoExportOutput = z
  .object({
    video: mediaFile.meta({ description: 'The rendered file: its content type follows the codec.' }),
    codec: z.enum(RENDER_CODECS),
    crf: z.int().nullable().meta({ description: 'The quality used; null for prores and gif.' }),
    width: z.int(),
    height: z.int(),
    fps: z.int(),
    duration_in_frames: z.int(),
    duration_seconds: z.number().meta({ description: 'duration_in_frames / fps.' }),
    duration_source: z.enum(DURATION_SOURCES).meta({
      description:
        'Where the length came from: option (options.duration_in_frames), input_props (input_props.totalDurationInFrames) or composition (its registered length).',
    }),
    composition_id: z.string(),
    serve_url: z.string(),
    renderer: z
      .string()
      .meta({ description: 'The renderer that made the video (remotion-lambda, remotion-local).' }),
  })
  .meta({ id: 'VideoExportOutput' });
