// Amazon Location Service adapters: Places v2 geocoding, Maps v2 vector basemap site models and satellite imagery.
export { AmazonLocationGeocoder } from './places-geocoder.ts';
export { AmazonLocationSatelliteImagery } from './satellite-imagery.ts';
export { AmazonLocationSiteSource } from './vector-tile-site-source.ts';
