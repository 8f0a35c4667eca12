// PROVIDERS_FILE: the local stack's provider sources, the same lists a deployed stage states in
// lib/config/stages.ts (`{"imagery": […], "cadastre": […], "geocoder": […]}`; docs/readme/providers.md).
// Unset, the stage's own (offline) sources stay. A file that cannot be read or is not valid stops the
// start with the field named, before anything else starts.
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { parseProviderSources } from '../functions/media/providers/sources/source-config.ts';
import { StartRefused } from './start-refused.ts';

/** The PROVIDERS value the file gives (checked), or undefined when PROVIDERS_FILE is not set. */
export function providersFromFile(file: string | undefined, cwd = process.cwd()): string | undefined {
  if (!file) return undefined;
  const resolved = path.resolve(cwd, file);
  let text: string;
  try {
    text = readFileSync(resolved, 'utf8');
  } catch (error) {
    throw new StartRefused(`PROVIDERS_FILE ${file} cannot be read: ${(error as Error).message}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new StartRefused(`PROVIDERS_FILE ${file} is not JSON: ${(error as Error).message}`);
  }
  // The file names only the lists it changes; the rest keep the local stage's defaults.
  const withDefaults =
    json && typeof json === 'object' && !Array.isArray(json)
      ? { geocoder: [{ kind: 'offline' }], imagery: [{ kind: 'offline' }], ...json }
      : json;
  try {
    return JSON.stringify(parseProviderSources(withDefaults, `PROVIDERS_FILE ${file}`));
  } catch (error) {
    throw new StartRefused((error as Error).message);
  }
}
