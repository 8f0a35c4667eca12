// The project's Remotion site (functions/media/remotion), bundled with @remotion/bundler once per change
// and cached under node_modules/.cache: the local renderer serves it from disk, the CDK app deploys the
// same directory as the Remotion Lambda site. The cache key hashes every source file the compositions
// can import and the Remotion version, so an edit anywhere in them rebuilds it. While a build runs, a
// file beside its directory says so, and a render waits for it (bundle-building.ts): the local stack
// starts the build in the background (buildSiteInBackground) and answers before it is done.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  closeSync,
  cpSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import * as path from 'node:path';
import { builderOf, markBuilding, unmarkBuilding } from '../../functions/media/rendering/bundle-building.ts';
import { PROJECT_ROOT } from '../constructs/function-facts.ts';

export const SITE_ENTRY = 'functions/media/remotion/index.ts';
/** Folders whose files the compositions import (and so whose changes change the bundle). */
const SITE_SOURCES = [
  'functions/media/remotion',
  'functions/media/markup',
  'functions/media/camera',
  'functions/media/aerial',
];
const CACHE_DIR = path.join(PROJECT_ROOT, 'node_modules', '.cache', 'pms-remotion-site');

function files(dir: string): string[] {
  return readdirSync(dir)
    .flatMap((name) => {
      const full = path.join(dir, name);
      return statSync(full).isDirectory() ? files(full) : [full];
    })
    .sort();
}

export function remotionVersion(): string {
  const pkg = JSON.parse(
    readFileSync(path.join(PROJECT_ROOT, 'node_modules', 'remotion', 'package.json'), 'utf8'),
  ) as {
    version: string;
  };
  return pkg.version;
}

/**
 * three.js's Draco decoder (its glTF build: JS wrapper and WebAssembly), served with the site as
 * `public/draco/`: photorealistic 3D tiles (Google's) are Draco-compressed meshes, and the composition's
 * DRACOLoader fetches the decoder from the render's own origin, so no third-party CDN is called.
 */
const DRACO_DECODER_DIR = path.join(
  PROJECT_ROOT,
  'node_modules',
  'three',
  'examples',
  'jsm',
  'libs',
  'draco',
  'gltf',
);

function threeVersion(): string {
  return (
    JSON.parse(readFileSync(path.join(PROJECT_ROOT, 'node_modules', 'three', 'package.json'), 'utf8')) as {
      version: string;
    }
  ).version;
}

/** Content hash of the site's sources and the Remotion and three.js versions. */
export function siteHash(): string {
  const hash = createHash('sha256').update(`remotion@${remotionVersion()}\nthree@${threeVersion()}\n`);
  for (const dir of SITE_SOURCES) {
    for (const file of files(path.join(PROJECT_ROOT, dir))) {
      hash.update(path.relative(PROJECT_ROOT, file)).update('\0').update(readFileSync(file)).update('\0');
    }
  }
  return hash.digest('hex').slice(0, 16);
}

/** Bundles the site into `outDir` (webpack; slow cold, hence the cache: docs/benchmarks.md). */
async function bundleSite(outDir: string): Promise<void> {
  const { bundle } = await import('@remotion/bundler');
  // The site's public folder: three's Draco decoder (staticFile('draco/') in the composition).
  const publicDir = `${outDir}.public`;
  rmSync(publicDir, { recursive: true, force: true });
  cpSync(DRACO_DECODER_DIR, path.join(publicDir, 'draco'), { recursive: true });
  try {
    await bundle({
      entryPoint: path.join(PROJECT_ROOT, SITE_ENTRY),
      outDir,
      enableCaching: true,
      publicDir,
      // Relative asset paths: the bundle works from a directory, any URL prefix or an S3 "sites/" key.
      publicPath: './',
    });
  } finally {
    rmSync(publicDir, { recursive: true, force: true });
  }
}

/** The bundle's directory for the current sources (built or not). */
export function siteBundleDir(): string {
  return path.join(CACHE_DIR, siteHash());
}

const built = (dir: string) => existsSync(path.join(dir, 'index.html'));

let pending: Promise<string> | undefined;

/** The cached bundle's directory for the current sources, bundling first if there is none. */
export function ensureSiteBundle(): Promise<string> {
  pending ??= (async () => {
    const dir = siteBundleDir();
    if (built(dir)) return dir;
    mkdirSync(CACHE_DIR, { recursive: true });
    // Bundle beside the target and rename into place, so a concurrent bundler never sees half a site.
    const staging = `${dir}.${process.pid}.${Date.now()}`;
    markBuilding(dir);
    try {
      await bundleSite(staging);
      try {
        renameSync(staging, dir);
      } catch (error) {
        if (!built(dir)) throw error;
      }
    } finally {
      rmSync(staging, { recursive: true, force: true });
      unmarkBuilding(dir);
    }
    return dir;
  })();
  return pending;
}

/**
 * The bundle's directory at once, building it in a process of its own when there is none (webpack would
 * hold this process's event loop for seconds at a time): the local stack serves requests meanwhile, and a
 * render waits for the build (bundle-building.ts). `built` resolves with the directory once the bundle is
 * there, and rejects when the build failed.
 */
export function buildSiteInBackground(): { readonly dir: string; readonly built: Promise<string> } {
  const dir = siteBundleDir();
  if (built(dir)) return { dir, built: Promise.resolve(dir) };
  if (builderOf(dir) !== undefined) return { dir, built: builtBySomeoneElse(dir) };
  mkdirSync(CACHE_DIR, { recursive: true });
  // Marked as this process's build until the builder marks it as its own, so a render asked for in the
  // meantime waits too.
  markBuilding(dir);
  // Its output to a file (a pipe would keep this process alive until the build ends).
  const log = `${dir}.log`;
  const output = openSync(log, 'w');
  const builder = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(PROJECT_ROOT, 'scripts', 'bundle-remotion-site.ts')],
    { cwd: PROJECT_ROOT, stdio: ['ignore', output, output] },
  );
  closeSync(output);
  const done = new Promise<string>((resolve, reject) => {
    const ended = (how: string) => {
      unmarkBuilding(dir);
      if (built(dir)) return resolve(dir);
      const said = existsSync(log) ? readFileSync(log, 'utf8').trim().slice(-4000) : '';
      reject(new Error(`bundling the Remotion site ended with ${how}${said ? `:\n${said}` : ''}`));
    };
    builder.once('error', (error) => ended(error.message));
    builder.once('exit', (code, signal) => ended(signal ?? `code ${code}`));
  });
  // The build is the builder's own: it goes on if this process stops first.
  builder.unref();
  return { dir, built: done };
}

/** Another process is building the bundle: resolves when it is there, rejects when that build ended without it. */
async function builtBySomeoneElse(dir: string): Promise<string> {
  while (!built(dir)) {
    if (builderOf(dir) === undefined) {
      if (built(dir)) break;
      throw new Error(`the process that was bundling the Remotion site into ${dir} ended without a bundle`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return dir;
}
