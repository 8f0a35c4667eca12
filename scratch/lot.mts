import { readFileSync } from 'node:fs';
import { polygonCentroid } from '/work/wt/drone/functions/media/frontage/detect-frontage.ts';
const site = JSON.parse(readFileSync('/tmp/drone/site.json', 'utf8'));
const lot = site.parcels.find((p: any) => p.addressed);
console.log(lot.polygon, polygonCentroid(lot.polygon));
for (const s of site.streets.slice(0, 4)) console.log(s.name, s.centerline[0], s.centerline.at(-1));
