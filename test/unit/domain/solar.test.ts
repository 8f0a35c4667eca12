// Sun geometry for a façade: the RESO DirectionFaces sectors and their boundaries, the sun's position, and
// winter-solstice day lengths and façade sun hours checked against published values for Australian cities.
import { describe, expect, it } from 'vitest';
import { bearingLabel, COMPASS_LABELS } from '../../../functions/domain/geometry/bearing.ts';
import {
  dayOfYear,
  RESO_DIRECTION_FACES,
  rearBearing,
  resoDirectionFaces,
  solarDeclinationDeg,
  sunMinutes,
  sunPosition,
  winterDayLengthHours,
  winterSolsticeDate,
  winterSunHours,
} from '../../../functions/domain/geometry/solar.ts';

const SYDNEY = -33.87;
const DARWIN = -12.46;
const HOBART = -42.88;

describe('resoDirectionFaces', () => {
  it.each([
    [0, 'North'],
    [45, 'Northeast'],
    [90, 'East'],
    [135, 'Southeast'],
    [180, 'South'],
    [225, 'Southwest'],
    [270, 'West'],
    [315, 'Northwest'],
  ])('names the centre of each sector: %d → %s', (deg, value) => {
    expect(resoDirectionFaces(deg)).toBe(value);
  });

  it.each([
    [0, 'North'],
    [22.4999, 'North'],
    [22.5, 'Northeast'],
    [67.5, 'East'],
    [157.5, 'South'],
    [202.4999, 'South'],
    [292.5, 'Northwest'],
    [337.4999, 'Northwest'],
    [337.5, 'North'],
    [359.9, 'North'],
    [360, 'North'],
    [-10, 'North'],
  ])('puts a boundary in the clockwise sector and wraps: %d → %s', (deg, value) => {
    expect(resoDirectionFaces(deg)).toBe(value);
  });

  it("uses the same sectors as the API's own direction labels", () => {
    for (let deg = 0; deg < 360; deg += 0.5) {
      expect(RESO_DIRECTION_FACES.indexOf(resoDirectionFaces(deg))).toBe(
        COMPASS_LABELS.indexOf(bearingLabel(deg)),
      );
    }
  });
});

describe('rearBearing', () => {
  it.each([
    [0, 180],
    [90, 270],
    [180, 0],
    [200, 20],
    [359, 179],
  ])('the rear of %d faces %d', (front, rear) => {
    expect(rearBearing(front)).toBe(rear);
  });
});

describe('solar declination and position', () => {
  it('is the obliquity of the ecliptic, ±23.44°, at the solstices', () => {
    expect(dayOfYear(6, 21)).toBe(172);
    expect(dayOfYear(12, 21)).toBe(355);
    expect(solarDeclinationDeg(dayOfYear(6, 21))).toBeCloseTo(23.44, 1);
    expect(solarDeclinationDeg(dayOfYear(12, 21))).toBeCloseTo(-23.44, 1);
    expect(Math.abs(solarDeclinationDeg(dayOfYear(3, 21)))).toBeLessThan(1);
  });

  it('rejects a month or day that does not exist', () => {
    expect(() => dayOfYear(13, 1)).toThrow(RangeError);
    expect(() => dayOfYear(6, 0)).toThrow(RangeError);
  });

  it('puts the noon sun due north south of the tropic, at 90 - |lat - decl| degrees', () => {
    const noon = sunPosition(SYDNEY, 23.44, 0);
    expect(noon.azimuthDeg).toBeCloseTo(0, 6);
    expect(noon.altitudeDeg).toBeCloseTo(90 - 33.87 - 23.44, 6);
    expect(sunPosition(51.5, -23.44, 0).azimuthDeg).toBeCloseTo(180, 6);
  });

  it('has the sun east in the morning and west in the afternoon, below the horizon at midnight', () => {
    expect(sunPosition(SYDNEY, 23.44, -45).azimuthDeg).toBeGreaterThan(0);
    expect(sunPosition(SYDNEY, 23.44, -45).azimuthDeg).toBeLessThan(90);
    expect(sunPosition(SYDNEY, 23.44, 45).azimuthDeg).toBeGreaterThan(270);
    expect(sunPosition(SYDNEY, 23.44, 180).altitudeDeg).toBeLessThan(0);
  });
});

describe('winter solstice day length', () => {
  it.each([
    ['Darwin', DARWIN, 11.4],
    ['Sydney', SYDNEY, 9.9],
    ['Hobart', HOBART, 9.0],
  ])('%s (%s) has %s h of daylight on 21 June', (_city, lat, hours) => {
    expect(winterSolsticeDate(lat)).toBe('06-21');
    expect(winterDayLengthHours(lat)).toBe(hours);
  });

  it('uses the December solstice north of the equator', () => {
    expect(winterSolsticeDate(33.87)).toBe('12-21');
    expect(winterDayLengthHours(33.87)).toBe(9.9);
  });
});

describe('winterSunHours', () => {
  it('gives a north façade in Sydney the whole day and a south one none', () => {
    expect(winterSunHours(SYDNEY, 0)).toBe(winterDayLengthHours(SYDNEY));
    expect(winterSunHours(SYDNEY, 0)).toBe(9.9);
    expect(winterSunHours(SYDNEY, 180)).toBe(0);
  });

  it('gives east and west façades about half the day each', () => {
    expect(winterSunHours(SYDNEY, 90)).toBeCloseTo(9.9 / 2, 0);
    expect(winterSunHours(SYDNEY, 270)).toBe(winterSunHours(SYDNEY, 90));
  });

  it('splits the day between opposite façades (no façade sees the sun edge-on for long)', () => {
    for (const lat of [DARWIN, SYDNEY, HOBART]) {
      const day = sunMinutes(lat, solarDeclinationDeg(dayOfYear(6, 21)));
      for (const front of [0, 30, 45, 90, 135, 200, 300]) {
        const sum =
          sunMinutes(lat, solarDeclinationDeg(dayOfYear(6, 21)), front) +
          sunMinutes(lat, solarDeclinationDeg(dayOfYear(6, 21)), rearBearing(front));
        expect(Math.abs(sum - day), `${lat} ${front}`).toBeLessThanOrEqual(1);
      }
    }
  });

  it('is symmetric about north and rounds to tenths', () => {
    for (const front of [20, 45, 100, 160]) {
      expect(winterSunHours(HOBART, front)).toBe(winterSunHours(HOBART, 360 - front));
      expect(Number.isInteger(winterSunHours(HOBART, front) * 10)).toBe(true);
    }
  });
});
