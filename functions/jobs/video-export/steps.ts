// Workflow step PrepareExport of a video export: looks the composition up in the caller's bundle (through
// the renderer, which loads the bundle the way the render will), settles its size, frame rate and length
// (option → input_props.totalDurationInFrames → the composition's own) and builds the render request.
// A bundle that cannot be loaded or lacks the composition ends the job with a code the caller can act on.
import { JobError } from '../../core/errors.ts';
import { mediaKey } from '../../core/media/media-store.ts';
import { jobRef, type StepEvent } from '../../core/workflows/step-runtime.ts';
import {
  BundleUnreachableError,
  CODEC_OUTPUT,
  type CompositionInfo,
  CompositionNotFoundError,
  type Renderer,
  type RenderRequest,
  resolveDurationInFrames,
} from '../../media/rendering/renderer.ts';
import { defineStep } from '../define-step.ts';
import { PREPARE_EXPORT } from './functions.ts';
import { type DurationSource, EVEN_SIZE_CODECS } from './schema.ts';
import type { VideoExportInput } from './submit.ts';

/** A render not done this long after it started is failed (the workflow itself ends at 900 s). */
const EXPORT_RENDER_TIMEOUT_SECONDS = 720;

export interface VideoExportEvent extends StepEvent {
  readonly input: VideoExportInput;
}

export interface PreparedExport {
  readonly request: RenderRequest;
  readonly width: number;
  readonly height: number;
  readonly fps: number;
  readonly duration_in_frames: number;
  readonly duration_source: DurationSource;
}

/** Remotion rounds an odd size down to even for H.264/H.265: the output reports what the file will be. */
const evenFor = (codec: RenderRequest['codec'], value: number) =>
  EVEN_SIZE_CODECS.includes(codec) && value % 2 !== 0 ? value - 1 : value;

async function lookUp(renderer: Renderer, input: VideoExportInput): Promise<CompositionInfo> {
  try {
    return await renderer.composition(input.serve_url, input.composition_id, input.input_props);
  } catch (error) {
    if (error instanceof CompositionNotFoundError) {
      const ids = error.available.length > 0 ? error.available.join(', ') : '(none)';
      throw new JobError(
        'COMPOSITION_NOT_FOUND',
        `The bundle at ${input.serve_url} has no composition '${input.composition_id}'; the compositions it registers are: ${ids}.`,
      );
    }
    if (error instanceof BundleUnreachableError) {
      // The renderer's words say what failed; what to check is ours to add.
      const sep = /[.!?]$/.test(error.message) ? ' ' : '. ';
      throw new JobError(
        'BUNDLE_UNREACHABLE',
        `${error.message}${sep}Check that serve_url opens the index.html of a bundle made with \`npx remotion bundle\` (or deploySite), and that the page loads in a browser without errors.`,
      );
    }
    throw error;
  }
}

export async function prepareExport(
  event: VideoExportEvent,
  ports: { readonly renderer: Renderer },
): Promise<PreparedExport> {
  const { input } = event;
  const { codec, crf } = input.options;
  const { renderer } = ports;
  if (!renderer.codecs.includes(codec)) {
    throw new JobError(
      'CODEC_NOT_SUPPORTED',
      `This stage's renderer (${renderer.name}) does not render ${codec}; it renders ${renderer.codecs.join(', ')}.`,
    );
  }
  const composition = await lookUp(renderer, input);
  const option = input.options.duration_in_frames;
  const durationInFrames = resolveDurationInFrames(option, input.input_props, composition.durationInFrames);
  // The schema refused a totalDurationInFrames that is not a positive integer, so its presence decides.
  const durationSource: DurationSource =
    option !== undefined
      ? 'option'
      : input.input_props.totalDurationInFrames !== undefined
        ? 'input_props'
        : 'composition';
  const width = input.options.width ?? composition.width;
  const height = input.options.height ?? composition.height;
  const fps = input.options.fps ?? composition.fps;
  const ref = jobRef(event.job);
  return {
    request: {
      composition: composition.id,
      serveUrl: input.serve_url,
      inputProps: input.input_props,
      codec,
      ...(crf !== null ? { crf } : {}),
      scale: 1,
      width,
      height,
      fps,
      durationInFrames,
      outputKey: mediaKey(ref.tenant, ref.jobId, `export.${CODEC_OUTPUT[codec].extension}`),
      timeoutSeconds: EXPORT_RENDER_TIMEOUT_SECONDS,
    },
    width: evenFor(codec, width),
    height: evenFor(codec, height),
    fps,
    duration_in_frames: durationInFrames,
    duration_source: durationSource,
  };
}

export const prepare = defineStep(prepareExport, PREPARE_EXPORT);
