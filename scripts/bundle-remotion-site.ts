// Bundles the project's Remotion site when the cache has none for the current sources, and prints its
// directory; given a directory, copies the site there (the CDK app's asset bundling for Remotion Lambda).
// `npm test` runs it first, so parallel tests find the site bundled.
import { cpSync } from 'node:fs';
import { ensureSiteBundle } from '../lib/remotion/site-bundle.ts';

const started = Date.now();
const site = await ensureSiteBundle();
const outDir = process.argv[2];
if (outDir) cpSync(site, outDir, { recursive: true });
else console.log(`Remotion site: ${site} (${Date.now() - started} ms)`);
