// Still renditions benchmark, in one run on the same machine:
//   1. web (WebP and AVIF at 2048, 1024 and 400 px) and the three social shapes (1080x1080, 1080x1350,
//      1080x1920) of a 3840x2160 aerial still with its boundary outline and a label, from one call of the
//      engine: median of BENCH_RUNS (default 7), beside the baseline measured just before each run in the
//      same process: sharp decoding that 4K JPEG and encoding it once as JPEG (quality 90), what the job
//      already pays for its still. Printed as seconds, as extra seconds over the baseline, as the ratio to
//      it, and as the CPU time the run used; goal: the renditions cost at most 1 s on top of the job.
//   2. portal (3000x2000 JPEG from the text-free twin, with copyright and disclosure), median apart.
// The machine (CPU, cores, load), sharp's and libvips' versions, the encoders' and libvips' thread count
// are printed beside the figures. Run: npm run bench -- renditions   (RENDITIONS_BENCH_SAVE=DIR keeps
// the still and every rendition)
import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import * as path from 'node:path';
import sharp from 'sharp';
import { parseAustralianAddress } from '../functions/domain/address/address-parser.ts';
import { polygonCentroid } from '../functions/domain/geometry/polygon.ts';
import { fromLocalMetres } from '../functions/media/geo/local-metric.ts';
import { SyntheticNadirImagery } from '../functions/media/imagery/offline-nadir/synthetic-nadir-imagery.ts';
import { groundToNormalized, markupRotation, metersPerPixelFor } from '../functions/media/markup/framing.ts';
import {
  type StillRenditions,
  type StillRenditionsRequest,
  stillRenditions,
} from '../functions/media/renditions/still-renditions.ts';
import { SyntheticSiteSource } from '../functions/media/site/synthetic-site.ts';
import { sensorNoise } from './aerial-fixture.ts';
import { machineLine } from './machine.ts';
import { loadText, median, verdict } from './stats.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const WIDTH = 3840;
const HEIGHT = 2160;

/**
 * The still and its text-free twin: the offline aerial of an address framed as markup_v2 frames it, with
 * sensor noise so it codes to a real aerial's size (detail for the encoders to work on) and the boundary
 * outline; the still also has an area label. The subject is the boundary's vertices and the label's box.
 */
async function aerialStill() {
  const address = parseAustralianAddress('10 Wattle Street, Ultimo NSW 2007');
  if (!address.ok) throw new Error(address.problems.join('; '));
  const site = await new SyntheticSiteSource().siteAround({ lat: -33.882, lng: 151.2 }, address.address, 260);
  const lot = site.parcels.find((p) => p.addressed)!.polygon;
  const rotationDeg = markupRotation(195, 'bottom');
  const centre = polygonCentroid(lot);
  const ground = await new SyntheticNadirImagery().render({
    center: fromLocalMetres(site.origin, centre),
    width: WIDTH,
    height: HEIGHT,
    metersPerPixel: metersPerPixelFor({ zoom: 'standard', rotationDeg, lot }),
    rotationDeg,
    site,
  });
  const noise = await sensorNoise(WIDTH, HEIGHT);
  const boundary = lot.map(groundToNormalized(ground.georef, centre));
  const lowest = Math.max(...boundary.map((p) => p.y));
  const label = { left: 0.42, top: Math.min(0.9, lowest + 0.03), width: 0.16, height: 0.06 };
  const ring = boundary.map((p) => `${(p.x * WIDTH).toFixed(1)},${(p.y * HEIGHT).toFixed(1)}`).join(' ');
  const [lx, ly, lw, lh] = [
    label.left * WIDTH,
    label.top * HEIGHT,
    label.width * WIDTH,
    label.height * HEIGHT,
  ];
  const svg = (body: string) =>
    Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">${body}</svg>`);
  const outline = svg(`<polygon points="${ring}" fill="none" stroke="#FFD23F" stroke-width="8"/>`);
  const text = svg(
    `<rect x="${lx}" y="${ly}" width="${lw}" height="${lh}" rx="16" fill="#1d2b3a"/><text x="${lx + lw / 2}" y="${ly + lh * 0.68}" font-family="DejaVu Sans" font-size="${lh * 0.5}" fill="#ffffff" text-anchor="middle">612 m²</text>`,
  );
  // The twin is the still without its label: the outline stays, the text goes.
  const aerial = sharp(ground.data, {
    raw: { width: WIDTH, height: HEIGHT, channels: ground.channels },
  }).composite([
    { input: noise, raw: { width: WIDTH, height: HEIGHT, channels: 3 }, blend: 'overlay' },
    { input: outline },
  ]);
  const withOutline = await aerial.raw().toBuffer({ resolveWithObject: true });
  const textFree = await sharp(withOutline.data, { raw: withOutline.info }).jpeg({ quality: 90 }).toBuffer();
  const picture = await sharp(withOutline.data, { raw: withOutline.info })
    .composite([{ input: text }])
    .jpeg({ quality: 90 })
    .toBuffer();
  return { picture, textFree, subject: { points: boundary, boxes: [label] } };
}

interface Timed<T> {
  readonly result: T;
  readonly ms: number;
  /** User + system CPU time of the process over the call, in ms (every thread, both cores). */
  readonly cpuMs: number;
}

async function timed<T>(work: () => Promise<T>): Promise<Timed<T>> {
  const cpu = process.cpuUsage();
  const started = performance.now();
  const result = await work();
  const ms = performance.now() - started;
  const used = process.cpuUsage(cpu);
  return { result, ms, cpuMs: (used.user + used.system) / 1000 };
}

const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const list = (xs: readonly number[]) => xs.map((x) => (x / 1000).toFixed(2)).join(', ');

// Importing the engine set libvips' threads to the machine's cores, as a rendition step runs.
console.log(machineLine());
console.log(
  `sharp ${sharp.versions.sharp}, libvips ${sharp.versions.vips}, aom ${sharp.versions.aom ?? '?'}, libwebp ${sharp.versions.webp ?? '?'}, mozjpeg ${sharp.versions.mozjpeg ?? '?'}; libvips threads ${sharp.concurrency()} of ${availableParallelism()} cores, libuv pool ${process.env.UV_THREADPOOL_SIZE ?? 4}, SIMD ${sharp.simd()}`,
);
const { picture, textFree, subject } = await aerialStill();
console.log(
  `still: ${WIDTH}x${HEIGHT} JPEG q90, ${(picture.length / 1e6).toFixed(1)} MB (text-free twin ${(textFree.length / 1e6).toFixed(1)} MB); subject: ${subject.points.length} boundary vertices and a label box`,
);

const webAndSocial: StillRenditionsRequest = {
  picture,
  subject,
  renditions: ['web', 'social_square', 'social_portrait', 'social_story'],
};
const portal: StillRenditionsRequest = {
  picture,
  textFree,
  subject,
  metadata: { copyright: '© 2026 Example Realty', disclosure: 'Aerial image: boundary approximate' },
  renditions: ['portal'],
};
const baseline = () => sharp(picture).jpeg({ quality: 90 }).toBuffer();

// Warm-up: module loads, libvips' operation cache and threads, the encoders' first allocations.
await baseline();
const first = await stillRenditions(webAndSocial);
const firstPortal = await stillRenditions(portal);

const base: Array<Timed<Buffer>> = [];
const runs: Array<Timed<StillRenditions>> = [];
const portals: Array<Timed<StillRenditions>> = [];
const loadBefore = loadText();
for (let i = 0; i < RUNS; i += 1) {
  base.push(await timed(baseline));
  runs.push(await timed(() => stillRenditions(webAndSocial)));
  portals.push(await timed(() => stillRenditions(portal)));
}

const files = [
  ...first.web!.avif.map((f) => `avif ${f.width}x${f.height} ${(f.bytes / 1e3).toFixed(0)} kB`),
  ...first.web!.webp.map((f) => `webp ${f.width}x${f.height} ${(f.bytes / 1e3).toFixed(0)} kB`),
  ...(['social_square', 'social_portrait', 'social_story'] as const).map((n) => {
    const f = first[n]!;
    return `${n} ${f.width}x${f.height} ${f.fit} ${(f.bytes / 1e3).toFixed(0)} kB`;
  }),
];
console.log(`renditions: ${files.join('; ')}`);
const p = firstPortal.portal!;
console.log(`portal: ${p.width}x${p.height} ${p.fit} JPEG ${(p.bytes / 1e6).toFixed(2)} MB`);
console.log(`load average ${loadBefore} before the timed runs, ${loadText()} after`);

const b = median(base.map((r) => r.ms));
const r = median(runs.map((x) => x.ms));
const ratios = runs.map((x, i) => x.ms / base[i]!.ms);
const extra = runs.map((x, i) => x.ms - base[i]!.ms);
console.log(
  `baseline (decode the 4K JPEG, encode it once as JPEG q90): ${s(b)} median of ${RUNS} (${list(base.map((x) => x.ms))}), CPU ${s(median(base.map((x) => x.cpuMs)))}`,
);
console.log(
  `web + 3 social renditions of the 4K still: ${s(r)} median of ${RUNS} (${list(runs.map((x) => x.ms))}), CPU ${s(median(runs.map((x) => x.cpuMs)))}; ${s(median(extra))} more than the baseline, ${median(ratios).toFixed(2)}x it (median of the pairs) — ${verdict(r <= 1000, '≤ 1 s on top of the job')}`,
);
const pm = median(portals.map((x) => x.ms));
console.log(
  `portal of the 4K still: ${s(pm)} median of ${RUNS} (${list(portals.map((x) => x.ms))}), CPU ${s(median(portals.map((x) => x.cpuMs)))}; ${(pm / b).toFixed(2)}x the baseline`,
);

const save = process.env.RENDITIONS_BENCH_SAVE;
if (save) {
  mkdirSync(save, { recursive: true });
  writeFileSync(path.join(save, 'still.jpg'), picture);
  writeFileSync(path.join(save, 'text-free.jpg'), textFree);
  for (const f of [...first.web!.avif, ...first.web!.webp])
    writeFileSync(path.join(save, `web-${f.width}.${f.format}`), f.data);
  for (const n of ['social_square', 'social_portrait', 'social_story'] as const)
    writeFileSync(path.join(save, `${n}.jpg`), first[n]!.data);
  writeFileSync(path.join(save, 'portal.jpg'), p.data);
  console.log(`saved the still and its renditions to ${save}`);
}
