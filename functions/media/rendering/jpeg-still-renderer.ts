// Port: renders one frame of a Remotion composition to a JPEG. The video Renderer port (renderer.ts)
// has no still path: a still is quick (seconds), so it is rendered in the step and stored by it,
// without the start/poll loop. Cloud adapter: @remotion/lambda-client's renderStillOnLambda with the
// same composition and props (not written yet, see docs/readme/drone.md).
export interface StillRenderRequest {
  readonly composition: string;
  readonly inputProps: Record<string, unknown>;
  /** Which frame (default 0). */
  readonly frame?: number;
  readonly jpegQuality: number;
  /** Output size as a share of the composition's own size (default 1). */
  readonly scale?: number;
}

export interface StillRenderer {
  readonly name: string;
  renderStill(request: StillRenderRequest): Promise<Buffer>;
}
