// Sun geometry for a façade: the RESO DirectionFaces value of a bearing, the sun's path over a day at a
// latitude (declination, hour angle, altitude, azimuth; the NOAA general solar position formulas, in local
// solar time) and the hours of direct sun a vertical façade facing a bearing gets at the winter solstice.
// No terrain or obstruction: only the horizon and the façade's own plane block the sun.
import { angularDifference, normalizeBearing } from './bearing.ts';

/** The RESO Data Dictionary DirectionFaces values, clockwise from north like COMPASS_LABELS. */
export const RESO_DIRECTION_FACES = [
  'North',
  'Northeast',
  'East',
  'Southeast',
  'South',
  'Southwest',
  'West',
  'Northwest',
] as const;
type ResoDirectionFaces = (typeof RESO_DIRECTION_FACES)[number];

/**
 * RESO DirectionFaces of a bearing: the same eight 45° sectors as bearingLabel (each includes its
 * anticlockwise boundary: 22.5 is Northeast, 337.5 is North).
 */
export function resoDirectionFaces(bearingDeg: number): ResoDirectionFaces {
  const sector = Math.floor((normalizeBearing(bearingDeg) + 22.5) / 45) % 8;
  return RESO_DIRECTION_FACES[sector] ?? 'North';
}

/** The bearing straight behind: front + 180, in [0, 360). */
export function rearBearing(bearingDeg: number): number {
  return normalizeBearing(bearingDeg + 180);
}

/**
 * Altitude of the sun's centre at sunrise and sunset: the upper limb touches the horizon once refraction
 * (34′) and the sun's semi-diameter (16′) are allowed for. The usual definition of day length.
 */
const SUNRISE_ALTITUDE_DEG = -0.833;

const RAD = Math.PI / 180;

/** Day of the year, 1-366, of a month (1-12) and day in a non-leap year. */
export function dayOfYear(month: number, day: number): number {
  const cumulative = [0, 31, 59, 90, 120, 151, 181, 212, 243, 273, 304, 334];
  const before = cumulative[month - 1];
  if (before === undefined || !Number.isInteger(day) || day < 1 || day > 31)
    throw new RangeError(`not a month and day: ${month}-${day}`);
  return before + day;
}

/** Solar declination in degrees at local solar noon of a day of the year (NOAA's Fourier series). */
export function solarDeclinationDeg(day: number): number {
  const g = ((2 * Math.PI) / 365) * (day - 1);
  const rad =
    0.006918 -
    0.399912 * Math.cos(g) +
    0.070257 * Math.sin(g) -
    0.006758 * Math.cos(2 * g) +
    0.000907 * Math.sin(2 * g) -
    0.002697 * Math.cos(3 * g) +
    0.00148 * Math.sin(3 * g);
  return rad / RAD;
}

interface SunPosition {
  /** Degrees above the horizon (negative below), no refraction. */
  readonly altitudeDeg: number;
  /** Compass bearing of the sun, degrees clockwise from true north, in [0, 360). */
  readonly azimuthDeg: number;
}

/**
 * Sun position at a latitude (degrees, south negative) for a declination and an hour angle (degrees,
 * 15° per hour from local solar noon, negative in the morning).
 */
export function sunPosition(latitudeDeg: number, declinationDeg: number, hourAngleDeg: number): SunPosition {
  const phi = latitudeDeg * RAD;
  const delta = declinationDeg * RAD;
  const h = hourAngleDeg * RAD;
  // The sun's unit vector in local east, north, up coordinates.
  const east = -Math.cos(delta) * Math.sin(h);
  const north = Math.sin(delta) * Math.cos(phi) - Math.cos(delta) * Math.sin(phi) * Math.cos(h);
  const up = Math.sin(delta) * Math.sin(phi) + Math.cos(delta) * Math.cos(phi) * Math.cos(h);
  return {
    altitudeDeg: Math.asin(Math.max(-1, Math.min(1, up))) / RAD,
    azimuthDeg: normalizeBearing(Math.atan2(east, north) / RAD),
  };
}

/** Integration step of the sun-hour counts, minutes. */
const STEP_MINUTES = 1;

/**
 * Minutes of a day (local solar time, sampled at the middle of each 1-minute step) in which the sun is
 * above the horizon and, when a façade bearing is given, in front of that façade: less than 90° between
 * the sun's azimuth and the façade's outward normal.
 */
export function sunMinutes(latitudeDeg: number, declinationDeg: number, facadeBearingDeg?: number): number {
  let minutes = 0;
  for (let t = STEP_MINUTES / 2; t < 24 * 60; t += STEP_MINUTES) {
    const sun = sunPosition(latitudeDeg, declinationDeg, (t / 60 - 12) * 15);
    if (sun.altitudeDeg <= SUNRISE_ALTITUDE_DEG) continue;
    if (facadeBearingDeg !== undefined && angularDifference(sun.azimuthDeg, facadeBearingDeg) >= 90) continue;
    minutes += STEP_MINUTES;
  }
  return minutes;
}

const roundTenth = (hours: number) => Math.round(hours * 10) / 10;

/** The winter solstice of a latitude's hemisphere, as month-day: June south of the equator, else December. */
export function winterSolsticeDate(latitudeDeg: number): '06-21' | '12-21' {
  return latitudeDeg < 0 ? '06-21' : '12-21';
}

function winterSolsticeDeclination(latitudeDeg: number): number {
  const [month, day] = winterSolsticeDate(latitudeDeg).split('-').map(Number) as [number, number];
  return solarDeclinationDeg(dayOfYear(month, day));
}

/** Hours from sunrise to sunset at the winter solstice of a latitude, to 0.1 h. */
export function winterDayLengthHours(latitudeDeg: number): number {
  return roundTenth(sunMinutes(latitudeDeg, winterSolsticeDeclination(latitudeDeg)) / 60);
}

/** Hours of direct sun on a vertical façade facing a bearing at the winter solstice of a latitude, to 0.1 h. */
export function winterSunHours(latitudeDeg: number, facadeBearingDeg: number): number {
  return roundTenth(
    sunMinutes(latitudeDeg, winterSolsticeDeclination(latitudeDeg), normalizeBearing(facadeBearingDeg)) / 60,
  );
}
