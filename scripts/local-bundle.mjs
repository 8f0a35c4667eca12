// The local stack's prebuilt bundle: `npm start` (bin/start.mjs) loads the stack and its API handlers from
// one esbuild build in .build/local-stack/ instead of compiling several hundred TypeScript modules through
// tsx on every start (a later start loaded its modules in 1.2-1.5 s through tsx, 0.5-0.7 s from the bundle).
//   node scripts/local-bundle.mjs    builds it (bin/start.mjs runs this in the background after a start
//                                    from the sources; it takes about a second)
// - What is bundled: bin/local.ts and the handler modules of every function the synthesized local
//   templates name (an entry point each, code shared between them split into chunks, so the API handlers
//   and the stack share one copy of every module, as they do from the sources). npm packages stay outside
//   (node_modules), as do the workflow steps' worker threads and processes, which load from the sources.
// - import.meta.url, .dirname and .filename are the source file's own in the bundle: paths the modules
//   compute from them (the project root, worker entry files, packages resolved with createRequire) are
//   those of the sources.
// - Up to date means every source file the build read has the size and modification time it had, and the
//   bundle was made by this builder; anything else is stale and `npm start` runs from the sources.
// Plain JS on purpose: the launcher checks the bundle before anything TypeScript is loaded.
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import * as path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** LOCAL_BUNDLE_DIR (tests): another place for it, inside the project (its npm packages are found from there). */
export const BUNDLE_DIR = process.env.LOCAL_BUNDLE_DIR || path.join(ROOT, '.build', 'local-stack');
const MANIFEST = 'manifest.json';
const ENTRY = 'bin/local.ts';
/** Where the local stack caches its synthesized templates (local/synthesized-app.ts). */
const SYNTH_CACHE = path.join(ROOT, 'node_modules', '.cache', 'property-media-local');
/** The key bin/start.mjs leaves the bundle's module map under, for local/local-lambdas.ts. */
export const BUNDLE_GLOBAL = Symbol.for('property-media.local-bundle');

/** This builder's own identity: a bundle made by another version of it is stale. */
function builderHash() {
  return createHash('sha256')
    .update(readFileSync(fileURLToPath(import.meta.url)))
    .digest('hex')
    .slice(0, 16);
}

/**
 * The bundle's manifest when the bundle is up to date with the sources, else undefined. About 10 ms: one
 * stat per source file the build read.
 */
export function freshBundle(dir = BUNDLE_DIR) {
  let manifest;
  try {
    manifest = JSON.parse(readFileSync(path.join(dir, MANIFEST), 'utf8'));
  } catch {
    return undefined;
  }
  if (manifest.builder !== builderHash()) return undefined;
  for (const [file, [mtimeMs, size]] of Object.entries(manifest.inputs)) {
    let stat;
    try {
      stat = statSync(path.join(ROOT, file));
    } catch {
      return undefined;
    }
    if (stat.mtimeMs !== mtimeMs || stat.size !== size) return undefined;
  }
  const url = (file) => pathToFileURL(path.join(dir, file)).href;
  return {
    entry: url(manifest.entry),
    modules: Object.fromEntries(
      Object.entries(manifest.modules).map(([module, file]) => [module, url(file)]),
    ),
  };
}

/** The handler modules the newest cached local templates name (`functions/….ts`). */
function handlerModules() {
  if (!existsSync(SYNTH_CACHE)) return [];
  const newest = readdirSync(SYNTH_CACHE)
    .filter((name) => /^synth-.*\.json$/.test(name))
    .map((name) => path.join(SYNTH_CACHE, name))
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)[0];
  if (!newest) return [];
  const modules = new Set();
  const { service } = JSON.parse(readFileSync(newest, 'utf8'));
  for (const resource of Object.values(service.Resources ?? {})) {
    for (const value of Object.values(resource.Metadata ?? {})) {
      if (typeof value === 'string' && /^functions\/[^#]+\.ts#\w+$/.test(value))
        modules.add(value.split('#')[0]);
    }
  }
  return [...modules].sort();
}

/**
 * Replaces `import.meta.url|dirname|filename` in a module's code with the source file's own values,
 * except where the text stands inside a quoted string on its line (code written for another bundle).
 */
export function sourceImportMeta(code, file) {
  const values = {
    url: JSON.stringify(pathToFileURL(file).href),
    dirname: JSON.stringify(path.dirname(file)),
    filename: JSON.stringify(file),
  };
  return code.replace(/\bimport\.meta\.(url|dirname|filename)\b/g, (match, name, offset) => {
    const before = code.slice(code.lastIndexOf('\n', offset) + 1, offset);
    const quoted = ['"', "'", '`'].some((q) => before.split(q).length % 2 === 0);
    return quoted ? match : values[name];
  });
}

/** Builds the bundle into `outDir` (written aside, then renamed into place); returns its manifest. */
export async function buildLocalBundle({ outDir = BUNDLE_DIR, modules = handlerModules() } = {}) {
  const { build } = createRequire(import.meta.url)('esbuild');
  const partial = `${outDir}.${process.pid}.tmp`;
  rmSync(partial, { recursive: true, force: true });
  const entryPoints = Object.fromEntries(
    [ENTRY, ...modules].map((file) => [file.replace(/\.ts$/, ''), path.join(ROOT, file)]),
  );
  const result = await build({
    absWorkingDir: ROOT,
    entryPoints,
    outdir: partial,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node22',
    packages: 'external',
    outExtension: { '.js': '.mjs' },
    chunkNames: 'chunks/[name]-[hash]',
    sourcemap: 'linked',
    metafile: true,
    logLevel: 'error',
    plugins: [
      {
        name: 'source-import-meta',
        setup(b) {
          b.onLoad({ filter: /\.[cm]?tsx?$/ }, (args) => {
            const code = readFileSync(args.path, 'utf8');
            return {
              contents: code.includes('import.meta') ? sourceImportMeta(code, args.path) : code,
              loader: args.path.endsWith('x') ? 'tsx' : 'ts',
            };
          });
        },
      },
    ],
  });
  const inputs = {};
  for (const file of Object.keys(result.metafile.inputs)) {
    const stat = statSync(path.join(ROOT, file));
    inputs[file] = [stat.mtimeMs, stat.size];
  }
  const manifest = {
    builder: builderHash(),
    entry: `${ENTRY.replace(/\.ts$/, '')}.mjs`,
    modules: Object.fromEntries(modules.map((m) => [m, `${m.replace(/\.ts$/, '')}.mjs`])),
    inputs,
  };
  writeFileSync(path.join(partial, MANIFEST), JSON.stringify(manifest));
  mkdirSync(path.dirname(outDir), { recursive: true });
  rmSync(outDir, { recursive: true, force: true });
  renameSync(partial, outDir);
  return manifest;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = performance.now();
  const manifest = await buildLocalBundle();
  console.log(
    `local stack bundled in ${Math.round(performance.now() - started)} ms: ${Object.keys(manifest.modules).length} handler modules, ${Object.keys(manifest.inputs).length} sources (${BUNDLE_DIR})`,
  );
}
