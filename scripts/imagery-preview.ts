// Makes the README's caller-imagery pictures through the markup steps themselves: a drone photo of the
// offline scene (rendered from a known pose, its DJI XMP written in) with the parcel projected onto it, in
// outline and in darken, and an orthophoto (a GeoTIFF in GDA2020 MGA zone 56) turned and cropped with its
// markup. Small copies go to docs/images/; full-size ones to /tmp/imagery-preview/.
// Run: node --import tsx scripts/imagery-preview.ts
import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import proj4 from 'proj4';
import sharp from 'sharp';
import { markupStepPorts, memoryMedia } from '../bench/aerial-fixture.ts';
import { resolveCompositor } from '../functions/jobs/markup/schema.ts';
import { editMarkup, generateMarkup, type StoredMarkupOutput } from '../functions/jobs/markup/steps.ts';
import { labelFont } from '../functions/media/markup/label-font.ts';
import { LocalStillRenderer } from '../functions/media/rendering/local-still-renderer.ts';
import { ensureSiteBundle } from '../lib/remotion/site-bundle.ts';
import { geoKeys, tiff, withDjiXmp } from '../test/support/imagery-files.ts';
import {
  GROUND_TRUTH_ADDRESS,
  GROUND_TRUTH_POSITION,
  groundTruthScene,
  markedNadir,
  renderPose,
} from '../test/support/imagery-ground-truth.ts';

const out = '/tmp/imagery-preview';
mkdirSync(out, { recursive: true });
const media = await memoryMedia();
const truth = await groundTruthScene(media, { marked: false });
const files = new Map<string, Buffer>();
const server = createServer((req, res) => {
  const body = files.get(req.url ?? '');
  res.writeHead(body ? 200 : 404);
  res.end(body);
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
const ports = markupStepPorts(media);
const job = (id: string, type: string) => ({
  job_id: id,
  org_id: 'preview',
  mode: 'test' as const,
  job_type: type,
  webhook_url: null,
});
const location = {
  ...GROUND_TRUTH_POSITION,
  formatted_address: GROUND_TRUTH_ADDRESS,
  precision: 'caller',
  provider: 'caller',
  confidence: 1,
};

async function markup(id: string, imagery: Record<string, unknown>, zoom: 'close' | 'standard' = 'standard') {
  return generateMarkup(
    {
      job: job(id, 'markup_v2'),
      address: GROUND_TRUTH_ADDRESS,
      options: { orientation: 'bottom', zoom, style: 'outline', front_direction: 90 },
      location,
      input: { imagery: imagery as never, boundary: truth.boundary as never },
    },
    ports,
  );
}

async function edit(id: string, parent: StoredMarkupOutput, style: 'outline' | 'darken', labels: boolean) {
  const output = await editMarkup(
    {
      job: job(id, 'markup_v2_edit'),
      input: {
        boundary_polygon: parent.suggested_boundary!,
        text_annotations: labels
          ? [{ type: 'area' }, { type: 'label', text: '10 Wattle Street', position: { x: 0.5, y: 0.08 } }]
          : [],
        options: { style, compositor: resolveCompositor({ outline_color: '#FFD23F', outline_width: 8 }) },
      },
      parent: { job_id: 'parent', output: parent },
    },
    { media, labelFont: labelFont() },
  );
  return media.get(output.image.s3_key);
}

async function save(name: string, jpeg: Buffer, width = 960) {
  writeFileSync(`${out}/${name}`, jpeg);
  writeFileSync(`docs/images/${name}`, await sharp(jpeg).resize(width).jpeg({ quality: 82 }).toBuffer());
}

// A drone photo: 55 m up, 50° below the horizon, looking north-east, a 24 mm-equivalent lens.
const renderer = new LocalStillRenderer({ serveUrl: await ensureSiteBundle() });
const photo = await renderPose(
  renderer,
  truth,
  { yawDeg: 35, pitchDeg: -50, heightM: 55, verticalFovDeg: 46 },
  1,
);
const halfTan = Math.tan((photo.horizontalFovDeg * Math.PI) / 360);
files.set(
  '/dji_0042.jpg',
  withDjiXmp(photo.jpeg, {
    lat: photo.camera.lat,
    lng: photo.camera.lng,
    relativeAltitudeM: photo.camera.heightM,
    yawDeg: photo.camera.yawDeg,
    pitchDeg: photo.camera.pitchDeg,
    calibratedFocalLengthPx: photo.width / 2 / halfTan,
  }),
);
const drone = await markup('drone', { type: 'drone_photo', image_url: `${base}/dji_0042.jpg` });
console.log('drone photo markup', drone.georeference, drone.boundary_visible_fraction);
await save('imagery-drone-outline.jpg', await edit('drone-outline', drone, 'outline', true));
await save('imagery-drone-darken.jpg', await edit('drone-darken', drone, 'darken', false));

// An orthophoto: a top-down picture of the block at 6 cm, georeferenced in GDA2020 / MGA zone 56, grid north up.
const mga = '+proj=utm +zone=56 +south +ellps=GRS80 +units=m +no_defs';
const frame = { width: 2400, height: 1800, metersPerPixel: 0.06 };
const first = await markedNadir({ ...truth, parcel: [] }, { ...frame, rotationDeg: 0 });
const [e, n] = proj4('EPSG:4326', mga, [first.center.lng, first.center.lat]) as [number, number];
const [lng1, lat1] = proj4(mga, 'EPSG:4326', [e, n + 100]) as [number, number];
const bearing =
  (Math.atan2(
    (lng1 - first.center.lng) * Math.cos((first.center.lat * Math.PI) / 180),
    lat1 - first.center.lat,
  ) *
    180) /
  Math.PI;
const nadir = await markedNadir({ ...truth, parcel: [] }, { ...frame, rotationDeg: bearing });
const rgb = await sharp(nadir.png).removeAlpha().raw().toBuffer();
files.set(
  '/ortho.tif',
  tiff({
    ...frame,
    rgb,
    geo: {
      tiepoint: [
        0,
        0,
        e - (frame.width / 2) * frame.metersPerPixel,
        n + (frame.height / 2) * frame.metersPerPixel,
      ],
      pixelScale: [frame.metersPerPixel, frame.metersPerPixel],
      geoKeys: geoKeys(7856, 'projected'),
    },
  }),
);
const ortho = await markup('ortho', { type: 'orthophoto', image_url: `${base}/ortho.tif` }, 'close');
console.log('orthophoto markup', ortho.georeference);
await save('imagery-orthophoto-outline.jpg', await edit('ortho-outline', ortho, 'outline', true));

server.close();
await media.close();
console.log(`full-size pictures in ${out}`);
