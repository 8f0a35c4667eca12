// The public Australian sources the repository ships (providers/au-open.json): NSW imagery and the NSW,
// Queensland and Victorian cadastre and NSW address points, all CC BY 4.0. Deployed stages list them ahead
// of Amazon Location; the local stack uses them with PROVIDERS_FILE=providers/au-open.json.
import { readFileSync } from 'node:fs';
import { parseProviderSources } from '../../functions/media/providers/sources/source-config.ts';

const FILE = new URL('../../providers/au-open.json', import.meta.url);

export const AU_OPEN_SOURCES = parseProviderSources(
  JSON.parse(readFileSync(FILE, 'utf8')),
  'providers/au-open.json',
);
