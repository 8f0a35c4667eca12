// The brochure kind's face: what the rest of the code may use of this folder (its job kind, for the registry,
// and its public schemas). Other kinds import this file, never the folder's other files.
export { brochureKind } from './kind.ts';
export { BROCHURE_LIMITS, brochureSlideRequest } from './schema.ts';
