// The video export kind's step functions: what each runs, its size and what it needs (capabilities.ts).
import { handlersIn, stepFunction } from '../job-kind.ts';

const step = handlersIn(import.meta.url, './steps.ts');
const output = handlersIn(import.meta.url, './store.ts');

// Loads the caller's bundle once (a browser locally, a Remotion Lambda call in AWS).
export const PREPARE_EXPORT = stepFunction({
  functionId: 'PrepareVideoExportFunction',
  handler: step('prepare'),
  description: "Looks a composition up in a caller's bundle and builds its render request",
  memoryMb: 1024,
  timeoutSeconds: 120,
  needs: ['media', 'renderer'],
});

export const STORE_EXPORT = stepFunction({
  functionId: 'StoreVideoExportFunction',
  handler: output('store'),
  description: 'Records a rendered video export as the job output',
});
