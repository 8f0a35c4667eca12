// Workflow steps of the markup reveal video around the render: PrepareReveal turns a completed edit into
// the MarkupReveal composition's layers (the aerial at frame size, its blurred copy, one transparent
// image per annotation, all drawn by the same code as the still) and the poster. StoreVideo
// (markup-video-output.ts) records the rendered MP4 as the job's output.
import sharp from 'sharp';
import { mediaKey } from '../../core/media/media-store.ts';
import type { StoredMedia } from '../../core/schemas/outputs.ts';
import { jobRef, type StepEvent } from '../../core/workflows/step-runtime.ts';
import type { Point } from '../../domain/geo-types.ts';
import type { ResolvedAnnotation } from '../../media/markup/annotation-layout.ts';
import { annotationLayers, blurSigmaPx, outlineWidthPx, pixelRing } from '../../media/markup/compositor.ts';
import { type FrameFit, fitPicture, frameFit } from '../../media/markup/frame-fit.ts';
import { MARKUP_REVEAL, type MarkupRevealProps } from '../../media/remotion/compositions.ts';
import type { RenderRequest } from '../../media/rendering/renderer.ts';
import { defineStep, type StepPorts } from '../define-step.ts';
import { PREPARE_REVEAL } from './functions.ts';
import type { StoredMarkupEditOutput } from './steps.ts';

/** A render not finished in this time is failed: far above a 10 s reveal's render (docs/benchmarks.md). */
const RENDER_TIMEOUT_SECONDS = 600;

export interface RevealEvent extends StepEvent {
  readonly input: { readonly options: { readonly duration: number } };
  /** The edit the video reveals. */
  readonly parent: { readonly job_id: string; readonly output: StoredMarkupEditOutput };
}

export interface PreparedReveal {
  readonly request: RenderRequest;
  readonly poster: StoredMedia;
  readonly width: number;
  readonly height: number;
  readonly fps: number;
  readonly duration_seconds: number;
}

export async function prepareReveal(
  event: RevealEvent,
  ports: Pick<StepPorts, 'media' | 'clock' | 'renderScale' | 'labelFont'>,
): Promise<PreparedReveal> {
  const edit = event.parent.output;
  const { media } = ports;
  const ref = jobRef(event.job);
  const key = (name: string) => mediaKey(ref.tenant, ref.jobId, name);
  const { width: W, height: H, fps } = MARKUP_REVEAL;
  // The output size: full 1920x1080 unless the stage renders smaller (RENDER_SCALE, tests only).
  const scale = ports.renderScale;

  const [source, finished] = await Promise.all([
    media.get(edit.source_image.s3_key),
    media.get(edit.image.s3_key),
  ]);
  // A picture of another shape than the video (a 3:2 drone photo) is cut around the boundary and its
  // labels, or shown whole over a blurred continuation of itself: never squashed.
  const { width: sourceWidth = W, height: sourceHeight = H } = edit.source_image.width
    ? edit.source_image
    : await sharp(source).metadata();
  const fit = frameFit(sourceWidth, sourceHeight, W, H, subjectPoints(edit));
  const placed = placedAnnotations(edit.annotations, fit);
  const base = await fitPicture(source, fit, W, H, 92);
  const layers: Array<Promise<StoredMedia>> = [media.put(key('reveal-base.jpg'), base, 'image/jpeg')];
  if (edit.style === 'blur') {
    const blurred = await sharp(base)
      .blur({ sigma: blurSigmaPx(edit.compositor, H) })
      .jpeg({ quality: 92 })
      .toBuffer();
    layers.push(media.put(key('reveal-blur.jpg'), blurred, 'image/jpeg'));
  }
  const drawn = annotationLayers({ annotations: placed, font: ports.labelFont }, W, H);
  const annotationUploads = drawn.map(async (a, i) =>
    media.put(key(`reveal-annotation-${i}.png`), await sharp(a.layer).png().toBuffer(), 'image/png'),
  );
  // The poster is the finished still at the video's size: exactly what the last frame shows.
  const posterSize = { width: Math.round(W * scale), height: Math.round(H * scale) };
  const poster = media.put(
    key('markup-reveal-poster.jpg'),
    await fitPicture(finished, fit, posterSize.width, posterSize.height, 88),
    'image/jpeg',
    posterSize,
  );
  const [stored, annotations, posterMedia] = await Promise.all([
    Promise.all(layers),
    Promise.all(annotationUploads),
    poster,
  ]);
  const now = ports.clock.now();
  const url = async (m: StoredMedia) => (await media.sign(m.s3_key, now)).url;
  const [baseUrl, blurUrl] = await Promise.all(stored.map(url));
  const props: MarkupRevealProps = {
    durationInFrames: event.input.options.duration * fps,
    baseImage: baseUrl!,
    boundary: pixelRing(edit.boundary_polygon.map(fit.toFrame), W, H),
    outline: { color: edit.compositor.outline_color, width: outlineWidthPx(edit.compositor, H) },
    effect:
      edit.style === 'blur'
        ? { kind: 'blur', image: blurUrl! }
        : edit.style === 'darken'
          ? { kind: 'darken', amount: edit.compositor.darken_amount }
          : { kind: 'none' },
    annotations: await Promise.all(
      annotations.map(async (m, i) => ({ src: await url(m), ...drawn[i]!.bounds })),
    ),
  };
  return {
    request: {
      composition: MARKUP_REVEAL.id,
      inputProps: props,
      codec: 'h264',
      scale,
      outputKey: key('markup-reveal.mp4'),
      timeoutSeconds: RENDER_TIMEOUT_SECONDS,
    },
    poster: posterMedia,
    width: posterSize.width,
    height: posterSize.height,
    fps,
    duration_seconds: event.input.options.duration,
  };
}

/** What the video must keep in view: the boundary and every annotation's anchor points. */
function subjectPoints(edit: StoredMarkupEditOutput): Point[] {
  return [
    ...edit.boundary_polygon,
    ...edit.annotations.flatMap((a) => ('position' in a ? [a.position] : [a.from, a.to])),
  ];
}

/** The edit's annotations at their places in the video frame. */
function placedAnnotations(
  annotations: StoredMarkupEditOutput['annotations'],
  fit: FrameFit,
): ResolvedAnnotation[] {
  return annotations.map((a) =>
    'position' in a
      ? { ...a, position: fit.toFrame(a.position) }
      : { ...a, from: fit.toFrame(a.from), to: fit.toFrame(a.to) },
  );
}

export const prepare = defineStep(prepareReveal, PREPARE_REVEAL);
