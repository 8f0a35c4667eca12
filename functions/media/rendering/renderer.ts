// Port: renders a Remotion composition (one of ours, or one in a caller-hosted bundle) to a video in the
// media bucket. A render is started, then its status is polled (by the state machine's Wait/Check loop)
// until it is done; when status() reports done, the video is at `output_key` in the media bucket.

/** Every codec the port knows; each adapter says which of them it really renders (`codecs`). */
export const RENDER_CODECS = ['h264', 'h265', 'vp8', 'vp9', 'prores', 'gif'] as const;
export type RenderCodec = (typeof RENDER_CODECS)[number];

export interface CodecOutput {
  readonly extension: string;
  readonly contentType: string;
  /** Whether the codec takes a crf (ProRes and GIF have no quality scale). */
  readonly crf: boolean;
}

/** File extension, content type and crf support of each codec's output (Remotion's defaults). */
export const CODEC_OUTPUT: Readonly<Record<RenderCodec, CodecOutput>> = {
  h264: { extension: 'mp4', contentType: 'video/mp4', crf: true },
  h265: { extension: 'mp4', contentType: 'video/mp4', crf: true },
  vp8: { extension: 'webm', contentType: 'video/webm', crf: true },
  vp9: { extension: 'webm', contentType: 'video/webm', crf: true },
  prores: { extension: 'mov', contentType: 'video/quicktime', crf: false },
  gif: { extension: 'gif', contentType: 'image/gif', crf: false },
};

/**
 * How both renderers encode a request's frames: its crf (codecs that take one) and the frame format —
 * JPEG 90 for lossy codecs that accept it (cheaper to capture and decode), PNG for VP8/VP9, ProRes and GIF.
 */
export function frameEncoding(request: Pick<RenderRequest, 'codec' | 'crf'>) {
  const output = CODEC_OUTPUT[request.codec];
  return {
    ...(output.crf ? { crf: request.crf ?? DEFAULT_CRF } : {}),
    ...(output.crf && request.codec !== 'vp8' && request.codec !== 'vp9'
      ? { imageFormat: 'jpeg' as const, jpegQuality: 90 }
      : { imageFormat: 'png' as const }),
  };
}

/**
 * Chromium's OpenGL backend for a render. 'swangle' (SwiftShader through ANGLE) gives a software WebGL
 * context, which WebGL compositions (the aerial scene) need on machines without a GPU; 'angle' falls
 * back to SwiftShader without WebGL and draws 2D compositions ~3.5x faster. Remotion Lambda's default
 * is 'swangle'.
 */
export const RENDER_GL = ['angle', 'swangle'] as const;
export type RenderGl = (typeof RENDER_GL)[number];

export interface RenderRequest {
  readonly composition: string;
  /** A caller-hosted bundle (its index.html URL, allowlisted by the caller of the port); default our site. */
  readonly serveUrl?: string;
  readonly inputProps: Record<string, unknown>;
  readonly codec: RenderCodec;
  /** Quality, 0-51 (lower is better and bigger); default DEFAULT_CRF; ignored by codecs without crf. */
  readonly crf?: number;
  /** Output size as a share of the composition's (or the override's) size (1 = full size). */
  readonly scale: number;
  /** Overrides of the composition's own size, frame rate and length. */
  readonly width?: number;
  readonly height?: number;
  readonly fps?: number;
  readonly durationInFrames?: number;
  /** Media bucket key the finished video is stored at (its extension should be the codec's). */
  readonly outputKey: string;
  /** The render fails if it is not done this long after it started. */
  readonly timeoutSeconds: number;
  /** Chromium's OpenGL backend; 'swangle' for WebGL compositions. Default: the adapter's ('angle' locally). */
  readonly gl?: RenderGl;
  /**
   * Environment variables of the render's page whose values are secrets (an API key the composition
   * sends with its own requests): variable name → secret id. Only the ids travel in the request (and so
   * in Step Functions state); `withSecretEnv` (secret-env.ts) reads the values when the render starts
   * and hands them to the adapter as its `env` argument.
   */
  readonly secretEnv?: SecretEnv;
}

/** Render environment variables whose values are secrets: variable name → secret id. */
export type SecretEnv = Readonly<Record<string, string>>;
/** Resolved environment variables of a render's page (Remotion's envVariables): never stored or logged. */
export type RenderEnv = Readonly<Record<string, string>>;

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
  /** Waiting for a free render slot; `ahead` renders will start first. */
  | { readonly state: 'queued'; readonly ahead: number }
  | { readonly state: 'rendering'; readonly progress: number }
  | { readonly state: 'done'; readonly sizeBytes: number }
  /** `transient`: the failure is worth another attempt (a timeout, a crashed browser, a lost process). */
  | { readonly state: 'failed'; readonly message: string; readonly transient?: boolean };

/** A composition as a bundle registers it. */
export interface CompositionInfo {
  readonly id: string;
  readonly width: number;
  readonly height: number;
  readonly fps: number;
  readonly durationInFrames: number;
}

export interface Renderer {
  readonly name: string;
  /** The codecs this adapter renders; a request for another is refused before it starts. */
  readonly codecs: readonly RenderCodec[];
  /** `env`: the page's environment variables (the request's secretEnv resolved by withSecretEnv). */
  start(request: RenderRequest, env?: RenderEnv): Promise<RenderHandle>;
  status(handle: RenderHandle): Promise<RenderStatus>;
  /**
   * The composition `id` of the bundle at `serveUrl` as it registers itself for these props.
   * Throws BundleUnreachableError or CompositionNotFoundError (which lists the ids that exist).
   */
  composition(serveUrl: string, id: string, inputProps: Record<string, unknown>): Promise<CompositionInfo>;
}

/** The bundle could not be loaded (unreachable, not a Remotion bundle, or it threw while loading). */
export class BundleUnreachableError extends Error {
  readonly code = 'BUNDLE_UNREACHABLE';
  constructor(
    readonly serveUrl: string,
    reason: string,
  ) {
    super(`The Remotion bundle at ${serveUrl} could not be loaded: ${reason}`);
    this.name = 'BundleUnreachableError';
  }
}

/** The bundle loaded but has no composition with the requested id. */
export class CompositionNotFoundError extends Error {
  readonly code = 'COMPOSITION_NOT_FOUND';
  constructor(
    readonly compositionId: string,
    readonly available: readonly string[],
  ) {
    super(
      `The bundle has no composition '${compositionId}'; it has: ${available.length ? available.join(', ') : '(none)'}.`,
    );
    this.name = 'CompositionNotFoundError';
  }
}

/** Picks `id` from a bundle's compositions, or throws CompositionNotFoundError listing what exists. */
export function pickComposition(compositions: readonly CompositionInfo[], id: string): CompositionInfo {
  const found = compositions.find((c) => c.id === id);
  if (!found)
    throw new CompositionNotFoundError(
      id,
      compositions.map((c) => c.id),
    );
  const { width, height, fps, durationInFrames } = found;
  return { id, width, height, fps, durationInFrames };
}

/**
 * Looks up a bundle's compositions and picks `id`. A lookup failure another attempt may not meet (a browser
 * that died as it started, a timeout: isTransientRenderFailure) says nothing about the bundle, so it gets
 * one more attempt, after `beforeRetry` with the first failure (a renderer drops its browser when that is
 * what failed); what still fails is reported as the bundle's (BundleUnreachableError), a missing id as
 * CompositionNotFoundError.
 */
export async function lookUpComposition(
  serveUrl: string,
  id: string,
  lookUp: () => Promise<readonly CompositionInfo[]>,
  beforeRetry: (failure: unknown) => Promise<void> = async () => undefined,
): Promise<CompositionInfo> {
  let compositions: readonly CompositionInfo[];
  try {
    compositions = await lookUp();
  } catch (first) {
    if (!isTransientRenderFailure(firstLineOf(first)))
      throw new BundleUnreachableError(serveUrl, bundleFailureReason(first));
    await beforeRetry(first);
    try {
      compositions = await lookUp();
    } catch (error) {
      throw new BundleUnreachableError(serveUrl, bundleFailureReason(error));
    }
  }
  return pickComposition(compositions, id);
}

/** What Remotion says when the page it loaded defines no compositions, and where it quotes the page. */
const NOT_A_BUNDLE = /window\.getStaticCompositions is defined/;
const PAGE_MARKUP =
  /The page loaded contained the following markup:\n([\s\S]*?)(?:\nDoes this look like a foreign page\?|$)/;

/**
 * Why a bundle could not be loaded, in a line. Remotion's words, except for a page that loaded but is no
 * Remotion bundle (a 404 or access-denied page, a site's home page): Remotion puts what that page shows on
 * later lines, and the text of it ("Not Found", S3's "NoSuchKey") is what tells the caller what is wrong.
 */
export function bundleFailureReason(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  if (!NOT_A_BUNDLE.test(message)) return firstLineOf(error);
  const markup = PAGE_MARKUP.exec(message)?.[1] ?? '';
  const text = markup
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]*>?/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 200);
  return `the page there is not a Remotion bundle (it defines no window.getStaticCompositions)${text ? `; it shows: "${text}"` : ' and shows nothing'}`;
}

/**
 * A video export's length in frames, by the documented precedence (docs/readme/video-export.md): the request's option, else the props'
 * `totalDurationInFrames` (when it is a positive integer), else the composition's registered default.
 */
export function resolveDurationInFrames(
  option: number | undefined,
  inputProps: Record<string, unknown>,
  compositionDefault: number,
): number {
  if (option !== undefined) return option;
  const fromProps = inputProps.totalDurationInFrames;
  if (typeof fromProps === 'number' && Number.isInteger(fromProps) && fromProps > 0) return fromProps;
  return compositionDefault;
}

/**
 * Failures that another attempt may not meet: timeouts, a browser that crashed, closed or could not be
 * launched (a machine short of memory or processes for a moment), a lost process, throttling, and
 * Remotion's clean-up of a browser's temporary profile racing the browser's own last writes (ENOTEMPTY on
 * a puppeteer_dev_chrome_profile directory: the frames were fine, the tidy-up failed).
 */
const TRANSIENT_FAILURE =
  /delayRender|timed? ?out|timeout|target closed|session closed|browser (has )?(disconnected|closed|crashed)|failed to launch the browser|page crashed|protocol error|econnreset|socket hang up|stopped reporting progress|toomanyrequests|rate exceeded|concurrency limit|ENOTEMPTY.*puppeteer_dev_chrome_profile/i;

export function isTransientRenderFailure(message: string): boolean {
  return TRANSIENT_FAILURE.test(message);
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
