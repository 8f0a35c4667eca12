// Builds the developer dashboard (dashboard/): the TypeScript app bundled by esbuild into one ES module,
// beside its page and stylesheet. Run at synth time (the page function ships the files) and therefore by
// every local stack start; it takes well under a second.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as path from 'node:path';

const DASHBOARD_SOURCE_DIR = 'dashboard';
/** Output, relative to the project root (gitignored). */
export const DASHBOARD_BUILD_DIR = '.build/dashboard';
/** The files the page function serves, by the name it serves them under. */
export const DASHBOARD_FILES = ['index.html', 'app.js', 'app.css'] as const;

export function buildDashboard(projectRoot: string): string {
  const out = path.join(projectRoot, DASHBOARD_BUILD_DIR);
  mkdirSync(out, { recursive: true });
  // Loaded here, not with the module: a start whose dashboard is up to date never loads esbuild.
  const { buildSync } = createRequire(import.meta.url)('esbuild') as typeof import('esbuild');
  const built = buildSync({
    // The metafile names its inputs relative to this directory: the project's, whatever the process's is.
    absWorkingDir: projectRoot,
    entryPoints: [path.join(projectRoot, DASHBOARD_SOURCE_DIR, 'src', 'main.ts')],
    outfile: path.join(out, 'app.js'),
    write: false,
    metafile: true,
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
  // What the build read (the app's modules, those it imports from functions/, the page and stylesheet):
  // a later start rebuilds only when one of them changed (buildDashboardIfChanged).
  const inputs = [
    ...Object.keys(built.metafile!.inputs),
    ...['index.html', 'app.css'].map((f) => path.join(DASHBOARD_SOURCE_DIR, f)),
  ];
  place(INPUTS_FILE, JSON.stringify({ inputs, hash: inputsHash(projectRoot, inputs) }));
  return out;
}

const INPUTS_FILE = 'inputs.json';

function inputsHash(projectRoot: string, inputs: readonly string[]): string {
  const hash = createHash('sha256');
  for (const file of inputs) {
    const full = path.resolve(projectRoot, file);
    hash
      .update(file)
      .update('\0')
      .update(existsSync(full) ? readFileSync(full) : 'missing')
      .update('\0');
  }
  return hash.digest('hex');
}

/**
 * The dashboard as its sources are now: rebuilt when any file its last build read has changed (or there
 * is none), else left as it is. For starts that skip synthesis (whose construct builds it): a change to
 * the page alone must still reach the browser.
 */
export function buildDashboardIfChanged(projectRoot: string): {
  readonly dir: string;
  readonly rebuilt: boolean;
} {
  const out = path.join(projectRoot, DASHBOARD_BUILD_DIR);
  try {
    const last = JSON.parse(readFileSync(path.join(out, INPUTS_FILE), 'utf8')) as {
      inputs: string[];
      hash: string;
    };
    if (inputsHash(projectRoot, last.inputs) === last.hash) return { dir: out, rebuilt: false };
  } catch {
    // no record of a build: build
  }
  return { dir: buildDashboard(projectRoot), rebuilt: true };
}
