// Caller imagery benchmark: markup_v2 on a 20-megapixel drone photo (5472x3648 JPEG with DJI XMP), in one run:
//   1. the markup step as the workflow runs it (download over loopback under the imagery fetch policy, XMP
//      and EXIF read, the camera settled, the parcel projected, the photo decoded and coded in strips),
//      median of 5, beside sharp's baseline for the same decode and encode of that photo; goal ≤ 3 s;
//   2. the edit at that size (outline, area label), median of 5, beside sharp's baseline decoding the photo,
//      compositing the same outline as an SVG and encoding it; goal ≤ 1.5 s;
//   3. the peak memory (max RSS) of one markup and one edit in a fresh process, beside the same process's
//      RSS once its modules are loaded; goal ≤ 1 GB.
// Run: npm run bench -- imagery   (IMAGERY_BENCH_SAVE=DIR keeps the photo, the markup and the edit)
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import sharp from 'sharp';
import { parseAustralianAddress } from '../functions/domain/address/address-parser.ts';
import { polygonCentroid } from '../functions/domain/geometry/polygon.ts';
import { editMarkup, generateMarkup, type StoredMarkupOutput } from '../functions/jobs/markup/steps.ts';
import { fromLocalMetres } from '../functions/media/geo/local-metric.ts';
import { SyntheticNadirImagery } from '../functions/media/imagery/offline-nadir/synthetic-nadir-imagery.ts';
import { labelFont } from '../functions/media/markup/label-font.ts';
import { SyntheticSiteSource } from '../functions/media/site/synthetic-site.ts';
import { type MemoryMedia, markupStepPorts, memoryMedia, sensorNoise } from './aerial-fixture.ts';
import { machineLine } from './machine.ts';
import { loadText, median, verdict } from './stats.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const WIDTH = 5472;
const HEIGHT = 3648;
const HEIGHT_M = 60;
const ADDRESS = '10 Wattle Street, Ultimo NSW 2007';
const POSITION = { lat: -33.882, lng: 151.2 };
const child = process.argv.includes('--child');

/**
 * The photo: the synthetic ground straight down from 60 m, 5472x3648 with a little sensor noise (so it
 * codes to a drone JPEG's size), and the DJI XMP and EXIF a Phantom 4 Pro writes for that pose.
 */
async function dronePhoto() {
  const parsed = parseAustralianAddress(ADDRESS);
  if (!parsed.ok) throw new Error(parsed.problems.join('; '));
  const site = await new SyntheticSiteSource().siteAround(POSITION, parsed.address, 260);
  const lot = site.parcels.find((p) => p.addressed)!.polygon;
  const centre = fromLocalMetres(site.origin, polygonCentroid(lot));
  const renderWidth = 4096;
  const mpp = 0.018 * (WIDTH / renderWidth);
  const ground = await new SyntheticNadirImagery().render({
    center: centre,
    width: renderWidth,
    height: Math.round((renderWidth * HEIGHT) / WIDTH),
    metersPerPixel: mpp,
    rotationDeg: 0,
    site,
  });
  const noise = await sensorNoise(WIDTH, HEIGHT);
  const jpeg = await sharp(ground.data, {
    raw: { width: ground.georef.width, height: ground.georef.height, channels: ground.channels },
  })
    .resize(WIDTH, HEIGHT)
    .composite([{ input: noise, raw: { width: WIDTH, height: HEIGHT, channels: 3 }, blend: 'overlay' }])
    .withExif({
      IFD0: { Make: 'DJI', Model: 'FC6310' },
      IFD2: { FocalLength: '88/10', DateTimeOriginal: '2026:03:14 10:21:33' },
    })
    .jpeg({ quality: 92 })
    .toBuffer();
  // Straight down, north up: the photo is WIDTH · mpp' metres across, so f = (W/2) / tan(hfov/2).
  const groundWidthM = WIDTH * (0.018 * (WIDTH / renderWidth)) * (renderWidth / WIDTH);
  const focalPx = WIDTH / 2 / (groundWidthM / 2 / HEIGHT_M);
  const xmp = `<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description rdf:about="" xmlns:drone-dji="http://www.dji.com/drone-dji/1.0/" drone-dji:GpsLatitude="${centre.lat}" drone-dji:GpsLongitude="${centre.lng}" drone-dji:RelativeAltitude="+${HEIGHT_M}.00" drone-dji:GimbalYawDegree="+0.00" drone-dji:GimbalPitchDegree="-90.00" drone-dji:GimbalRollDegree="+0.00" drone-dji:CalibratedFocalLength="${focalPx.toFixed(3)}"/></rdf:RDF></x:xmpmeta>`;
  const body = Buffer.concat([Buffer.from('http://ns.adobe.com/xap/1.0/\0', 'latin1'), Buffer.from(xmp)]);
  const segment = Buffer.concat([
    Buffer.from([0xff, 0xe1, (body.length + 2) >> 8, (body.length + 2) & 0xff]),
    body,
  ]);
  const photo = Buffer.concat([jpeg.subarray(0, 2), segment, jpeg.subarray(2)]);
  const boundary = {
    type: 'Polygon' as const,
    coordinates: [[...lot, lot[0]!].map((p) => fromLocalMetres(site.origin, p)).map((p) => [p.lng, p.lat])],
  };
  return { photo, boundary, centre };
}

async function serve(body: Buffer): Promise<{ url: string; close(): void }> {
  const server = createServer((_, res) => {
    res.writeHead(200, { 'content-type': 'image/jpeg' });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/dji_0042.jpg`,
    close: () => server.close(),
  };
}

const job = (id: string, type: string) => ({
  job_id: id,
  org_id: 'bench',
  mode: 'test' as const,
  job_type: type,
  webhook_url: null,
});
const location = {
  lat: POSITION.lat,
  lng: POSITION.lng,
  formatted_address: ADDRESS,
  precision: 'caller',
  provider: 'caller',
  confidence: 1,
};

async function markup(media: MemoryMedia, url: string, boundary: unknown, n: number) {
  return generateMarkup(
    {
      job: job(`markup-${n}`, 'markup_v2'),
      address: ADDRESS,
      options: { orientation: 'bottom', zoom: 'standard', style: 'outline', front_direction: 0 },
      location,
      input: { imagery: { type: 'drone_photo', image_url: url }, boundary: boundary as never },
    },
    markupStepPorts(media),
  );
}

async function edit(media: MemoryMedia, markupOutput: StoredMarkupOutput, n: number) {
  return editMarkup(
    {
      job: job(`edit-${n}`, 'markup_v2_edit'),
      input: {
        boundary_polygon: markupOutput.suggested_boundary!,
        text_annotations: [{ type: 'area' }],
        options: {
          style: 'outline',
          compositor: { outline_color: '#FFD23F', outline_width: 8, blur_radius: 20, darken_amount: 0.5 },
        },
      },
      parent: { job_id: `markup-${n}`, output: markupOutput },
    },
    { media, labelFont: labelFont() },
  );
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const result = await work();
  return [result, performance.now() - started];
}

if (child) {
  // One markup and one edit in a fresh process given the photo the parent made; its peak RSS against its
  // RSS once its modules and the photo are loaded.
  const dir = process.argv[process.argv.indexOf('--child') + 1]!;
  const photo = readFileSync(path.join(dir, 'photo.jpg'));
  const boundary = JSON.parse(readFileSync(path.join(dir, 'boundary.json'), 'utf8'));
  const server = await serve(photo);
  const loadedKb = process.memoryUsage().rss / 1024;
  const before = process.resourceUsage().maxRSS;
  const media = await memoryMedia();
  const output = await markup(media, server.url, boundary, 0);
  await edit(media, output, 0);
  server.close();
  console.log(JSON.stringify({ loadedKb, beforeMaxKb: before, maxKb: process.resourceUsage().maxRSS }));
  process.exit(0);
}

console.log(machineLine());
const { photo, boundary } = await dronePhoto();
const meta = await sharp(photo).metadata();
console.log(
  `photo: ${meta.width}x${meta.height} JPEG, ${(photo.length / 1e6).toFixed(1)} MB, DJI XMP (60 m, straight down), the parcel as boundary`,
);
const server = await serve(photo);
const media = await memoryMedia();
await markup(media, server.url, boundary, -1); // warm-up: module loads, the font, sharp's threads

const markupMs: number[] = [];
const editMs: number[] = [];
const decodeEncodeMs: number[] = [];
const compositeMs: number[] = [];
let last: StoredMarkupOutput | undefined;
for (let i = 0; i < RUNS; i += 1) {
  const [output, ms] = await timed(() => markup(media, server.url, boundary, i));
  markupMs.push(ms);
  last = output;
  editMs.push((await timed(() => edit(media, output, i)))[1]);
  // The baselines: sharp decoding the photo and encoding it again at full size (q90), and the same with an
  // SVG outline of the boundary composited on it.
  decodeEncodeMs.push((await timed(() => sharp(photo).jpeg({ quality: 90 }).toBuffer()))[1]);
  const ring = output
    .suggested_boundary!.map((p) => `${(p.x * WIDTH).toFixed(1)},${(p.y * HEIGHT).toFixed(1)}`)
    .join(' ');
  const svg = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}"><polygon points="${ring}" fill="none" stroke="#FFD23F" stroke-width="13"/></svg>`,
  );
  compositeMs.push(
    (
      await timed(() =>
        sharp(photo)
          .composite([{ input: svg }])
          .jpeg({ quality: 90 })
          .toBuffer(),
      )
    )[1],
  );
}
server.close();

const m = median(markupMs);
const e = median(editMs);
const base = median(decodeEncodeMs);
const comp = median(compositeMs);
console.log(`load average ${loadText()}`);
console.log(
  `markup_v2 step on the 20 MP photo: ${seconds(m)} median of ${RUNS} (${markupMs.map((x) => seconds(x)).join(', ')}); sharp decode + encode baseline ${seconds(base)}, ratio ${(m / base).toFixed(2)} — ${verdict(m <= 3000, '≤ 3 s')}`,
);
console.log(
  `edit at that size: ${seconds(e)} median (${editMs.map((x) => seconds(x)).join(', ')}); sharp decode + outline composite + encode baseline ${seconds(comp)}, ratio ${(e / comp).toFixed(2)} — ${verdict(e <= 1500, '≤ 1.5 s')}`,
);
const handoff = mkdtempSync(path.join(tmpdir(), 'imagery-bench-'));
writeFileSync(path.join(handoff, 'photo.jpg'), photo);
writeFileSync(path.join(handoff, 'boundary.json'), JSON.stringify(boundary));
const report = JSON.parse(
  execFileSync(
    process.execPath,
    ['--import', 'tsx', path.join(import.meta.dirname, 'imagery-bench.ts'), '--child', handoff],
    {
      encoding: 'utf8',
      env: { ...process.env, POWERTOOLS_LOG_LEVEL: 'ERROR' },
    },
  )
    .trim()
    .split('\n')
    .at(-1)!,
);
const peakMb = report.maxKb / 1024;
console.log(
  `memory of one markup and one edit in a fresh process: peak RSS ${peakMb.toFixed(0)} MB, ${((report.maxKb - report.loadedKb) / 1024).toFixed(0)} MB above its ${(report.loadedKb / 1024).toFixed(0)} MB once its modules and the photo were loaded — ${verdict(peakMb <= 1024, '≤ 1 GB')}`,
);
const save = process.env.IMAGERY_BENCH_SAVE;
if (save && last) {
  mkdirSync(save, { recursive: true });
  writeFileSync(path.join(save, 'drone-photo.jpg'), photo);
  writeFileSync(path.join(save, 'markup.jpg'), await media.get(last.image.s3_key));
  console.log(`saved the photo and its markup to ${save}`);
}
await media.close();
