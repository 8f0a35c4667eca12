// Makes the README's address-only pictures through the steps themselves, with the stage's provider wiring
// pointed at the map fixtures (an ArcGIS REST MapServer export, a cadastre layer and an address point
// layer serving one known block): the address geocoded, its lot found, the markup drawn on the source's
// picture, its edit with the lot outlined and labelled, and the frontage reference from the lot's street
// side. Small copies go to docs/images/; full-size ones to /tmp/providers-preview/.
// Run: node --import tsx scripts/providers-preview.ts
import { mkdirSync, writeFileSync } from 'node:fs';
import sharp from 'sharp';
import { memoryMedia } from '../bench/aerial-fixture.ts';
import { parseAustralianAddress } from '../functions/domain/address/address-parser.ts';
import { detectFrontageStep } from '../functions/jobs/frontage/steps.ts';
import { resolveCompositor } from '../functions/jobs/markup/schema.ts';
import { editMarkup, generateMarkup } from '../functions/jobs/markup/steps.ts';
import { imageryFetcher } from '../functions/media/images/fetch-image.ts';
import { labelFont } from '../functions/media/markup/label-font.ts';
import { NO_OWN_IMAGERY } from '../functions/media/providers/imagery/own-imagery.ts';
import { stageProviders } from '../functions/wiring/capabilities/providers.ts';
import { IMAGERY_LICENCES } from '../lib/config/stages.ts';
import {
  ADDRESS_FIXTURE_FIELDS,
  startArcgisAddressFixture,
} from '../test/support/map-fixtures/arcgis-address-fixture.ts';
import { startArcgisExportFixture } from '../test/support/map-fixtures/arcgis-export-fixture.ts';
import { startArcgisQueryFixture } from '../test/support/map-fixtures/arcgis-query-fixture.ts';
import { FIXTURE_ROW_COMMON } from '../test/support/map-fixtures/cadastre-rows.ts';
import { SCENE_ADDRESSES } from '../test/support/map-fixtures/scene.ts';

const out = '/tmp/providers-preview';
mkdirSync(out, { recursive: true });
const [imagery, cadastre, addresses] = await Promise.all([
  startArcgisExportFixture({ kind: 'MapServer' }),
  startArcgisQueryFixture(),
  startArcgisAddressFixture(),
]);
const providers = stageProviders({
  sources: JSON.stringify({
    imagery: [{ ...FIXTURE_ROW_COMMON, name: 'fixture-imagery', kind: 'arcgis-export', url: imagery.url }],
    cadastre: [
      {
        ...FIXTURE_ROW_COMMON,
        name: 'fixture-cadastre',
        kind: 'arcgis-query',
        url: cadastre.url,
        lotIdField: 'lotidstring',
      },
    ],
    geocoder: [
      {
        ...FIXTURE_ROW_COMMON,
        name: 'fixture-addresses',
        kind: 'arcgis-query',
        url: addresses.url,
        fields: ADDRESS_FIXTURE_FIELDS,
      },
    ],
  }),
  gazetteerDataPath: undefined,
  imageryLicences: JSON.stringify(IMAGERY_LICENCES),
  secretsFile: undefined,
  allowHttp: 'true',
  allowLoopback: 'true',
});
const media = await memoryMedia();
const ports = {
  media,
  providers,
  fetchImagery: imageryFetcher({ allowHttp: true, allowLoopback: true }),
  ownImagery: NO_OWN_IMAGERY,
};
const job = (id: string, type: string) => ({
  job_id: id,
  org_id: 'preview',
  mode: 'test' as const,
  job_type: type,
  webhook_url: null,
});

const address = SCENE_ADDRESSES.property.address;
const parsed = parseAustralianAddress(address);
if (!parsed.ok) throw new Error(parsed.problems.join('; '));
const geocoded = await providers.geocoder.geocode(parsed.address);
if (!geocoded) throw new Error('the fixture geocoder found nothing');
const position = geocoded.position;
const location = {
  lat: position.lat,
  lng: position.lng,
  formatted_address: geocoded.formattedAddress,
  precision: geocoded.precision,
  provider: geocoded.provider,
  confidence: geocoded.confidence,
  lot: await providers.cadastre.lotAt(position),
};

const markup = await generateMarkup(
  {
    job: job('markup', 'markup_v2'),
    address,
    options: { orientation: 'bottom', zoom: 'standard', style: 'outline', front_direction: 270 },
    location,
    input: {},
  },
  ports,
);
console.log('markup', markup.boundary_source, markup.imagery, markup.detected_front_direction);
const edit = await editMarkup(
  {
    job: job('edit', 'markup_v2_edit'),
    input: {
      boundary_polygon: markup.suggested_boundary!,
      text_annotations: [
        { type: 'area' },
        { type: 'label', text: '10 Wattle Street · Lot 5 DP123456', position: { x: 0.5, y: 0.08 } },
      ],
      options: {
        style: 'darken',
        compositor: resolveCompositor({ outline_color: '#FFD23F', outline_width: 8 }),
      },
    },
    parent: { job_id: 'markup', output: markup },
  },
  { media, labelFont: labelFont() },
);
const frontage = await detectFrontageStep(
  { job: job('frontage', 'frontage_detection'), address, location, input: {} },
  ports,
);
console.log('frontage', frontage.bearing, frontage.method, frontage.confidence);

async function save(name: string, jpeg: Buffer, width = 960) {
  writeFileSync(`${out}/${name}`, jpeg);
  writeFileSync(`docs/images/${name}`, await sharp(jpeg).resize(width).jpeg({ quality: 82 }).toBuffer());
}
await save('address-only-markup.jpg', await media.get(markup.image.s3_key));
await save('address-only-edit.jpg', await media.get(edit.image.s3_key));
await save('address-only-frontage.jpg', await media.get(frontage.reference_image.s3_key), 640);
await Promise.all([imagery.close(), cadastre.close(), addresses.close()]);
console.log(`written to ${out} and docs/images/`);
