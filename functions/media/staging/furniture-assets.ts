// The offline stager's furniture: each piece is drawn as a set of boxes (and foliage) in metres, in
// the piece's own frame (x across, y up, z from front -d/2 to back +d/2), so one camera projection
// gives it the photo's perspective. Parts are listed back to front as they are painted. A palette per
// style gives materials; forms differ by style too (leg kinds, arm and back heights).
import type { StagingStyle } from './staging-styles.ts';

export type Box = readonly [x0: number, x1: number, y0: number, y1: number, z0: number, z1: number];

export type Part =
  | { readonly kind: 'box'; readonly box: Box; readonly color: string }
  | {
      readonly kind: 'foliage';
      readonly x: number;
      readonly y: number;
      readonly z: number;
      readonly r: number;
      readonly color: string;
    }
  | {
      readonly kind: 'rug';
      readonly w: number;
      readonly d: number;
      readonly color: string;
      readonly border: string;
    };

export interface Piece {
  readonly name: string;
  readonly width: number;
  readonly depth: number;
  readonly height: number;
  readonly parts: readonly Part[];
  /** Flat on the floor: painted first, casts no shadow. */
  readonly flat?: boolean;
}

export interface Palette {
  readonly fabric: string;
  readonly fabricDark: string;
  readonly wood: string;
  readonly woodDark: string;
  readonly metal: string;
  readonly accent: string;
  readonly accent2: string;
  readonly rug: string;
  readonly rugBorder: string;
  readonly linen: string;
  readonly pot: string;
  /** Leg kind: slim metal, tapered wood, or a solid plinth. */
  readonly legs: 'metal' | 'wood' | 'plinth';
}

export const PALETTES: Readonly<Record<StagingStyle, readonly Palette[]>> = {
  modern: [
    {
      fabric: '#7d8085',
      fabricDark: '#5f6267',
      wood: '#6b4a33',
      woodDark: '#4a3324',
      metal: '#242424',
      accent: '#c9a13b',
      accent2: '#2f6f73',
      rug: '#b9b2a6',
      rugBorder: '#8e877b',
      linen: '#f1f0ec',
      pot: '#e8e6e1',
      legs: 'metal',
    },
    {
      fabric: '#3f4a56',
      fabricDark: '#2e3741',
      wood: '#8a6446',
      woodDark: '#5e432f',
      metal: '#1e1e1e',
      accent: '#d9cbb0',
      accent2: '#b4553c',
      rug: '#d3ccc0',
      rugBorder: '#a59d90',
      linen: '#f4f3ef',
      pot: '#2b2b2b',
      legs: 'plinth',
    },
  ],
  scandinavian: [
    {
      fabric: '#d8d1c4',
      fabricDark: '#bdb5a6',
      wood: '#caa57a',
      woodDark: '#a98558',
      metal: '#e9e7e2',
      accent: '#9cae95',
      accent2: '#d9a79a',
      rug: '#efebe3',
      rugBorder: '#c9c2b5',
      linen: '#fbfaf7',
      pot: '#f2efe9',
      legs: 'wood',
    },
    {
      fabric: '#a9b3a5',
      fabricDark: '#8d988a',
      wood: '#d3b48b',
      woodDark: '#b39064',
      metal: '#dedbd4',
      accent: '#efe6d8',
      accent2: '#c98c6b',
      rug: '#e6e0d4',
      rugBorder: '#b8b0a1',
      linen: '#f8f6f1',
      pot: '#d9d3c8',
      legs: 'wood',
    },
  ],
  industrial: [
    {
      fabric: '#8b4a2b',
      fabricDark: '#6b361e',
      wood: '#5a4636',
      woodDark: '#3d2f24',
      metal: '#1b1b1b',
      accent: '#c8b89a',
      accent2: '#4d5a4a',
      rug: '#6c6259',
      rugBorder: '#3f3832',
      linen: '#e4e0d8',
      pot: '#4a4a48',
      legs: 'metal',
    },
    {
      fabric: '#4a4c4f',
      fabricDark: '#343638',
      wood: '#7a5b40',
      woodDark: '#523c2b',
      metal: '#151515',
      accent: '#a0522d',
      accent2: '#d2c4a5',
      rug: '#8a7f72',
      rugBorder: '#4e463e',
      linen: '#dcd8cf',
      pot: '#2e2e2e',
      legs: 'metal',
    },
  ],
  coastal: [
    {
      fabric: '#ece7dc',
      fabricDark: '#d4cebf',
      wood: '#c19a6b',
      woodDark: '#9c7a50',
      metal: '#d9d3c6',
      accent: '#2f4f77',
      accent2: '#8fb3c9',
      rug: '#dfe6e6',
      rugBorder: '#5f82a3',
      linen: '#fbfaf6',
      pot: '#f3efe6',
      legs: 'wood',
    },
    {
      fabric: '#f3f0e8',
      fabricDark: '#dcd7cb',
      wood: '#d8cbb3',
      woodDark: '#b2a386',
      metal: '#c9c1b0',
      accent: '#6b9ac4',
      accent2: '#e3c58c',
      rug: '#e9e2d2',
      rugBorder: '#7aa0b8',
      linen: '#ffffff',
      pot: '#c7a27a',
      legs: 'wood',
    },
  ],
};

const box = (color: string, ...b: Box): Part => ({ kind: 'box', box: b, color });

function legs(p: Palette, w: number, d: number, h: number, inset = 0.05, size = 0.05): Part[] {
  if (p.legs === 'plinth')
    return [
      box(p.woodDark, -w / 2 + inset * 2, w / 2 - inset * 2, 0, h, -d / 2 + inset * 2, d / 2 - inset * 2),
    ];
  const color = p.legs === 'metal' ? p.metal : p.woodDark;
  const s = p.legs === 'metal' ? size * 0.6 : size;
  const xs = [-w / 2 + inset, w / 2 - inset - s];
  const zs = [d / 2 - inset - s, -d / 2 + inset];
  return zs.flatMap((z) => xs.map((x) => box(color, x, x + s, 0, h, z, z + s)));
}

export function sofa(p: Palette, seats: 2 | 3): Piece {
  const w = seats === 3 ? 2.15 : 1.65;
  const d = 0.92;
  const legH = p.legs === 'plinth' ? 0.08 : 0.14;
  const parts: Part[] = [...legs(p, w, d, legH)];
  parts.push(box(p.fabricDark, -w / 2, w / 2, legH, 0.42, -d / 2, d / 2));
  parts.push(box(p.fabric, -w / 2 + 0.14, w / 2 - 0.14, 0.42, 0.84, d / 2 - 0.2, d / 2));
  const cw = (w - 0.32) / seats;
  for (let i = 0; i < seats; i++) {
    const x0 = -w / 2 + 0.16 + i * cw;
    parts.push(box(p.fabric, x0 + 0.01, x0 + cw - 0.01, 0.54, 0.8, d / 2 - 0.34, d / 2 - 0.2));
  }
  for (let i = 0; i < seats; i++) {
    const x0 = -w / 2 + 0.16 + i * cw;
    parts.push(box(p.fabric, x0 + 0.01, x0 + cw - 0.01, 0.42, 0.55, -d / 2 + 0.03, d / 2 - 0.34));
  }
  parts.push(box(p.accent, -w / 2 + 0.2, -w / 2 + 0.62, 0.55, 0.9, d / 2 - 0.42, d / 2 - 0.3));
  parts.push(box(p.accent2, w / 2 - 0.62, w / 2 - 0.2, 0.55, 0.88, d / 2 - 0.42, d / 2 - 0.3));
  parts.push(box(p.fabricDark, -w / 2, -w / 2 + 0.15, 0.42, 0.64, -d / 2, d / 2));
  parts.push(box(p.fabricDark, w / 2 - 0.15, w / 2, 0.42, 0.64, -d / 2, d / 2));
  return { name: `sofa-${seats}-seat`, width: w, depth: d, height: 0.9, parts };
}

export function armchair(p: Palette): Piece {
  const w = 0.82;
  const d = 0.82;
  const legH = p.legs === 'plinth' ? 0.08 : 0.16;
  return {
    name: 'armchair',
    width: w,
    depth: d,
    height: 0.82,
    parts: [
      ...legs(p, w, d, legH),
      box(p.fabricDark, -w / 2, w / 2, legH, 0.42, -d / 2, d / 2),
      box(p.accent2, -w / 2 + 0.12, w / 2 - 0.12, 0.42, 0.82, d / 2 - 0.18, d / 2),
      box(p.accent2, -w / 2 + 0.12, w / 2 - 0.12, 0.42, 0.54, -d / 2 + 0.03, d / 2 - 0.18),
      box(p.accent2, -w / 2, -w / 2 + 0.12, 0.42, 0.62, -d / 2, d / 2),
      box(p.accent2, w / 2 - 0.12, w / 2, 0.42, 0.62, -d / 2, d / 2),
    ],
  };
}

export function table(p: Palette, name: string, w: number, d: number, h: number, top = p.wood): Piece {
  return {
    name,
    width: w,
    depth: d,
    height: h,
    parts: [
      ...legs({ ...p, legs: p.legs === 'plinth' ? 'metal' : p.legs }, w, d, h - 0.04, 0.06, 0.06),
      box(top, -w / 2, w / 2, h - 0.04, h, -d / 2, d / 2),
    ],
  };
}

export function chair(p: Palette, facing: 'camera' | 'away'): Piece {
  const w = 0.46;
  const d = 0.5;
  const back = facing === 'away' ? -d / 2 : d / 2 - 0.05;
  const parts: Part[] = [
    ...legs({ ...p, legs: p.legs === 'plinth' ? 'wood' : p.legs }, w, d, 0.44, 0.03, 0.04),
  ];
  const seat = box(p.fabric, -w / 2, w / 2, 0.44, 0.5, -d / 2, d / 2);
  const backrest = box(p.wood, -w / 2 + 0.02, w / 2 - 0.02, 0.5, 0.9, back, back + 0.05);
  parts.push(...(facing === 'away' ? [seat, backrest] : [backrest, seat]));
  return { name: 'dining-chair', width: w, depth: d, height: 0.9, parts };
}

export function stool(p: Palette): Piece {
  const s = 0.38;
  return {
    name: 'bar-stool',
    width: s,
    depth: s,
    height: 0.66,
    parts: [
      ...legs({ ...p, legs: 'metal' }, s, s, 0.62, 0.03, 0.04),
      box(p.wood, -s / 2, s / 2, 0.62, 0.67, -s / 2, s / 2),
    ],
  };
}

export function bed(p: Palette): Piece {
  const w = 1.65;
  const d = 2.12;
  return {
    name: 'queen-bed',
    width: w,
    depth: d,
    height: 1.15,
    parts: [
      box(p.woodDark, -w / 2 - 0.03, w / 2 + 0.03, 0, 1.15, d / 2 - 0.08, d / 2),
      box(p.fabricDark, -w / 2, w / 2, 0, 0.32, -d / 2, d / 2 - 0.08),
      box(p.linen, -w / 2 + 0.02, w / 2 - 0.02, 0.32, 0.55, -d / 2 + 0.02, d / 2 - 0.1),
      box(p.linen, -w / 2 + 0.12, -0.04, 0.55, 0.72, d / 2 - 0.5, d / 2 - 0.14),
      box(p.linen, 0.04, w / 2 - 0.12, 0.55, 0.72, d / 2 - 0.5, d / 2 - 0.14),
      box(p.accent, -w / 2 + 0.3, w / 2 - 0.3, 0.55, 0.7, d / 2 - 0.62, d / 2 - 0.5),
      box(p.fabric, -w / 2 - 0.04, w / 2 + 0.04, 0.2, 0.6, -d / 2 - 0.03, d / 2 - 0.7),
      box(p.accent2, -w / 2 - 0.05, w / 2 + 0.05, 0.25, 0.62, -d / 2 + 0.25, -d / 2 + 0.7),
    ],
  };
}

export function cabinet(p: Palette, name: string, w: number, d: number, h: number): Piece {
  const legH = 0.12;
  return {
    name,
    width: w,
    depth: d,
    height: h,
    parts: [
      ...legs(p, w, d, legH),
      box(p.wood, -w / 2, w / 2, legH, h, -d / 2, d / 2),
      box(p.woodDark, -0.06, 0.06, h * 0.6, h * 0.64, -d / 2 - 0.01, -d / 2),
    ],
  };
}

export function lamp(p: Palette, tableTop: number): Piece {
  const shade = p.linen;
  const standH = tableTop > 0 ? tableTop : 0;
  const pole = tableTop > 0 ? 0.32 : 1.35;
  return {
    name: tableTop > 0 ? 'table-lamp' : 'floor-lamp',
    width: 0.4,
    depth: 0.4,
    height: standH + pole + 0.3,
    parts: [
      box(p.metal, -0.12, 0.12, standH, standH + 0.03, -0.12, 0.12),
      box(p.metal, -0.015, 0.015, standH, standH + pole, -0.015, 0.015),
      box(shade, -0.18, 0.18, standH + pole, standH + pole + 0.3, -0.18, 0.18),
    ],
  };
}

export function plant(p: Palette, size: 'floor' | 'small', jitter: () => number): Piece {
  const potW = size === 'floor' ? 0.38 : 0.24;
  const potH = size === 'floor' ? 0.42 : 0.24;
  const crown = size === 'floor' ? 0.55 : 0.28;
  const greens = ['#4d7a3a', '#5f8f46', '#3e6a31', '#6e9c52'];
  const leaves: Part[] = [];
  for (let i = 0; i < 9; i++) {
    const a = jitter() * Math.PI * 2;
    const rr = crown * 0.45 * jitter();
    leaves.push({
      kind: 'foliage',
      x: Math.cos(a) * rr,
      y: potH + crown * (0.5 + jitter() * 0.9),
      z: Math.sin(a) * rr,
      r: crown * (0.28 + jitter() * 0.18),
      color: greens[i % greens.length]!,
    });
  }
  return {
    name: size === 'floor' ? 'floor-plant' : 'potted-plant',
    width: potW,
    depth: potW,
    height: potH + crown * 1.6,
    parts: [
      box(p.pot, -potW / 2, potW / 2, 0, potH, -potW / 2, potW / 2),
      box('#5b4636', -potW / 2 + 0.03, potW / 2 - 0.03, potH, potH + 0.01, -potW / 2 + 0.03, potW / 2 - 0.03),
      ...leaves,
    ],
  };
}

export function rug(p: Palette, w: number, d: number): Piece {
  return {
    name: 'rug',
    width: w,
    depth: d,
    height: 0.01,
    flat: true,
    parts: [{ kind: 'rug', w, d, color: p.rug, border: p.rugBorder }],
  };
}

export function bookshelf(p: Palette): Piece {
  const w = 0.9;
  const d = 0.34;
  const h = 1.75;
  const parts: Part[] = [box(p.wood, -w / 2, w / 2, 0, h, -d / 2, d / 2)];
  const bookColours = [p.accent, p.accent2, p.fabricDark, p.linen, p.woodDark];
  for (let shelf = 0; shelf < 4; shelf++) {
    const y = 0.08 + shelf * 0.42;
    parts.push(box(p.woodDark, -w / 2 + 0.03, w / 2 - 0.03, y, y + 0.36, -d / 2, -d / 2 + 0.005));
    let x = -w / 2 + 0.05;
    let k = shelf;
    while (x < w / 2 - 0.12) {
      const bw = 0.03 + ((k * 7) % 5) * 0.008;
      const bh = 0.22 + ((k * 5) % 4) * 0.03;
      parts.push(
        box(bookColours[k % bookColours.length]!, x, x + bw, y, y + bh, -d / 2 - 0.005, -d / 2 + 0.2),
      );
      x += bw + 0.004;
      k += 1;
      if (k % 9 === 0) x += 0.12;
    }
  }
  return { name: 'bookshelf', width: w, depth: d, height: h, parts };
}

export function deskChair(p: Palette): Piece {
  return {
    name: 'desk-chair',
    width: 0.6,
    depth: 0.6,
    height: 1.0,
    parts: [
      box(p.metal, -0.3, 0.3, 0, 0.05, -0.3, 0.3),
      box(p.metal, -0.03, 0.03, 0.05, 0.45, -0.03, 0.03),
      box(p.fabricDark, -0.26, 0.26, 0.45, 0.53, -0.26, 0.26),
      box(p.fabricDark, -0.24, 0.24, 0.58, 1.0, 0.2, 0.27),
    ],
  };
}

export function towelLadder(p: Palette): Piece {
  return {
    name: 'towel-ladder',
    width: 0.5,
    depth: 0.3,
    height: 1.6,
    parts: [
      box(p.wood, -0.25, -0.21, 0, 1.6, 0.1, 0.15),
      box(p.wood, 0.21, 0.25, 0, 1.6, 0.1, 0.15),
      box(p.linen, -0.22, 0.22, 0.7, 1.15, 0.06, 0.1),
      box(p.wood, -0.21, 0.21, 1.3, 1.33, 0.1, 0.14),
    ],
  };
}
