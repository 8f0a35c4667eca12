// The listing kit's face: what the rest of the code may use of this folder (its job kind, for the
// registry; no other kind uses its schemas). Other kinds import this file, never the folder's other files.
export { listingKitKind } from './kind.ts';
