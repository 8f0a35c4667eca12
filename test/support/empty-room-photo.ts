// Photographs of empty rooms for staging tests and demos (there is no camera and no internet here):
// rooms built in metres and drawn through the same pinhole camera the stager assumes, with board,
// tile or carpet floors, skirting, a daylit window, a door, a ceiling light, soft wall shading and
// sensor grain. Each render also returns where the window, door, floor and ceiling really are, so
// tests can check what the stager found and what it left alone.

import sharp from 'sharp';
import { mulberry32 } from '../../functions/domain/random.ts';
import { shade } from '../../functions/media/staging/offline-stager.ts';
import { project, type RoomCamera } from '../../functions/media/staging/room-camera.ts';

export interface Rect {
  readonly x0: number;
  readonly y0: number;
  readonly x1: number;
  readonly y1: number;
}

export interface EmptyRoomSpec {
  readonly name: string;
  readonly width: number;
  readonly height: number;
  readonly format: 'jpeg' | 'png' | 'webp';
  /** Side walls at X = -left and X = right, back wall at Z = depth, ceiling height; metres. */
  readonly room: {
    readonly left: number;
    readonly right: number;
    readonly depth: number;
    readonly ceiling: number;
  };
  readonly eyeHeight: number;
  readonly focalPerWidth: number;
  /** Horizontal shift of the vanishing point from the centre, share of the width. */
  readonly vpShift: number;
  readonly floor: 'boards' | 'tiles' | 'carpet';
  readonly floorColor: string;
  readonly wallColor: string;
  /** A window in the back wall, metres along X and up from the floor. */
  readonly window?: {
    readonly x0: number;
    readonly x1: number;
    readonly sill: number;
    readonly head: number;
  };
  /** A door: in the back wall at X from..to, or in a side wall at Z from..to. */
  readonly door?: { readonly wall: 'back' | 'left' | 'right'; readonly from: number; readonly to: number };
  readonly seed: number;
}

export interface EmptyRoomPhoto {
  readonly image: Buffer;
  readonly camera: RoomCamera;
  readonly windows: readonly Rect[];
  readonly doors: readonly Rect[];
  /** Image row of the back wall's floor line and ceiling line. */
  readonly floorLineY: number;
  readonly ceilingLineY: number;
}

const rng = mulberry32;

const fmt = (v: number) => v.toFixed(1);

export async function renderEmptyRoom(spec: EmptyRoomSpec): Promise<EmptyRoomPhoto> {
  const { width: W, height: H } = spec;
  const { left, right, depth: D, ceiling: C } = spec.room;
  const camera: RoomCamera = {
    width: W,
    height: H,
    vx: W / 2 + spec.vpShift * W,
    vy: H / 2,
    focal: spec.focalPerWidth * W,
    eyeHeight: spec.eyeHeight,
  };
  const random = rng(spec.seed);
  const p = (x: number, y: number, z: number) => project(camera, x, y, z);
  const poly = (pts: ReadonlyArray<readonly [number, number, number]>, fill: string, extra = '') =>
    `<polygon points="${pts
      .map(([x, y, z]) => {
        const q = p(x, y, z);
        return `${fmt(q.x)},${fmt(q.y)}`;
      })
      .join(' ')}" fill="${fill}" ${extra}/>`;
  const zn = 0.25;
  const parts: string[] = [];
  parts.push(`<defs>
    <linearGradient id="back" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${shade(spec.wallColor, 1.04)}"/><stop offset="1" stop-color="${shade(spec.wallColor, 0.9)}"/></linearGradient>
    <linearGradient id="sideL" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${shade(spec.wallColor, 0.74)}"/><stop offset="1" stop-color="${shade(spec.wallColor, 0.86)}"/></linearGradient>
    <linearGradient id="sideR" x1="1" y1="0" x2="0" y2="0"><stop offset="0" stop-color="${shade(spec.wallColor, 0.8)}"/><stop offset="1" stop-color="${shade(spec.wallColor, 0.9)}"/></linearGradient>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#cfe3f5"/><stop offset="0.7" stop-color="#eef5fb"/><stop offset="1" stop-color="#c9d6c0"/></linearGradient>
    <radialGradient id="glow"><stop offset="0" stop-color="#ffffff" stop-opacity="0.9"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/></radialGradient>
    <filter id="soft" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="${fmt(W / 60)}"/></filter>
  </defs>`);
  // Ceiling, walls.
  parts.push(
    poly(
      [
        [-left, C, zn],
        [right, C, zn],
        [right, C, D],
        [-left, C, D],
      ],
      shade('#f4f2ee', 0.97),
    ),
  );
  parts.push(
    poly(
      [
        [-left, 0, D],
        [right, 0, D],
        [right, C, D],
        [-left, C, D],
      ],
      'url(#back)',
    ),
  );
  parts.push(
    poly(
      [
        [-left, 0, zn],
        [-left, 0, D],
        [-left, C, D],
        [-left, C, zn],
      ],
      'url(#sideL)',
    ),
  );
  parts.push(
    poly(
      [
        [right, 0, zn],
        [right, 0, D],
        [right, C, D],
        [right, C, zn],
      ],
      'url(#sideR)',
    ),
  );
  // Floor.
  parts.push(
    poly(
      [
        [-left, 0, zn],
        [right, 0, zn],
        [right, 0, D],
        [-left, 0, D],
      ],
      spec.floorColor,
    ),
  );
  if (spec.floor === 'boards') {
    const boardW = 0.14;
    for (let x = -left; x < right; x += boardW) {
      let z = zn - random() * 1.5;
      while (z < D) {
        const len = 1.1 + random() * 1.4;
        const z1 = Math.min(D, z + len);
        const f = 0.88 + random() * 0.22;
        parts.push(
          poly(
            [
              [x, 0, Math.max(z, zn)],
              [Math.min(x + boardW, right), 0, Math.max(z, zn)],
              [Math.min(x + boardW, right), 0, z1],
              [x, 0, z1],
            ],
            shade(spec.floorColor, f),
            `stroke="${shade(spec.floorColor, 0.62)}" stroke-width="${fmt(W / 1400)}"`,
          ),
        );
        z = z1;
      }
    }
  } else if (spec.floor === 'tiles') {
    const tile = 0.6;
    for (let x = -left; x < right; x += tile) {
      for (let z = D; z > zn; z -= tile) {
        const f = 0.96 + random() * 0.07;
        parts.push(
          poly(
            [
              [x, 0, Math.max(z - tile, zn)],
              [Math.min(x + tile, right), 0, Math.max(z - tile, zn)],
              [Math.min(x + tile, right), 0, z],
              [x, 0, z],
            ],
            shade(spec.floorColor, f),
            `stroke="${shade(spec.floorColor, 0.78)}" stroke-width="${fmt(W / 900)}"`,
          ),
        );
      }
    }
  }
  // Skirting boards.
  const sk = 0.09;
  const skirt = '#f7f6f2';
  parts.push(
    poly(
      [
        [-left, 0, D],
        [right, 0, D],
        [right, sk, D],
        [-left, sk, D],
      ],
      shade(skirt, 0.95),
    ),
  );
  parts.push(
    poly(
      [
        [-left, 0, zn],
        [-left, 0, D],
        [-left, sk, D],
        [-left, sk, zn],
      ],
      shade(skirt, 0.82),
    ),
  );
  parts.push(
    poly(
      [
        [right, 0, zn],
        [right, 0, D],
        [right, sk, D],
        [right, sk, zn],
      ],
      shade(skirt, 0.86),
    ),
  );
  // Floor shading toward the walls (ambient occlusion) and a daylight patch below the window.
  const windows: Rect[] = [];
  const doors: Rect[] = [];
  const rectOf = (a: { x: number; y: number }, b: { x: number; y: number }): Rect => ({
    x0: Math.min(a.x, b.x),
    y0: Math.min(a.y, b.y),
    x1: Math.max(a.x, b.x),
    y1: Math.max(a.y, b.y),
  });
  if (spec.window) {
    const w = spec.window;
    const fr = 0.06;
    parts.push(
      poly(
        [
          [w.x0 - fr, w.sill - fr, D],
          [w.x1 + fr, w.sill - fr, D],
          [w.x1 + fr, w.head + fr, D],
          [w.x0 - fr, w.head + fr, D],
        ],
        '#fbfbf9',
      ),
    );
    parts.push(
      poly(
        [
          [w.x0, w.sill, D],
          [w.x1, w.sill, D],
          [w.x1, w.head, D],
          [w.x0, w.head, D],
        ],
        'url(#sky)',
      ),
    );
    // Distant trees and a fence line through the glass.
    const g0 = p(w.x0, w.sill, D);
    const g1 = p(w.x1, w.head, D);
    const gw = g1.x - g0.x;
    const gh = g0.y - g1.y;
    for (let i = 0; i < 6; i++) {
      const cx = g0.x + gw * (0.08 + random() * 0.84);
      const r = gh * (0.12 + random() * 0.1);
      parts.push(
        `<ellipse cx="${fmt(cx)}" cy="${fmt(g0.y - gh * 0.25)}" rx="${fmt(r)}" ry="${fmt(r * 1.2)}" fill="#9fb79a" opacity="0.75"/>`,
      );
    }
    const mx = (w.x0 + w.x1) / 2;
    parts.push(
      poly(
        [
          [mx - 0.025, w.sill, D],
          [mx + 0.025, w.sill, D],
          [mx + 0.025, w.head, D],
          [mx - 0.025, w.head, D],
        ],
        '#f4f4f1',
      ),
    );
    parts.push(
      poly(
        [
          [w.x0 - 0.1, w.sill - 0.04, D],
          [w.x1 + 0.1, w.sill - 0.04, D],
          [w.x1 + 0.1, w.sill, D - 0.12],
          [w.x0 - 0.1, w.sill, D - 0.12],
        ],
        '#ffffff',
      ),
    );
    windows.push(rectOf(p(w.x0 - fr, w.sill - fr, D), p(w.x1 + fr, w.head + fr, D)));
    const spread = 0.5;
    parts.push(
      `<g filter="url(#soft)" opacity="0.28">${poly(
        [
          [w.x0, 0, D],
          [w.x1, 0, D],
          [w.x1 + spread, 0, D - 1.8],
          [w.x0 - spread, 0, D - 1.8],
        ],
        '#fffbe8',
      )}</g>`,
    );
  }
  if (spec.door) {
    const d = spec.door;
    const dh = 2.04;
    const fr = 0.07;
    if (d.wall === 'back') {
      parts.push(
        poly(
          [
            [d.from - fr, 0, D],
            [d.to + fr, 0, D],
            [d.to + fr, dh + fr, D],
            [d.from - fr, dh + fr, D],
          ],
          '#f8f8f6',
        ),
      );
      parts.push(
        poly(
          [
            [d.from, 0, D],
            [d.to, 0, D],
            [d.to, dh, D],
            [d.from, dh, D],
          ],
          '#ecebe6',
        ),
      );
      for (const [y0, y1] of [
        [0.15, 0.9],
        [1.05, 1.9],
      ] as const) {
        parts.push(
          poly(
            [
              [d.from + 0.1, y0, D],
              [d.to - 0.1, y0, D],
              [d.to - 0.1, y1, D],
              [d.from + 0.1, y1, D],
            ],
            '#e2e1db',
            'stroke="#d2d1ca" stroke-width="2"',
          ),
        );
      }
      const h = p(d.to - 0.09, 1.0, D);
      parts.push(`<circle cx="${fmt(h.x)}" cy="${fmt(h.y)}" r="${fmt(W / 260)}" fill="#8c8c8c"/>`);
      doors.push(rectOf(p(d.from - fr, 0, D), p(d.to + fr, dh + fr, D)));
    } else {
      const x = d.wall === 'left' ? -left : right;
      parts.push(
        poly(
          [
            [x, 0, d.from - fr],
            [x, 0, d.to + fr],
            [x, dh + fr, d.to + fr],
            [x, dh + fr, d.from - fr],
          ],
          '#f4f4f1',
        ),
      );
      parts.push(
        poly(
          [
            [x, 0, d.from],
            [x, 0, d.to],
            [x, dh, d.to],
            [x, dh, d.from],
          ],
          '#7a5a3f',
        ),
      );
      parts.push(
        poly(
          [
            [x, 0.2, d.from + 0.12],
            [x, 0.2, d.to - 0.12],
            [x, 1.9, d.to - 0.12],
            [x, 1.9, d.from + 0.12],
          ],
          '#6d4f36',
        ),
      );
      const corners = [
        p(x, 0, d.from - fr),
        p(x, 0, d.to + fr),
        p(x, dh + fr, d.to + fr),
        p(x, dh + fr, d.from - fr),
      ];
      doors.push({
        x0: Math.min(...corners.map((c) => c.x)),
        y0: Math.min(...corners.map((c) => c.y)),
        x1: Math.max(...corners.map((c) => c.x)),
        y1: Math.max(...corners.map((c) => c.y)),
      });
    }
  }
  // Ceiling light with its glow.
  const lamp = p(0, C, D * 0.55);
  const lampR = (camera.focal * 0.18) / (D * 0.55);
  parts.push(
    `<ellipse cx="${fmt(lamp.x)}" cy="${fmt(lamp.y)}" rx="${fmt(lampR * 2.4)}" ry="${fmt(lampR * 0.9)}" fill="url(#glow)"/>`,
  );
  parts.push(
    `<ellipse cx="${fmt(lamp.x)}" cy="${fmt(lamp.y)}" rx="${fmt(lampR)}" ry="${fmt(lampR * 0.3)}" fill="#fdfdfb" stroke="#d8d6d0" stroke-width="1"/>`,
  );
  // Corners between walls read darker in real photos.
  const corner = (x: number) =>
    `<line x1="${fmt(p(x, 0, D).x)}" y1="${fmt(p(x, 0, D).y)}" x2="${fmt(p(x, C, D).x)}" y2="${fmt(p(x, C, D).y)}" stroke="rgba(0,0,0,0.12)" stroke-width="${fmt(W / 300)}"/>`;
  parts.push(corner(-left), corner(right));
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${parts.join('')}</svg>`;

  // Sensor grain and a touch of lens softness.
  const { data, info } = await sharp(Buffer.from(svg))
    .flatten({ background: '#ffffff' })
    .blur(0.6)
    .raw()
    .toBuffer({ resolveWithObject: true });
  for (let i = 0; i < data.length; i += info.channels) {
    const n = (random() + random() - 1) * 7;
    for (let c = 0; c < 3; c++) data[i + c] = Math.max(0, Math.min(255, data[i + c]! + n));
  }
  const raw = sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
  const image =
    spec.format === 'jpeg'
      ? await raw.jpeg({ quality: 90 }).toBuffer()
      : spec.format === 'png'
        ? await raw.png().toBuffer()
        : await raw.webp({ quality: 90 }).toBuffer();
  return {
    image,
    camera,
    windows,
    doors,
    floorLineY: p(0, 0, D).y,
    ceilingLineY: p(0, C, D).y,
  };
}

/** The rooms tests and demos use: a board-floored lounge, a carpeted bedroom, a tiled kitchen/dining
 * space, a narrow study photographed off-centre, all at listing-photo proportions. */
export const EMPTY_ROOMS: readonly EmptyRoomSpec[] = [
  {
    name: 'lounge-boards',
    width: 1200,
    height: 800,
    format: 'jpeg',
    room: { left: 2.6, right: 2.4, depth: 5.2, ceiling: 2.7 },
    eyeHeight: 1.45,
    focalPerWidth: 0.7,
    vpShift: 0.02,
    floor: 'boards',
    floorColor: '#a67c52',
    wallColor: '#ece8e1',
    window: { x0: -1.2, x1: 0.9, sill: 0.95, head: 2.2 },
    door: { wall: 'right', from: 4.0, to: 4.85 },
    seed: 11,
  },
  {
    name: 'bedroom-carpet',
    width: 1024,
    height: 768,
    format: 'png',
    room: { left: 2.1, right: 2.2, depth: 4.6, ceiling: 2.6 },
    eyeHeight: 1.5,
    focalPerWidth: 0.72,
    vpShift: -0.04,
    floor: 'carpet',
    floorColor: '#b9ada0',
    wallColor: '#dfe3e0',
    window: { x0: 0.5, x1: 1.8, sill: 1.0, head: 2.15 },
    door: { wall: 'left', from: 3.35, to: 4.2 },
    seed: 23,
  },
  {
    name: 'dining-tiles',
    width: 1280,
    height: 853,
    format: 'jpeg',
    room: { left: 2.8, right: 3.0, depth: 5.8, ceiling: 2.7 },
    eyeHeight: 1.4,
    focalPerWidth: 0.68,
    vpShift: 0.0,
    floor: 'tiles',
    floorColor: '#cfc9bf',
    wallColor: '#f1ede4',
    window: { x0: -2.2, x1: -0.4, sill: 0.9, head: 2.2 },
    door: { wall: 'back', from: 1.2, to: 2.05 },
    seed: 37,
  },
  {
    name: 'study-boards-offcentre',
    width: 1000,
    height: 750,
    format: 'png',
    room: { left: 1.4, right: 2.6, depth: 4.0, ceiling: 2.55 },
    eyeHeight: 1.5,
    focalPerWidth: 0.72,
    vpShift: -0.08,
    floor: 'boards',
    floorColor: '#6f5038',
    wallColor: '#e7e4da',
    window: { x0: 0.6, x1: 2.0, sill: 1.0, head: 2.1 },
    seed: 41,
  },
];
