// Downloads every file a job's output names and checks it is what the output says: HTTP 200, the
// declared content type in the response, the declared size, and the file's first bytes in that format.

interface MediaFile {
  readonly url: string;
  readonly content_type: string;
  readonly size_bytes?: number;
}

/** First bytes of each format the service writes (at `offset`). */
const SIGNATURES: Record<string, { readonly offset: number; readonly bytes: readonly number[] }> = {
  'image/jpeg': { offset: 0, bytes: [0xff, 0xd8, 0xff] },
  'image/png': { offset: 0, bytes: [0x89, 0x50, 0x4e, 0x47] },
  'image/webp': { offset: 8, bytes: [0x57, 0x45, 0x42, 0x50] }, // RIFF....WEBP
  'image/gif': { offset: 0, bytes: [0x47, 0x49, 0x46, 0x38] },
  'application/pdf': { offset: 0, bytes: [0x25, 0x50, 0x44, 0x46] },
  'video/mp4': { offset: 4, bytes: [0x66, 0x74, 0x79, 0x70] }, // ....ftyp
  'video/quicktime': { offset: 4, bytes: [0x66, 0x74, 0x79, 0x70] },
  'video/webm': { offset: 0, bytes: [0x1a, 0x45, 0xdf, 0xa3] },
};

/** Every media file in an output, by its path (`poster`, `images[0]`), in any nesting. */
export function mediaFilesOf(output: unknown, at = ''): Array<[string, MediaFile]> {
  if (Array.isArray(output)) return output.flatMap((item, i) => mediaFilesOf(item, `${at}[${i}]`));
  if (output === null || typeof output !== 'object') return [];
  const record = output as Record<string, unknown>;
  if (typeof record.url === 'string' && typeof record.content_type === 'string')
    return [[at, record as unknown as MediaFile]];
  return Object.entries(record).flatMap(([k, v]) => mediaFilesOf(v, at ? `${at}.${k}` : k));
}

/** Downloads the file; resolves to its size, or throws saying what is wrong with it. */
export async function checkMediaFile(name: string, file: MediaFile): Promise<number> {
  const response = await fetch(file.url, { signal: AbortSignal.timeout(120_000) });
  if (response.status !== 200) throw new Error(`${name}: download answered ${response.status}`);
  const served = response.headers.get('content-type')?.split(';')[0]?.trim();
  const bytes = Buffer.from(await response.arrayBuffer());
  if (served !== file.content_type)
    throw new Error(`${name}: served as ${served}, declared ${file.content_type}`);
  if (bytes.length === 0) throw new Error(`${name}: empty file`);
  if (file.size_bytes !== undefined && file.size_bytes !== bytes.length)
    throw new Error(`${name}: ${bytes.length} bytes, declared ${file.size_bytes}`);
  const signature = SIGNATURES[file.content_type];
  if (signature && !signature.bytes.every((b, i) => bytes[signature.offset + i] === b))
    throw new Error(`${name}: the bytes are not ${file.content_type}`);
  return bytes.length;
}

export function formatBytes(n: number): string {
  if (n >= 1024 * 1024) return `${(n / 1024 / 1024).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(n / 1024))} kB`;
}
