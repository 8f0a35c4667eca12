// The names of the capability table's rows (capabilities.ts), alone: a job kind's function specs name
// their needs with them, and nothing here leads back to the adapters the rows build.
const CAPABILITY_NAMES = [
  'media',
  'sharp',
  'labelFont',
  'slideFonts',
  'geocoder',
  'mapTiles',
  'ownImagery',
  'renderer',
  'renderScale',
  'imageFetch',
  'callerImagery',
  'stager',
  'childJobs',
  'aerialScene',
] as const;

export type CapabilityName = (typeof CAPABILITY_NAMES)[number];
