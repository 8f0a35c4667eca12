// A loopback HTTP server for the brochure samples and benchmark: serves the sample images (so the real
// SSRF-checked downloader fetches them) and an in-memory media store whose objects the renderer loads
// by URL, as it loads presigned S3 URLs in AWS.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BrochureMediaPort } from '../../functions/media/brochure/generate-slide.ts';
import { sampleAssets } from './sample-data.ts';

export interface SampleServer {
  readonly base: string;
  readonly media: BrochureMediaPort & { readonly objects: Map<string, Buffer> };
  close(): Promise<void>;
}

export async function startSampleServer(): Promise<SampleServer> {
  const { files } = await sampleAssets();
  const objects = new Map<string, Buffer>();
  const types = new Map<string, string>();
  const server = createServer((req, res) => {
    const url = decodeURIComponent(req.url ?? '');
    const file = files.get(url);
    if (file) return void res.writeHead(200, { 'content-type': file.contentType }).end(file.bytes);
    if (url.startsWith('/media/')) {
      const key = url.slice('/media/'.length);
      const body = objects.get(key);
      if (body)
        return void res
          .writeHead(200, { 'content-type': types.get(key) ?? 'application/octet-stream' })
          .end(body);
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    media: {
      objects,
      async put(key, bytes, contentType, extra = {}) {
        objects.set(key, bytes);
        types.set(key, contentType);
        return { s3_key: key, content_type: contentType, size_bytes: bytes.length, ...extra };
      },
      async urlOf(key) {
        return `${base}/media/${encodeURIComponent(key)}`;
      },
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
