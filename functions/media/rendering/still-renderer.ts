// Port: renders one frame of a Remotion composition to a PNG or JPEG, synchronously (a still takes
// seconds, so no start/poll loop as for videos; the step that asks stores the bytes itself). Adapters:
// local-still-renderer.ts (@remotion/renderer's renderStill with Debian's Chromium, in the calling
// process, in the machine's render queue) and remotion-lambda-still-renderer.ts (renderStillOnLambda).
import type { RenderEnv, RenderGl, SecretEnv } from './renderer.ts';

export const STILL_FORMATS = ['png', 'jpeg'] as const;
export type StillFormat = (typeof STILL_FORMATS)[number];

export interface StillRequest {
  readonly composition: string;
  readonly inputProps: Record<string, unknown>;
  readonly format: StillFormat;
  /** JPEG quality 0-100 (jpeg only); default 80, Remotion's. */
  readonly jpegQuality?: number;
  /** Output size as a share of the composition's size (1 = full size). */
  readonly scale?: number;
  /** Which frame (default 0). */
  readonly frame?: number;
  /** Chromium's OpenGL backend; 'swangle' for WebGL compositions. Default: the adapter's. */
  readonly gl?: RenderGl;
  /** How long the page may take to load and draw the frame; default the adapter's (60-90 s). */
  readonly timeoutMs?: number;
  /** As RenderRequest.secretEnv: page environment variables read from secrets when the still renders. */
  readonly secretEnv?: SecretEnv;
}

export interface StillRenderer {
  readonly name: string;
  /** The frame's bytes in the requested format. */
  /** `env`: the page's environment variables (the request's secretEnv resolved by withSecretEnv). */
  renderStill(request: StillRequest, env?: RenderEnv): Promise<Buffer>;
}

/** The content type of a still's bytes. */
export const STILL_CONTENT_TYPE: Readonly<Record<StillFormat, string>> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
};
