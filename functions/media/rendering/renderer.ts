// Port: renders one of the project's Remotion compositions to a video in the media bucket. A render is
// started, then its status is polled (by the state machine's Wait/Check loop) until it is done; when
// status() reports done, the video is at `output_key` in the media bucket.

export interface RenderRequest {
  readonly composition: string;
  readonly inputProps: Record<string, unknown>;
  readonly codec: 'h264';
  /** H.264 quality, 0-51 (lower is better and bigger); default the renderer's (18). */
  readonly crf?: number;
  /** Output size as a share of the composition's own size (1 = full size). */
  readonly scale: number;
  /** Media bucket key the finished video is stored at. */
  readonly outputKey: string;
  /** The render fails if it is not done this long after it started. */
  readonly timeoutSeconds: number;
}

/** What the state machine carries between polls (plain JSON). */
export interface RenderHandle {
  readonly render_id: string;
  readonly renderer: string;
  readonly output_key: string;
  readonly started_at: string;
  readonly deadline: string;
  /** Where the cloud renderer writes progress and output (its own bucket). */
  readonly render_bucket?: string;
  /** Seconds the state machine waits between polls. */
  readonly poll_seconds: number;
}

export type RenderStatus =
  | { readonly state: 'rendering'; readonly progress: number }
  | { readonly state: 'done'; readonly sizeBytes: number }
  | { readonly state: 'failed'; readonly message: string };

export interface Renderer {
  readonly name: string;
  start(request: RenderRequest): Promise<RenderHandle>;
  status(handle: RenderHandle): Promise<RenderStatus>;
}

/** A render scale setting: a share of full size in (0, 1]; absent or empty means full size. */
export function parseRenderScale(raw: string | undefined, variable: string): number {
  if (raw === undefined || raw === '') return 1;
  const scale = Number(raw);
  if (!(scale > 0 && scale <= 1)) throw new Error(`${variable} must be a number in (0, 1], got '${raw}'`);
  return scale;
}

/** The default H.264 quality of our renders: visually lossless for aerial stills and vector overlays. */
export const DEFAULT_CRF = 18;

/** The first line of an error's message, at most 500 characters: renderers' messages carry stacks and hints. */
export function firstLineOf(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.split('\n')[0]!.slice(0, 500);
}
