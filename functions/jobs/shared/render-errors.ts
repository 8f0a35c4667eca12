// The error a render step throws for a transient failure (a timeout, a crashed browser, a lost process):
// the state machine starts the render again on this name before it gives up with RENDER_FAILED. Its own
// module, so the workflow specs can name it without loading the renderer.

/** The error name the state machine retries the render on (then maps to RENDER_FAILED). */
export const RENDER_RETRYABLE = 'RenderRetryable';

export class RenderRetryableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = RENDER_RETRYABLE;
  }
}
