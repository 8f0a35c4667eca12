// Copies the project's bundled Remotion site (bundling it first when the cache has none for the current
// sources) into the directory given: the CDK app's asset bundling for the Remotion Lambda site.
import { cpSync } from 'node:fs';
import { ensureSiteBundle } from '../lib/remotion/site-bundle.ts';

const outDir = process.argv[2];
if (!outDir) {
  console.error('usage: bundle-remotion-site.ts <output directory>');
  process.exit(2);
}
cpSync(await ensureSiteBundle(), outDir, { recursive: true });
