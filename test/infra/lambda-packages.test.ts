// The Lambda package checks (lambda-packages.ts) on small made-up cloud assemblies: they measure what they
// claim and fail, naming the function, the figure and the limit, one byte past each limit. The real
// assembly is checked by the CLI synth test (cli-synth.test.ts), which bundles every function.
import { mkdirSync, mkdtempSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  LAMBDA_PACKAGE_LIMITS,
  type PackageFigure,
  packageFigures,
  packageViolations,
  unzippedSizeOfZip,
} from './lambda-packages.ts';

/** A zip of stored (uncompressed) entries, as written by any zip tool. */
function storedZip(entries: Record<string, Buffer>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, data] of Object.entries(entries)) {
    const nameBytes = Buffer.from(name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += 30 + nameBytes.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(entries).length, 8);
  end.writeUInt16LE(Object.keys(entries).length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** A cloud assembly with one template: a function with a directory asset, and a layer of `layerBytes`. */
function assembly(layerBytes: number): string {
  const outdir = mkdtempSync(path.join(tmpdir(), 'pms-lambda-packages-'));
  dirs.push(outdir);
  mkdirSync(path.join(outdir, 'asset.fn'));
  writeFileSync(path.join(outdir, 'asset.fn', 'index.mjs'), 'export const handler = () => 1;\n'.repeat(100));
  mkdirSync(path.join(outdir, 'asset.layer', 'nodejs'), { recursive: true });
  // Sparse: as large as asked on paper, nothing on disk (a layer's files are only stat'ed).
  writeFileSync(path.join(outdir, 'asset.layer', 'nodejs', 'big.bin'), '');
  truncateSync(path.join(outdir, 'asset.layer', 'nodejs', 'big.bin'), layerBytes);
  writeFileSync(path.join(outdir, 'asset.render.zip'), storedZip({ 'a.js': Buffer.alloc(1000, 97) }));
  const template = {
    Resources: {
      Layer: { Type: 'AWS::Lambda::LayerVersion', Metadata: { 'aws:asset:path': 'asset.layer' } },
      Fn: {
        Type: 'AWS::Lambda::Function',
        Properties: { Layers: [{ Ref: 'Layer' }] },
        Metadata: { 'aws:asset:path': 'asset.fn' },
      },
      Render: {
        Type: 'AWS::Lambda::Function',
        Properties: { Layers: ['arn:aws:lambda:ap-southeast-2:123456789012:layer:public:1'] },
        Metadata: { 'aws:asset:path': 'asset.render.zip' },
      },
    },
  };
  writeFileSync(path.join(outdir, 'App.template.json'), JSON.stringify(template));
  return outdir;
}

describe("Lambda's package limits", () => {
  it('reads the uncompressed sizes from a zip', () => {
    expect(unzippedSizeOfZip(storedZip({ 'a.js': Buffer.alloc(1234), 'b/c.txt': Buffer.alloc(5) }))).toBe(
      1239,
    );
  });

  it("measures a function's code with the layers it names, and lists layers it cannot measure", () => {
    const figures = packageFigures(assembly(1_000_000));
    const fn = figures.find((f) => f.function === 'App/Fn')!;
    expect(fn.unzippedBytesWithLayers).toBe(1_000_000 + 3_200);
    // 3,200 bytes of one repeated line deflate to far less, plus the zip headers.
    expect(fn.zippedBytes).toBeGreaterThan(100);
    expect(fn.zippedBytes).toBeLessThan(400);
    expect(fn.unmeasuredLayers).toEqual([]);
    const render = figures.find((f) => f.function === 'App/Render')!;
    expect(render.unzippedBytesWithLayers).toBe(1000);
    expect(render.zippedBytes).toBeGreaterThan(1000);
    expect(render.unmeasuredLayers).toEqual(['"arn:aws:lambda:ap-southeast-2:123456789012:layer:public:1"']);
  });

  it('fails when a function and its layers are one byte over 250 MB unzipped, naming the figure and the limit', () => {
    const limit = LAMBDA_PACKAGE_LIMITS.unzippedBytesWithLayers;
    expect(packageViolations(packageFigures(assembly(limit - 3_200)))).toEqual([]);
    expect(packageViolations(packageFigures(assembly(limit - 3_199)))).toEqual([
      `App/Fn: unzippedBytesWithLayers is ${limit + 1} bytes (262.1 MB), Lambda's limit is ${limit} bytes (262.1 MB)`,
    ]);
  });

  it('fails on a package one byte over 50 MB zipped, naming the figure and the limit', () => {
    const limit = LAMBDA_PACKAGE_LIMITS.zippedBytes;
    const figure = (zippedBytes: number): PackageFigure => ({
      function: 'App/Fn',
      unzippedBytesWithLayers: 1,
      zippedBytes,
      unmeasuredLayers: [],
    });
    expect(packageViolations([figure(limit)])).toEqual([]);
    expect(packageViolations([figure(limit + 1)])).toEqual([
      `App/Fn: zippedBytes is ${limit + 1} bytes (52.4 MB), Lambda's limit is ${limit} bytes (52.4 MB)`,
    ]);
  });
});
