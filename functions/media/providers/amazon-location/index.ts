// Amazon Location Service adapters: Places v2 geocoding, Maps v2 vector basemap site models and satellite imagery.
export {
  AmazonLocationGeocoder,
  type AmazonLocationGeocoderOptions,
  type GeocodeClient,
} from './places-geocoder.ts';
export {
  AmazonLocationSatelliteImagery,
  type AmazonLocationSatelliteImageryOptions,
} from './satellite-imagery.ts';
export {
  AmazonLocationSiteSource,
  type AmazonLocationSiteSourceOptions,
  type TileClient,
} from './vector-tile-site-source.ts';
