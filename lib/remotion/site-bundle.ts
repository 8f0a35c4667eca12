// The project's Remotion site (functions/media/remotion), bundled with @remotion/bundler once per change
// and cached under node_modules/.cache: the local renderer serves it from disk, the CDK app deploys the
// same directory as the Remotion Lambda site. The cache key hashes every source file the compositions
// can import and the Remotion version, so an edit anywhere in them rebuilds it.
import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import * as path from 'node:path';
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

let pending: Promise<string> | undefined;

/** The cached bundle's directory for the current sources, bundling first if there is none. */
export function ensureSiteBundle(): Promise<string> {
  pending ??= (async () => {
    const dir = path.join(CACHE_DIR, siteHash());
    if (existsSync(path.join(dir, 'index.html'))) return dir;
    mkdirSync(CACHE_DIR, { recursive: true });
    // Bundle beside the target and rename into place, so a concurrent bundler never sees half a site.
    const staging = `${dir}.${process.pid}.${Date.now()}`;
    try {
      await bundleSite(staging);
      try {
        renameSync(staging, dir);
      } catch (error) {
        if (!existsSync(path.join(dir, 'index.html'))) throw error;
      }
    } finally {
      rmSync(staging, { recursive: true, force: true });
    }
    return dir;
  })();
  return pending;
}
