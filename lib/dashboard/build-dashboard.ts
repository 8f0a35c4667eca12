// Builds the developer dashboard (dashboard/): the TypeScript app bundled by esbuild into one ES module,
// beside its page and stylesheet. Run at synth time (the page function ships the files) and therefore by
// every local stack start; it takes well under a second.
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { buildSync } from 'esbuild';

const DASHBOARD_SOURCE_DIR = 'dashboard';
/** Output, relative to the project root (gitignored). */
export const DASHBOARD_BUILD_DIR = '.build/dashboard';
/** The files the page function serves, by the name it serves them under. */
export const DASHBOARD_FILES = ['index.html', 'app.js', 'app.css'] as const;

export function buildDashboard(projectRoot: string): string {
  const out = path.join(projectRoot, DASHBOARD_BUILD_DIR);
  mkdirSync(out, { recursive: true });
  const built = buildSync({
    entryPoints: [path.join(projectRoot, DASHBOARD_SOURCE_DIR, 'src', 'main.ts')],
    outfile: path.join(out, 'app.js'),
    write: false,
    bundle: true,
    format: 'esm',
    target: 'es2022',
    minify: true,
    legalComments: 'none',
    logLevel: 'error',
  });
  // Several processes may synthesize at once (tests): write each file whole, then rename it into place.
  const place = (name: string, contents: string | Uint8Array) => {
    const temporary = path.join(out, `.${name}.${process.pid}.tmp`);
    writeFileSync(temporary, contents);
    renameSync(temporary, path.join(out, name));
  };
  place('app.js', built.outputFiles[0]!.contents);
  for (const file of ['index.html', 'app.css']) {
    place(file, readFileSync(path.join(projectRoot, DASHBOARD_SOURCE_DIR, file)));
  }
  return out;
}
