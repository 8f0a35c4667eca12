// Steps several job kinds share, as workflow step specs: where the property is (ResolveLocation) and a
// Remotion render (StartRender, then the Wait/CheckRender loop).
import { handlersIn, type StepFunctionSpec, type StepSpec } from '../job-kind.ts';
import { RENDER_RETRYABLE } from './render-errors.ts';

const location = handlersIn<typeof import('./resolve-location.ts')>(import.meta.url, './resolve-location.ts');
const render = handlersIn<typeof import('./render.ts')>(import.meta.url, './render.ts');

/**
 * Geocodes $.input.address into $.location, or takes $.input.options.lat/lng, or the centroid of the
 * caller's parcel ($.input.boundary).
 */
export const resolveLocationStep: StepSpec = {
  name: 'ResolveLocation',
  fn: {
    functionId: 'ResolveLocationFunction',
    handler: location('handler'),
    description: "Geocodes an address (or takes the caller's coordinates or parcel)",
    memoryMb: 512,
    needs: ['geocoder'],
  },
  progress: { percent: 10, stage: 'geocoding' },
  payload: { address: '$.input.address', options: '$.input.options', input: '$.input' },
  resultPath: '$.location',
};

const renderFunction = (
  functionId: string,
  exportName: 'start' | 'check',
  description: string,
): StepFunctionSpec => ({
  functionId,
  handler: render(exportName),
  description,
  memoryMb: 512,
  needs: ['media', 'renderer'],
});

/**
 * Renders the request at `requestPath` (made by an earlier step) into $.render, polling until it is
 * done; the job's progress runs from `from` to `to` percent while it renders.
 */
export function renderStep(requestPath: string, span: { from: number; to: number; stage: string }): StepSpec {
  return {
    name: 'StartRender',
    fn: renderFunction('StartRenderFunction', 'start', 'Starts a Remotion render'),
    progress: { percent: span.from, stage: span.stage },
    payload: { request: requestPath },
    resultPath: '$.render',
    poll: {
      waitName: 'WaitForRender',
      checkName: 'CheckRender',
      choiceName: 'RenderDone',
      check: renderFunction('CheckRenderFunction', 'check', "Reports a Remotion render's progress"),
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
