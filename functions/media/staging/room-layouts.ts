// What goes in each room type, and where, relative to the room's main piece standing against the back
// wall: offsets in metres (dx across, dz toward the camera from the main piece's front) and which way
// each piece faces. Two layouts per room type; the seed picks one.

import type { Palette, Piece } from './furniture-assets.ts';
import * as F from './furniture-assets.ts';
import type { RoomType } from './room-types.ts';

export type Facing = 'camera' | 'right' | 'left';

interface Placement {
  readonly piece: Piece;
  /** Centre offset from the main piece's centre: across, and toward the camera (metres). */
  readonly dx: number;
  readonly dz: number;
  readonly facing: Facing;
  /** The room's main piece: placed first, against the back wall. */
  readonly main?: boolean;
}

type Layout = (p: Palette, rnd: () => number) => Placement[];

const LAYOUTS: Readonly<Record<RoomType, readonly Layout[]>> = {
  living: [
    (p, r) => [
      { piece: F.rug(p, 2.6, 1.9), dx: 0, dz: 0.9, facing: 'camera' },
      { piece: F.sofa(p, 3), dx: 0, dz: 0, facing: 'camera', main: true },
      { piece: F.plant(p, 'floor', r), dx: -1.45, dz: -0.1, facing: 'camera' },
      { piece: F.lamp(p, 0), dx: 1.4, dz: -0.1, facing: 'camera' },
      { piece: F.table(p, 'coffee-table', 1.1, 0.6, 0.4), dx: 0, dz: 1.05, facing: 'camera' },
      { piece: F.armchair(p), dx: -1.55, dz: 1.35, facing: 'right' },
      { piece: F.armchair(p), dx: 1.55, dz: 1.35, facing: 'left' },
    ],
    (p, r) => [
      { piece: F.rug(p, 2.3, 1.7), dx: 0.2, dz: 0.85, facing: 'camera' },
      { piece: F.sofa(p, 2), dx: 0, dz: 0, facing: 'camera', main: true },
      { piece: F.table(p, 'side-table', 0.45, 0.45, 0.55), dx: -1.15, dz: -0.1, facing: 'camera' },
      { piece: F.plant(p, 'small', r), dx: -1.15, dz: -0.1, facing: 'camera' },
      { piece: F.plant(p, 'floor', r), dx: 1.25, dz: -0.1, facing: 'camera' },
      { piece: F.table(p, 'coffee-table', 1.0, 0.55, 0.4), dx: 0, dz: 1.0, facing: 'camera' },
      { piece: F.armchair(p), dx: 1.45, dz: 1.25, facing: 'left' },
    ],
  ],
  bedroom: [
    (p, r) => [
      { piece: F.rug(p, 2.4, 1.6), dx: 0, dz: 1.2, facing: 'camera' },
      { piece: F.bed(p), dx: 0, dz: 0, facing: 'camera', main: true },
      { piece: F.cabinet(p, 'bedside-table', 0.5, 0.4, 0.55), dx: -1.15, dz: -0.86, facing: 'camera' },
      { piece: F.lamp(p, 0.55), dx: -1.15, dz: -0.86, facing: 'camera' },
      { piece: F.cabinet(p, 'bedside-table', 0.5, 0.4, 0.55), dx: 1.15, dz: -0.86, facing: 'camera' },
      { piece: F.lamp(p, 0.55), dx: 1.15, dz: -0.86, facing: 'camera' },
      { piece: F.plant(p, 'floor', r), dx: 1.75, dz: -0.8, facing: 'camera' },
    ],
    (p, r) => [
      { piece: F.rug(p, 2.2, 1.5), dx: 0, dz: 1.1, facing: 'camera' },
      { piece: F.bed(p), dx: 0, dz: 0, facing: 'camera', main: true },
      { piece: F.cabinet(p, 'bedside-table', 0.5, 0.4, 0.55), dx: -1.15, dz: -0.86, facing: 'camera' },
      { piece: F.plant(p, 'small', r), dx: -1.15, dz: -0.86, facing: 'camera' },
      { piece: F.cabinet(p, 'bedside-table', 0.5, 0.4, 0.55), dx: 1.15, dz: -0.86, facing: 'camera' },
      { piece: F.lamp(p, 0.55), dx: 1.15, dz: -0.86, facing: 'camera' },
      { piece: F.armchair(p), dx: 1.6, dz: 0.9, facing: 'left' },
    ],
  ],
  dining: [
    (p, r) => [
      { piece: F.rug(p, 2.8, 2.0), dx: 0, dz: 0.2, facing: 'camera' },
      { piece: F.chair(p, 'camera'), dx: -0.45, dz: -0.55, facing: 'camera' },
      { piece: F.chair(p, 'camera'), dx: 0.45, dz: -0.55, facing: 'camera' },
      { piece: F.table(p, 'dining-table', 1.8, 0.95, 0.75), dx: 0, dz: 0, facing: 'camera', main: true },
      { piece: F.plant(p, 'small', r), dx: 0, dz: 0, facing: 'camera' },
      { piece: F.chair(p, 'camera'), dx: -1.1, dz: 0, facing: 'right' },
      { piece: F.chair(p, 'camera'), dx: 1.1, dz: 0, facing: 'left' },
      { piece: F.chair(p, 'away'), dx: -0.45, dz: 0.6, facing: 'camera' },
      { piece: F.chair(p, 'away'), dx: 0.45, dz: 0.6, facing: 'camera' },
      { piece: F.plant(p, 'floor', r), dx: 1.9, dz: -0.6, facing: 'camera' },
    ],
    (p, r) => [
      { piece: F.cabinet(p, 'sideboard', 1.6, 0.45, 0.78), dx: 0, dz: -1.25, facing: 'camera' },
      { piece: F.chair(p, 'camera'), dx: -0.4, dz: -0.5, facing: 'camera' },
      { piece: F.chair(p, 'camera'), dx: 0.4, dz: -0.5, facing: 'camera' },
      { piece: F.table(p, 'dining-table', 1.5, 0.85, 0.75), dx: 0, dz: 0, facing: 'camera', main: true },
      { piece: F.plant(p, 'small', r), dx: 0.1, dz: 0, facing: 'camera' },
      { piece: F.chair(p, 'away'), dx: -0.4, dz: 0.55, facing: 'camera' },
      { piece: F.chair(p, 'away'), dx: 0.4, dz: 0.55, facing: 'camera' },
    ],
  ],
  kitchen: [
    (p, r) => [
      { piece: F.cabinet(p, 'kitchen-island', 2.0, 0.9, 0.92), dx: 0, dz: 0, facing: 'camera', main: true },
      { piece: F.plant(p, 'small', r), dx: 0.6, dz: 0, facing: 'camera' },
      { piece: F.stool(p), dx: -0.6, dz: 0.65, facing: 'camera' },
      { piece: F.stool(p), dx: 0, dz: 0.65, facing: 'camera' },
      { piece: F.stool(p), dx: 0.6, dz: 0.65, facing: 'camera' },
      { piece: F.rug(p, 1.8, 0.7), dx: 0, dz: 1.4, facing: 'camera' },
    ],
    (p, r) => [
      { piece: F.table(p, 'breakfast-table', 1.2, 0.8, 0.75), dx: 0, dz: 0, facing: 'camera', main: true },
      { piece: F.plant(p, 'small', r), dx: 0, dz: 0, facing: 'camera' },
      { piece: F.chair(p, 'away'), dx: -0.3, dz: 0.55, facing: 'camera' },
      { piece: F.chair(p, 'away'), dx: 0.3, dz: 0.55, facing: 'camera' },
      { piece: F.plant(p, 'floor', r), dx: 1.3, dz: -0.2, facing: 'camera' },
    ],
  ],
  office: [
    (p, r) => [
      { piece: F.rug(p, 2.0, 1.5), dx: 0, dz: 0.7, facing: 'camera' },
      { piece: F.table(p, 'desk', 1.4, 0.7, 0.75), dx: 0, dz: 0, facing: 'camera', main: true },
      { piece: F.lamp(p, 0.75), dx: 0.5, dz: -0.15, facing: 'camera' },
      { piece: F.bookshelf(p), dx: -1.35, dz: -0.2, facing: 'camera' },
      { piece: F.deskChair(p), dx: 0, dz: 0.65, facing: 'camera' },
      { piece: F.plant(p, 'floor', r), dx: 1.2, dz: 0, facing: 'camera' },
    ],
    (p, r) => [
      { piece: F.table(p, 'desk', 1.2, 0.65, 0.75), dx: 0, dz: 0, facing: 'camera', main: true },
      { piece: F.plant(p, 'small', r), dx: -0.4, dz: -0.1, facing: 'camera' },
      { piece: F.bookshelf(p), dx: 1.2, dz: -0.2, facing: 'camera' },
      { piece: F.deskChair(p), dx: 0.1, dz: 0.6, facing: 'camera' },
      { piece: F.armchair(p), dx: -1.4, dz: 0.9, facing: 'right' },
    ],
  ],
  bathroom: [
    (p, r) => [
      { piece: F.cabinet(p, 'vanity-cabinet', 0.9, 0.45, 0.85), dx: 0, dz: 0, facing: 'camera', main: true },
      { piece: F.plant(p, 'small', r), dx: 0.25, dz: 0, facing: 'camera' },
      { piece: F.towelLadder(p), dx: 0.95, dz: -0.05, facing: 'camera' },
      { piece: F.rug(p, 0.9, 0.55), dx: 0, dz: 0.65, facing: 'camera' },
      { piece: F.plant(p, 'floor', r), dx: -0.85, dz: 0, facing: 'camera' },
    ],
    (p, r) => [
      { piece: F.towelLadder(p), dx: 0, dz: 0, facing: 'camera', main: true },
      { piece: F.table(p, 'stool', 0.4, 0.35, 0.45), dx: -0.65, dz: 0.1, facing: 'camera' },
      { piece: F.plant(p, 'small', r), dx: -0.65, dz: 0.1, facing: 'camera' },
      { piece: F.rug(p, 0.9, 0.55), dx: 0, dz: 0.8, facing: 'camera' },
    ],
  ],
  outdoor: [
    (p, r) => [
      { piece: F.rug(p, 2.6, 1.8), dx: 0, dz: 0.9, facing: 'camera' },
      {
        piece: F.sofa({ ...p, fabric: p.linen, fabricDark: p.wood }, 3),
        dx: 0,
        dz: 0,
        facing: 'camera',
        main: true,
      },
      { piece: F.plant(p, 'floor', r), dx: -1.5, dz: -0.1, facing: 'camera' },
      { piece: F.plant(p, 'floor', r), dx: 1.5, dz: -0.1, facing: 'camera' },
      { piece: F.table(p, 'coffee-table', 1.0, 0.6, 0.4), dx: 0, dz: 1.05, facing: 'camera' },
      { piece: F.armchair({ ...p, fabricDark: p.wood }), dx: 1.5, dz: 1.3, facing: 'left' },
    ],
    (p, r) => [
      { piece: F.chair(p, 'camera'), dx: -0.35, dz: -0.5, facing: 'camera' },
      { piece: F.chair(p, 'camera'), dx: 0.35, dz: -0.5, facing: 'camera' },
      { piece: F.table(p, 'outdoor-table', 1.4, 0.85, 0.74), dx: 0, dz: 0, facing: 'camera', main: true },
      { piece: F.chair(p, 'away'), dx: -0.35, dz: 0.55, facing: 'camera' },
      { piece: F.chair(p, 'away'), dx: 0.35, dz: 0.55, facing: 'camera' },
      { piece: F.plant(p, 'floor', r), dx: 1.4, dz: -0.3, facing: 'camera' },
    ],
  ],
};

/** Every layout of the room type, the seeded choice first (the others are fallbacks for tight rooms). */
export function layoutsFor(roomType: RoomType, palette: Palette, rnd: () => number): Placement[][] {
  const options = LAYOUTS[roomType];
  const first = Math.floor(rnd() * options.length);
  return options.map((_, i) => options[(first + i) % options.length]!(palette, rnd));
}
