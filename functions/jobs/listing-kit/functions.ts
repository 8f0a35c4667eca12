// The listing kit's step function: what it runs, its size and what it needs (capabilities.ts).
import { handlersIn, stepFunction } from '../job-kind.ts';

const step = handlersIn(import.meta.url, './steps.ts');

// Assembling the deck reads six slide PDFs and PNGs and writes two PDFs.
export const ADVANCE_KIT = stepFunction({
  functionId: 'AdvanceListingKitFunction',
  handler: step('advance'),
  description: "Creates a listing kit's child jobs as their inputs become ready and assembles the kit",
  memoryMb: 1024,
  timeoutSeconds: 120,
  needs: ['media', 'sharp', 'childJobs'],
});
