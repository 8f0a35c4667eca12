// Lambda's package limits, measured on a bundled cloud assembly (`cdk synth` output, as the CLI synth test
// writes it): every function's code asset and the layers it names from its own template.
// - Unzipped, the function's code plus its layers: at most 262,144,000 bytes (Lambda's "250 MB").
// - Zipped: at most 52,428,800 bytes ("50 MB"), Lambda's limit on a package uploaded directly. CloudFormation
//   deploys from S3, where only the unzipped limit applies; the zipped figure is kept as a margin check.
// A zip asset (the Remotion render function, the AWS CLI layer) is read as it is: its size, and the sum of
// its entries' uncompressed sizes. A directory asset is zipped by the CLI at publish time, so its zipped
// size here is an estimate: every file deflated as a zip entry stores it, plus the zip headers.
// A layer that is not an asset of the template (a public layer ARN, such as Remotion's Chromium layers) has
// no size here; such functions are listed in `unmeasuredLayers`.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import * as path from 'node:path';
import { deflateRawSync } from 'node:zlib';

export const LAMBDA_PACKAGE_LIMITS = {
  unzippedBytesWithLayers: 262_144_000,
  zippedBytes: 52_428_800,
} as const;

export interface PackageFigure {
  /** `stack/LogicalId` of the function. */
  readonly function: string;
  /** The function's code and every layer of the template it names, unzipped. */
  readonly unzippedBytesWithLayers: number;
  /** The function's own code package, zipped. */
  readonly zippedBytes: number;
  /** Layers this function names that are not assets of the template (their size is not counted). */
  readonly unmeasuredLayers: readonly string[];
}

interface AssetSize {
  readonly unzipped: number;
  readonly zipped: number;
}

/** Sum of the uncompressed sizes in a zip's central directory (zip64 included). */
export function unzippedSizeOfZip(zip: Buffer): number {
  const eocd = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (eocd < 0) throw new Error('not a zip: no end of central directory');
  let entries = zip.readUInt16LE(eocd + 10);
  let offset = zip.readUInt32LE(eocd + 16);
  if (entries === 0xffff || offset === 0xffffffff) {
    const locator = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x06, 0x07]), eocd);
    const record = Number(zip.readBigUInt64LE(locator + 8));
    entries = Number(zip.readBigUInt64LE(record + 32));
    offset = Number(zip.readBigUInt64LE(record + 48));
  }
  let total = 0;
  for (let i = 0; i < entries; i += 1) {
    if (zip.readUInt32LE(offset) !== 0x02014b50) throw new Error('corrupt zip central directory');
    let size = zip.readUInt32LE(offset + 24);
    const nameLength = zip.readUInt16LE(offset + 28);
    const extraLength = zip.readUInt16LE(offset + 30);
    const commentLength = zip.readUInt16LE(offset + 32);
    if (size === 0xffffffff) {
      // The zip64 extra field: the uncompressed size comes first.
      for (let e = offset + 46 + nameLength; e < offset + 46 + nameLength + extraLength; ) {
        const id = zip.readUInt16LE(e);
        const length = zip.readUInt16LE(e + 2);
        if (id === 0x0001) size = Number(zip.readBigUInt64LE(e + 4));
        e += 4 + length;
      }
    }
    total += size;
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return total;
}

function filesOf(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter(
      (entry) =>
        entry.isFile() ||
        (entry.isSymbolicLink() && statSync(path.join(entry.parentPath, entry.name)).isFile()),
    )
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** A zip entry's local header (30) and central directory header (46) around its name; the end record (22). */
const ZIP_ENTRY_OVERHEAD = 30 + 46;
const ZIP_END_RECORD = 22;

/** An asset's sizes; a directory's zipped size only when asked (a layer's is never needed). */
function measure(assetPath: string, zipped: boolean): AssetSize {
  if (statSync(assetPath).isFile()) {
    const zip = readFileSync(assetPath);
    return { unzipped: unzippedSizeOfZip(zip), zipped: zip.length };
  }
  let unzippedBytes = 0;
  let zippedBytes = ZIP_END_RECORD;
  for (const file of filesOf(assetPath)) {
    const size = statSync(file).size;
    unzippedBytes += size;
    if (!zipped) continue;
    const name = Buffer.byteLength(path.relative(assetPath, file));
    const stored = size === 0 ? 0 : Math.min(size, deflateRawSync(readFileSync(file)).length);
    zippedBytes += ZIP_ENTRY_OVERHEAD + 2 * name + stored;
  }
  return { unzipped: unzippedBytes, zipped: zipped ? zippedBytes : Number.NaN };
}

interface TemplateResource {
  readonly Type: string;
  readonly Properties?: { Layers?: unknown[] };
  readonly Metadata?: Record<string, unknown>;
}

/** Every Lambda function of every template in the cloud assembly, with its package figures. */
export function packageFigures(outdir: string): PackageFigure[] {
  const sizes = new Map<string, AssetSize>();
  const sizeOf = (assetPath: string, zipped: boolean) => {
    const full = path.join(outdir, assetPath);
    const known = sizes.get(full);
    if (known && (!zipped || !Number.isNaN(known.zipped))) return known;
    const measured = measure(full, zipped);
    sizes.set(full, measured);
    return measured;
  };
  const figures: PackageFigure[] = [];
  const templates = readdirSync(outdir).filter((f) => f.endsWith('.template.json'));
  for (const file of templates) {
    const stack = file.replace(/(\.nested)?\.template\.json$/, '');
    const resources =
      (
        JSON.parse(readFileSync(path.join(outdir, file), 'utf8')) as {
          Resources?: Record<string, TemplateResource>;
        }
      ).Resources ?? {};
    for (const [id, fn] of Object.entries(resources)) {
      if (fn.Type !== 'AWS::Lambda::Function') continue;
      const code = fn.Metadata?.['aws:asset:path'];
      if (typeof code !== 'string') throw new Error(`${stack}/${id} has no code asset to measure`);
      const own = sizeOf(code, true);
      let unzipped = own.unzipped;
      const unmeasuredLayers: string[] = [];
      for (const layer of fn.Properties?.Layers ?? []) {
        const ref = (layer as { Ref?: string }).Ref;
        const layerPath = ref ? resources[ref]?.Metadata?.['aws:asset:path'] : undefined;
        if (typeof layerPath === 'string') unzipped += sizeOf(layerPath, false).unzipped;
        else unmeasuredLayers.push(JSON.stringify(layer));
      }
      figures.push({
        function: `${stack}/${id}`,
        unzippedBytesWithLayers: unzipped,
        zippedBytes: own.zipped,
        unmeasuredLayers,
      });
    }
  }
  return figures;
}

const megabytes = (bytes: number) => `${(bytes / 1_000_000).toFixed(1)} MB`;

/** One line per figure over its limit, naming the function, the figure and the limit. */
export function packageViolations(figures: readonly PackageFigure[]): string[] {
  return figures.flatMap((f) =>
    (Object.keys(LAMBDA_PACKAGE_LIMITS) as Array<keyof typeof LAMBDA_PACKAGE_LIMITS>)
      .filter((limit) => f[limit] > LAMBDA_PACKAGE_LIMITS[limit])
      .map(
        (limit) =>
          `${f.function}: ${limit} is ${f[limit]} bytes (${megabytes(f[limit])}), Lambda's limit is ${LAMBDA_PACKAGE_LIMITS[limit]} bytes (${megabytes(LAMBDA_PACKAGE_LIMITS[limit])})`,
      ),
  );
}
