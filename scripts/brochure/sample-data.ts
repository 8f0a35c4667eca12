// Sample material for the brochure slides, made offline: property photos drawn with sharp (an
// exterior at dusk, a living room, a kitchen, a pool terrace), an aerial from the offline nadir
// imagery, an agency logo and an agent headshot, plus one request per slide type. Used by the sample
// renderer (scripts/brochure/render-samples.ts) and the benchmark.
import sharp from 'sharp';
import { parseAustralianAddress } from '../../functions/domain/address/address-parser.ts';
import type { LatLng, SiteModel } from '../../functions/domain/geo-types.ts';
import { polygonCentroid } from '../../functions/domain/geometry/polygon.ts';
import type { BrochureSlideRequest } from '../../functions/jobs/brochure/schema.ts';
import { slideFont } from '../../functions/media/brochure/text-fit.ts';
import { fromLocalMetres } from '../../functions/media/geo/local-metric.ts';
import { GazetteerGeocoder } from '../../functions/media/geo/offline-geocoder.ts';
import { SyntheticNadirImagery } from '../../functions/media/imagery/offline-nadir/synthetic-nadir-imagery.ts';
import { SyntheticSiteSource } from '../../functions/media/site/synthetic-site.ts';

export const SAMPLE_ADDRESS = '27 Wattle Street, Ultimo NSW 2007';

const jpeg = (svg: string, w: number, h: number) =>
  sharp(Buffer.from(svg)).resize(w, h).jpeg({ quality: 90 }).toBuffer();

function exterior(): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="2400" height="1600" viewBox="0 0 2400 1600">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#5E7FA8"/><stop offset="0.55" stop-color="#E9B98A"/><stop offset="1" stop-color="#F6D9B0"/></linearGradient>
    <linearGradient id="lawn" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#5E8A3A"/><stop offset="1" stop-color="#2F4F1F"/></linearGradient>
    <linearGradient id="wall" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#EFE8DC"/><stop offset="1" stop-color="#D8CDBB"/></linearGradient>
    <radialGradient id="glow" cx="0.5" cy="0.5" r="0.6"><stop offset="0" stop-color="#FFE3A3"/><stop offset="1" stop-color="#E7A85A"/></radialGradient>
  </defs>
  <rect width="2400" height="1600" fill="url(#sky)"/>
  <circle cx="1900" cy="420" r="70" fill="#FFF1CF" opacity="0.8"/>
  <path d="M0 1020 Q300 930 620 990 T1300 960 T2400 1000 V1200 H0Z" fill="#7C8F6A" opacity="0.6"/>
  <rect y="1120" width="2400" height="480" fill="url(#lawn)"/>
  <polygon points="560,700 1200,330 1840,700" fill="#3B3F46"/>
  <rect x="640" y="700" width="1120" height="480" fill="url(#wall)"/>
  <rect x="1300" y="560" width="640" height="620" fill="#E4DCCD"/>
  <polygon points="1260,560 1980,560 1960,520 1280,520" fill="#2F3238"/>
  <rect x="720" y="790" width="300" height="230" fill="url(#glow)" stroke="#2D2D2D" stroke-width="14"/>
  <line x1="870" y1="790" x2="870" y2="1020" stroke="#2D2D2D" stroke-width="10"/>
  <rect x="1090" y="820" width="150" height="360" fill="#6B4A2E" stroke="#2D2D2D" stroke-width="12"/>
  <rect x="1380" y="640" width="480" height="420" fill="url(#glow)" stroke="#2D2D2D" stroke-width="14"/>
  <line x1="1620" y1="640" x2="1620" y2="1060" stroke="#2D2D2D" stroke-width="10"/>
  <rect x="1040" y="1180" width="250" height="420" fill="#B9AE9C"/>
  <ellipse cx="380" cy="930" rx="230" ry="300" fill="#34522A"/><rect x="365" y="1080" width="32" height="140" fill="#4A3622"/>
  <ellipse cx="2150" cy="960" rx="200" ry="260" fill="#2E4A25"/><rect x="2135" y="1100" width="30" height="120" fill="#4A3622"/>
  <ellipse cx="700" cy="1190" rx="120" ry="60" fill="#3E6B2C"/><ellipse cx="1700" cy="1195" rx="150" ry="64" fill="#3E6B2C"/>
</svg>`;
}

function livingRoom(): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="2000" height="1500">
  <defs><linearGradient id="light" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#FFFFFF"/><stop offset="1" stop-color="#CFE3F2"/></linearGradient></defs>
  <rect width="2000" height="1500" fill="#EDE6DA"/>
  <rect y="1050" width="2000" height="450" fill="#B48A5E"/>
  <rect x="1150" y="180" width="700" height="760" fill="url(#light)" stroke="#FFFFFF" stroke-width="24"/>
  <line x1="1500" y1="180" x2="1500" y2="940" stroke="#FFFFFF" stroke-width="16"/>
  <rect x="180" y="820" width="820" height="260" rx="40" fill="#56677A"/>
  <rect x="220" y="700" width="740" height="200" rx="50" fill="#66788C"/>
  <rect x="260" y="760" width="180" height="120" rx="20" fill="#D9A441"/>
  <ellipse cx="620" cy="1260" rx="330" ry="70" fill="#8C6A48"/>
  <rect x="380" y="330" width="420" height="280" fill="#C96F4A"/><rect x="410" y="360" width="360" height="220" fill="#E7C39A"/>
  <circle cx="1240" cy="1040" r="90" fill="#3F6B3A"/><rect x="1205" y="1080" width="70" height="120" fill="#A9774F"/>
</svg>`;
}

function kitchen(): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="2000" height="1400">
  <rect width="2000" height="1400" fill="#F3F0EA"/>
  <rect y="1000" width="2000" height="400" fill="#9C9388"/>
  <rect x="120" y="260" width="1760" height="300" fill="#FFFFFF" stroke="#D6D0C6" stroke-width="8"/>
  <rect x="120" y="700" width="1760" height="330" fill="#2F3B45"/>
  <rect x="100" y="670" width="1800" height="40" fill="#E9E4DB"/>
  <rect x="500" y="860" width="1000" height="360" fill="#3C4A56"/><rect x="480" y="830" width="1040" height="40" fill="#F2EEE8"/>
  <circle cx="700" cy="150" r="50" fill="#D9A441"/><line x1="700" y1="0" x2="700" y2="100" stroke="#333" stroke-width="6"/>
  <circle cx="1000" cy="150" r="50" fill="#D9A441"/><line x1="1000" y1="0" x2="1000" y2="100" stroke="#333" stroke-width="6"/>
  <circle cx="1300" cy="150" r="50" fill="#D9A441"/><line x1="1300" y1="0" x2="1300" y2="100" stroke="#333" stroke-width="6"/>
  <rect x="1500" y="560" width="60" height="110" fill="#6B8F5A"/><rect x="300" y="600" width="120" height="70" fill="#C96F4A"/>
</svg>`;
}

function poolTerrace(): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="2400" height="1600">
  <defs><linearGradient id="water" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#4FC3E0"/><stop offset="1" stop-color="#1B7FA6"/></linearGradient>
  <linearGradient id="sky2" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#8EC5E8"/><stop offset="1" stop-color="#DCEFF8"/></linearGradient></defs>
  <rect width="2400" height="700" fill="url(#sky2)"/>
  <rect y="560" width="2400" height="200" fill="#4E7A3A"/>
  <rect y="700" width="2400" height="900" fill="#D9CBB2"/>
  <polygon points="300,900 2100,900 2300,1450 100,1450" fill="url(#water)" stroke="#F2EBDD" stroke-width="30"/>
  <path d="M400 1100 Q700 1060 1000 1100 T1600 1100 T2100 1110" stroke="#A6E4F2" stroke-width="10" fill="none" opacity="0.6"/>
  <rect x="1700" y="720" width="220" height="60" rx="20" fill="#FFFFFF"/><rect x="1960" y="720" width="220" height="60" rx="20" fill="#FFFFFF"/>
  <circle cx="260" cy="520" r="180" fill="#2F5A2A"/><circle cx="2200" cy="480" r="210" fill="#2F5A2A"/>
</svg>`;
}

function headshot(): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1000" height="1200">
  <defs><radialGradient id="bg" cx="0.5" cy="0.35" r="0.8"><stop offset="0" stop-color="#C9D3DC"/><stop offset="1" stop-color="#7D8B98"/></radialGradient></defs>
  <rect width="1000" height="1200" fill="url(#bg)"/>
  <path d="M120 1200 Q140 860 500 820 Q860 860 880 1200Z" fill="#26364A"/>
  <path d="M420 820 L500 960 L580 820Z" fill="#FFFFFF"/>
  <rect x="440" y="690" width="120" height="150" fill="#D7A98A"/>
  <ellipse cx="500" cy="520" rx="190" ry="235" fill="#E2B597"/>
  <path d="M300 480 Q310 250 500 250 Q700 250 705 480 Q660 360 500 350 Q350 360 300 480Z" fill="#3A2A20"/>
  <ellipse cx="430" cy="530" rx="18" ry="12" fill="#2B2B2B"/><ellipse cx="570" cy="530" rx="18" ry="12" fill="#2B2B2B"/>
  <path d="M440 640 Q500 680 560 640" stroke="#9A5B48" stroke-width="10" fill="none"/>
</svg>`;
}

/** A two-tone wordmark drawn from the DejaVu outlines (no system fonts), transparent background. */
function logo(): string {
  const bold = slideFont('bold');
  const regular = slideFont('regular');
  const mark = bold.path('HARBOUR & CO', 170, 112, 84);
  const tag = regular.path('PROPERTY', 174, 170, 36);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="900" height="200">
  <path d="M40 150 L100 40 L160 150Z" fill="#0E6E6E"/><path d="M70 150 L100 95 L130 150Z" fill="#E0A43A"/>
  <path d="${mark}" fill="#0E3B4A"/><path d="${tag}" fill="#0E6E6E"/>
</svg>`;
}

interface SampleAssets {
  /** Path on the sample server -> bytes and content type. */
  readonly files: ReadonlyMap<string, { bytes: Buffer; contentType: string }>;
}

export async function sampleAssets(): Promise<SampleAssets> {
  const files = new Map<string, { bytes: Buffer; contentType: string }>();
  files.set('/photos/exterior.jpg', { bytes: await jpeg(exterior(), 2400, 1600), contentType: 'image/jpeg' });
  files.set('/photos/living.jpg', { bytes: await jpeg(livingRoom(), 2000, 1500), contentType: 'image/jpeg' });
  files.set('/photos/kitchen.webp', {
    bytes: await sharp(Buffer.from(kitchen())).webp({ quality: 88 }).toBuffer(),
    contentType: 'image/webp',
  });
  files.set('/photos/pool.jpg', { bytes: await jpeg(poolTerrace(), 2400, 1600), contentType: 'image/jpeg' });
  files.set('/photos/aerial.png', { bytes: await sampleAerial(), contentType: 'image/png' });
  files.set('/brand/headshot.jpg', { bytes: await jpeg(headshot(), 1000, 1200), contentType: 'image/jpeg' });
  files.set('/brand/logo.png', {
    bytes: await sharp(Buffer.from(logo())).png().toBuffer(),
    contentType: 'image/png',
  });
  return { files };
}

/** Where the sample address is and the synthetic neighbourhood around it (the location slide's port). */
export async function locateOffline(address: string): Promise<{ position: LatLng; site: SiteModel }> {
  const parsed = parseAustralianAddress(address);
  if (!parsed.ok) throw new Error(parsed.problems.join('; '));
  const geocoded = await new GazetteerGeocoder().geocode(parsed.address);
  if (!geocoded) throw new Error(`${address} not found in the offline gazetteer`);
  const site = await new SyntheticSiteSource().siteAround(geocoded.position, parsed.address, 340);
  const lot = site.parcels.find((p) => p.addressed);
  const position = lot ? fromLocalMetres(site.origin, polygonCentroid(lot.polygon)) : geocoded.position;
  return { position, site };
}

async function sampleAerial(): Promise<Buffer> {
  const { position, site } = await locateOffline(SAMPLE_ADDRESS);
  const image = await new SyntheticNadirImagery().render({
    center: position,
    width: 1600,
    height: 1200,
    metersPerPixel: 0.06,
    rotationDeg: 0,
    site,
  });
  return sharp(image.data, { raw: { width: 1600, height: 1200, channels: image.channels } })
    .png()
    .toBuffer();
}

const DESCRIPTION =
  'Set behind an established garden on a quiet, tree-lined street, this light-filled family home pairs original character with a thoughtful modern extension. Four generous bedrooms, two bathrooms and an open-plan living and dining zone flow out to a north-facing terrace and solar-heated pool. Walk to Central Park, the light rail and the cafes of Harris Street; the CBD is ten minutes away.';

/** The sample agent and agency, their headshot and logo served under `base`. */
export function sampleBranding(base: string) {
  return {
    agent_name: 'Olivia Harrington',
    agent_phone: '0412 345 678',
    agent_email: 'olivia@harbourco.com.au',
    agent_headshot_url: `${base}/brand/headshot.jpg`,
    agency_name: 'Harbour & Co Property',
    agency_logo_url: `${base}/brand/logo.png`,
    primary_color: '#0E3B4A',
    secondary_color: '#E0A43A',
  };
}

/**
 * The small print a brand kit adds to the sample branding: the licence numbers beside the agency and the
 * agent, and a typical agency disclaimer at the foot of each slide.
 */
export const SAMPLE_SMALL_PRINT = {
  agency_licence_number: '10012345',
  agent_licence_number: '2034567',
  disclaimer:
    'All information contained herein is gathered from sources we believe to be reliable. However, we cannot guarantee its accuracy and interested persons should rely on their own enquiries.',
} as const;

/** The sample property: its price, description and photos (with the aerial unless `aerial` is false). */
export function sampleProperty(base: string, options: { aerial?: boolean } = {}) {
  const photos = ['exterior.jpg', 'living.jpg', 'kitchen.webp', 'pool.jpg'];
  return {
    address: SAMPLE_ADDRESS,
    price_display: 'Auction Sat 14 June',
    description: DESCRIPTION,
    images: [...photos, ...(options.aerial === false ? [] : ['aerial.png'])].map(
      (f) => `${base}/photos/${f}`,
    ),
  };
}

/** One request per slide type, the images served under `base`. */
export function sampleRequests(base: string): BrochureSlideRequest[] {
  const property = sampleProperty(base);
  const { images } = property;
  const branding = sampleBranding(base);
  return [
    { property, slide: { type: 'cover' }, branding },
    {
      property,
      slide: {
        type: 'features',
        title: 'Home highlights',
        description:
          'Four bedrooms, master with walk-in robe and ensuite\nTwo renovated bathrooms with floor-to-ceiling tiles\nOpen-plan living and dining with 3.2 m ceilings\nStone kitchen with butler’s pantry and Miele appliances\nNorth-facing terrace and solar-heated pool\nDouble lock-up garage with internal access\nDucted air conditioning and 6.6 kW solar\nLandscaped gardens on 612 m²',
        selected_images: [images[3]!],
      },
      branding,
    },
    {
      property,
      slide: { type: 'gallery', title: 'Inside & out', selected_images: images.slice(0, 4) },
      branding,
    },
    {
      property,
      slide: {
        type: 'location',
        description:
          'Moments from Harris Street cafés, the light rail and Wentworth Park, with the University of Sydney and the CBD a short walk away.',
      },
      branding,
    },
    {
      property,
      slide: {
        type: 'agent',
        description:
          'Fifteen years selling inner-west homes, with more than 400 sales and a reputation for calm, well-run auctions.',
      },
      branding,
    },
    {
      property,
      slide: {
        type: 'content',
        layout_description: 'large photo on the left, text right',
        selected_images: [images[1]!],
      },
      branding,
    },
  ];
}
