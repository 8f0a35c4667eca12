// Workflow steps of the markup reveal video around the render: PrepareReveal turns a completed edit into
// the MarkupReveal composition's layers (the aerial at frame size, its blurred copy, one transparent
// image per annotation, all drawn by the same code as the still) and the poster. StoreVideo
// (markup-video-output.ts) records the rendered MP4 as the job's output.

import sharp from 'sharp';
import type { BrandKitUse } from '../../core/brand-kits/resolve.ts';
import { mediaKey } from '../../core/media/media-store.ts';
import type { StoredMedia } from '../../core/schemas/outputs.ts';
import { type EndCardBranding, type RenditionName, VIDEO_RENDITIONS } from '../../core/schemas/renditions.ts';
import { jobRef, type StepEvent } from '../../core/workflows/step-runtime.ts';
import type { Point } from '../../domain/geo-types.ts';
import type { ResolvedAnnotation } from '../../media/markup/annotation-layout.ts';
import { annotationLayers, blurSigmaPx, outlineWidthPx, pixelRing } from '../../media/markup/compositor.ts';
import { type FrameFit, fitPicture, frameFit } from '../../media/markup/frame-fit.ts';
import {
  MARKUP_REVEAL,
  MARKUP_REVEAL_SHAPES,
  type MarkupRevealProps,
} from '../../media/remotion/compositions.ts';
import type { RenderRequest } from '../../media/rendering/renderer.ts';
import { endCardProps } from '../../media/renditions/end-card-layout.ts';
import { defineStep, type StepPorts } from '../define-step.ts';
import { withKitImages } from '../shared/brand-kit-images.ts';
import { jobImageFetcher } from '../shared/own-media-images.ts';
import type { RenderBatch } from '../shared/render.ts';
import {
  renderBatch,
  storedLogo,
  type VideoRenderEntry,
  videoRenderPlan,
} from '../shared/video-renditions.ts';
import { PREPARE_REVEAL } from './functions.ts';
import type { StoredMarkupEditOutput } from './steps.ts';

/** A render not finished in this time is failed: far above a 10 s reveal's render (docs/benchmarks.md). */
const RENDER_TIMEOUT_SECONDS = 600;

export interface RevealEvent extends StepEvent {
  readonly input: {
    readonly options: { readonly duration: number };
    readonly renditions?: readonly RenditionName[];
    readonly branding?: EndCardBranding;
    /** The brand kit the end card draws (its logo's kept copy), as resolved at submission. */
    readonly brand_kit?: BrandKitUse;
  };
  /** The edit the video reveals. */
  readonly parent: { readonly job_id: string; readonly output: StoredMarkupEditOutput };
}

export interface PreparedReveal {
  /** One render, or the batch: the video, its social shapes, each with its branded version. */
  readonly request: RenderRequest | RenderBatch;
  /** What each render of the batch is, in order (absent: one render, prepared before renditions). */
  readonly plan?: readonly VideoRenderEntry[];
  readonly poster: StoredMedia;
  readonly width: number;
  readonly height: number;
  readonly fps: number;
  readonly duration_seconds: number;
}

type RevealPorts = Pick<
  StepPorts,
  'media' | 'clock' | 'renderScale' | 'labelFont' | 'slideFonts' | 'fetchImage'
>;

export async function prepareReveal(event: RevealEvent, ports: RevealPorts): Promise<PreparedReveal> {
  const edit = event.parent.output;
  const { media } = ports;
  const ref = jobRef(event.job);
  const key = (name: string) => mediaKey(ref.tenant, ref.jobId, name);
  const { width: W, height: H, fps } = MARKUP_REVEAL;
  // The output size: full size unless the stage renders smaller (RENDER_SCALE, tests only).
  const scale = ports.renderScale;
  const now = ports.clock.now();
  const [source, finished, logo] = await Promise.all([
    media.get(edit.source_image.s3_key),
    media.get(edit.image.s3_key),
    storedLogo(
      withKitImages(event.input).branding,
      {
        ...ports,
        fetchImage: jobImageFetcher(ports.fetchImage, media, ref.tenant, event.input.brand_kit),
        now,
      },
      key('end-card-logo'),
    ),
  ]);
  const { width: sourceWidth = W, height: sourceHeight = H } = edit.source_image.width
    ? edit.source_image
    : await sharp(source).metadata();
  const picture = { source, width: sourceWidth, height: sourceHeight };

  const shapes = VIDEO_RENDITIONS.filter((shape) => event.input.renditions?.includes(shape)).map((shape) => ({
    shape,
    ...MARKUP_REVEAL_SHAPES[shape],
  }));
  const frames = [{ shape: 'main' as const, ...MARKUP_REVEAL }, ...shapes];
  const prepared = await Promise.all(
    frames.map((frame) =>
      revealFrame(edit, picture, frame, frame.shape === 'main' ? '' : `-${frame.shape}`, key, ports, now),
    ),
  );
  const plan = videoRenderPlan(
    { width: Math.round(W * scale), height: Math.round(H * scale) },
    shapes.map((s) => ({
      shape: s.shape,
      width: Math.round(s.width * scale),
      height: Math.round(s.height * scale),
    })),
    event.input.branding !== undefined,
  );
  const durationInFrames = event.input.options.duration * fps;
  const requests = plan.map((entry): RenderRequest => {
    const frame = frames.find((f) => f.shape === entry.shape)!;
    const props = prepared[frames.indexOf(frame)]!;
    const endCard =
      entry.branded && event.input.branding
        ? endCardProps(event.input.branding, frame, ports.slideFonts, logo)
        : undefined;
    const suffix = `${entry.shape === 'main' ? '' : `-${entry.shape}`}${entry.branded ? '-branded' : ''}`;
    return {
      composition: frame.id,
      inputProps: {
        ...props,
        durationInFrames: durationInFrames + (endCard?.frames ?? 0),
        ...(endCard ? { endCard } : {}),
      } satisfies MarkupRevealProps,
      codec: 'h264',
      scale,
      outputKey: key(`markup-reveal${suffix}.mp4`),
      timeoutSeconds: RENDER_TIMEOUT_SECONDS,
    };
  });
  // The poster is the finished still at the video's size: exactly what the last frame of the reveal shows.
  const posterSize = plan[0]!;
  const mainFit = frameFit(sourceWidth, sourceHeight, W, H, subjectPoints(edit));
  const poster = await media.put(
    key('markup-reveal-poster.jpg'),
    await fitPicture(finished, mainFit, posterSize.width, posterSize.height, 88),
    'image/jpeg',
    { width: posterSize.width, height: posterSize.height },
  );
  return {
    request: renderBatch(requests),
    plan,
    poster,
    width: posterSize.width,
    height: posterSize.height,
    fps,
    duration_seconds: event.input.options.duration,
  };
}

/**
 * The reveal's layers for one frame (the video's 16:9, or a social shape): the picture cut around the
 * boundary and its labels, or shown whole over a blurred continuation of itself — never squashed — and
 * the labels laid out again where the frame puts them. `suffix` keeps each frame's files apart.
 */
async function revealFrame(
  edit: StoredMarkupEditOutput,
  picture: { readonly source: Buffer; readonly width: number; readonly height: number },
  frame: { readonly width: number; readonly height: number },
  suffix: string,
  key: (name: string) => string,
  ports: RevealPorts,
  now: Date,
): Promise<Omit<MarkupRevealProps, 'durationInFrames'>> {
  const { media } = ports;
  const { width: W, height: H } = frame;
  const fit = frameFit(picture.width, picture.height, W, H, subjectPoints(edit));
  const placed = placedAnnotations(edit.annotations, fit);
  const base = await fitPicture(picture.source, fit, W, H, 92);
  const layers: Array<Promise<StoredMedia>> = [
    media.put(key(`reveal-base${suffix}.jpg`), base, 'image/jpeg'),
  ];
  if (edit.style === 'blur') {
    const blurred = await sharp(base)
      .blur({ sigma: blurSigmaPx(edit.compositor, H) })
      .jpeg({ quality: 92 })
      .toBuffer();
    layers.push(media.put(key(`reveal-blur${suffix}.jpg`), blurred, 'image/jpeg'));
  }
  const drawn = annotationLayers({ annotations: placed, font: ports.labelFont }, W, H);
  const annotationUploads = drawn.map(async (a, i) =>
    media.put(key(`reveal-annotation${suffix}-${i}.png`), await sharp(a.layer).png().toBuffer(), 'image/png'),
  );
  const [stored, annotations] = await Promise.all([Promise.all(layers), Promise.all(annotationUploads)]);
  const url = async (m: StoredMedia) => (await media.sign(m.s3_key, now)).url;
  const [baseUrl, blurUrl] = await Promise.all(stored.map(url));
  return {
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
