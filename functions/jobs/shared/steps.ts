// Steps several job kinds share, as workflow step specs: where the property is (ResolveLocation) and a
// Remotion render (StartRender, then the Wait/CheckRender loop).
import type { StepSpec } from '../job-kind.ts';
import { CHECK_RENDER, RESOLVE_LOCATION, START_RENDER } from './functions.ts';
import { RENDER_RETRYABLE } from './render-errors.ts';

/**
 * Geocodes $.input.address into $.location, or takes $.input.options.lat/lng, or the centroid of the
 * caller's parcel ($.input.boundary).
 */
export const resolveLocationStep: StepSpec = {
  name: 'ResolveLocation',
  fn: RESOLVE_LOCATION,
  progress: { percent: 10, stage: 'geocoding' },
  payload: { address: '$.input.address', options: '$.input.options', input: '$.input' },
  resultPath: '$.location',
};

/**
 * ResolveLocation that also finds the property's lot ($.location.lot) from the stage's cadastre sources:
 * for the kinds that draw or measure it (frontage, markup).
 */
export const resolvePropertyStep: StepSpec = {
  ...resolveLocationStep,
  payload: { ...resolveLocationStep.payload, find_lot: true },
};

/**
 * Renders the request at `requestPath` (made by an earlier step) into $.render, polling until it is
 * done; the job's progress runs from `from` to `to` percent while it renders.
 */
export function renderStep(requestPath: string, span: { from: number; to: number; stage: string }): StepSpec {
  return {
    name: 'StartRender',
    fn: START_RENDER,
    progress: { percent: span.from, stage: span.stage },
    payload: { request: requestPath },
    resultPath: '$.render',
    poll: {
      waitName: 'WaitForRender',
      checkName: 'CheckRender',
      choiceName: 'RenderDone',
      check: CHECK_RENDER,
      payload: { span },
      resultField: 'render',
      secondsPath: '$.render.poll_seconds',
      donePath: '$.render.done',
      // A transient failure (a timeout, a crashed browser, a lost process) starts the render again
      // twice, 5 s then ~10 s later; a render that keeps failing ends the job RENDER_FAILED.
      restart: { errors: [RENDER_RETRYABLE], failCode: 'RENDER_FAILED', maxAttempts: 2, intervalSeconds: 5 },
    },
  };
}
