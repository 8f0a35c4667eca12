// The virtual staging kind's step function: what it runs, its size and what it needs (capabilities.ts).
import { handlersIn, stepFunction } from '../job-kind.ts';

const step = handlersIn(import.meta.url, './steps.ts');

// Decoding, analysing and re-encoding photos up to 40 MP: memory buys CPU and headroom. The font draws the
// optional "Virtually staged" watermark.
export const STAGE_ROOM = stepFunction({
  functionId: 'StageRoomFunction',
  handler: step('stage'),
  description: 'Downloads a room photo and stages it with furniture',
  memoryMb: 2048,
  timeoutSeconds: 120,
  needs: ['media', 'sharp', 'labelFont', 'imageFetch', 'stager'],
});
