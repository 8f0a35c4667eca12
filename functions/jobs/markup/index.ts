// The markup kinds' face: what the rest of the code may use of this folder (its job kind, for the registry,
// and its public schemas). Other kinds import this file, never the folder's other files.
export { markupKind } from './kind.ts';
export { annotationText, boundaryPolygon, type NormalizedPoint } from './schema.ts';
