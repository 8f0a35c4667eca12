// The listing kit's face: what the rest of the code may use of this folder (its job kind, for the registry,
// and its public schemas). Other kinds import this file, never the folder's other files.
export { listingKitKind } from './kind.ts';
export { type ListingKitRequest, listingKitOutput, listingKitRequest } from './schema.ts';
