// The function specs of the steps several kinds share: where the property is, and a Remotion render's
// start and check. Their step modules define their handlers with these specs (defineStep).
import { handlersIn, stepFunction } from '../job-kind.ts';

const location = handlersIn(import.meta.url, './resolve-location.ts');
const render = handlersIn(import.meta.url, './render.ts');

export const RESOLVE_LOCATION = stepFunction({
  functionId: 'ResolveLocationFunction',
  handler: location('handler'),
  description: "Geocodes an address (or takes the caller's coordinates or parcel)",
  memoryMb: 512,
  needs: ['geocoder'],
});

export const START_RENDER = stepFunction({
  functionId: 'StartRenderFunction',
  handler: render('start'),
  description: 'Starts a Remotion render',
  memoryMb: 512,
  needs: ['media', 'renderer'],
});

export const CHECK_RENDER = stepFunction({
  functionId: 'CheckRenderFunction',
  handler: render('check'),
  description: "Reports a Remotion render's progress",
  memoryMb: 512,
  needs: ['media', 'renderer'],
});
