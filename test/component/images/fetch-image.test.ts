import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JobError } from '../../../functions/core/errors.ts';
import {
  fetchImage,
  ImageFetchError,
  type ImageFetchPolicy,
} from '../../../functions/media/images/fetch-image.ts';
import { bigExifJpeg, blackPng, HEIC_HEAD, SVG } from '../../support/image-files.ts';

let server: Server;
let base: string;
let jpeg: Buffer;
let webp: Buffer;
let hugePng: Buffer;
let photo: Buffer;
let bigExif: Buffer;
let gif: Buffer;
let tallPng: Buffer;
let widePng: Buffer;

const local: ImageFetchPolicy = { allowHttp: true, allowLoopback: true, timeoutMs: 1500 };

async function failure(url: string, policy: ImageFetchPolicy = local): Promise<ImageFetchError> {
  const error = await fetchImage(url, policy).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ImageFetchError);
  return error as ImageFetchError;
}

beforeAll(async () => {
  jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#336699' } })
    .jpeg()
    .toBuffer();
  webp = await sharp({ create: { width: 30, height: 20, channels: 3, background: '#993366' } })
    .webp()
    .toBuffer();
  // A tiny PNG whose header declares 8000x6000 = 48 MP (a decompression bomb's shape): it must be
  // refused from the header, before any decoder sees it.
  hugePng = await sharp({ create: { width: 8, height: 6, channels: 3, background: '#000' } })
    .png()
    .toBuffer();
  hugePng.writeUInt32BE(8000, 16);
  hugePng.writeUInt32BE(6000, 20);
  // A photo-like JPEG (noise does not compress) behind 19 MB of EXIF and APPn segments.
  photo = await sharp({
    create: {
      width: 1200,
      height: 800,
      channels: 3,
      background: '#000',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .jpeg({ quality: 90 })
    .toBuffer();
  bigExif = bigExifJpeg(photo, 290);
  gif = await sharp({ create: { width: 8, height: 6, channels: 3, background: '#000' } })
    .gif()
    .toBuffer();
  tallPng = blackPng(1, 39_000_000);
  widePng = blackPng(39_000_000, 1);
  /** Answers with `body` written in 16 KB pieces, as a real connection delivers a large file. */
  const inPieces = (res: ServerResponse, body: Buffer, type: string) => {
    res.writeHead(200, { 'content-type': type });
    let at = 0;
    const pump = () => {
      while (at < body.length) {
        const piece = body.subarray(at, at + 16 * 1024);
        at += piece.length;
        if (!res.write(piece)) return void res.once('drain', pump);
      }
      res.end();
    };
    pump();
  };
  server = createServer((req, res) => {
    switch (req.url) {
      case '/photo.jpg':
        res.writeHead(200, { 'content-type': 'image/jpeg' }).end(jpeg);
        return;
      case '/photo.webp':
        res.writeHead(200, { 'content-type': 'application/octet-stream' }).end(webp);
        return;
      case '/page.html':
        res.writeHead(200, { 'content-type': 'image/jpeg' }).end('<html><body>not an image</body></html>');
        return;
      case '/missing.jpg':
        res.writeHead(404).end('not found');
        return;
      case '/slow.jpg': {
        // Then the rest 1.6 s later: four times the test's deadline, so a deadline that fired late
        // would see the whole photo arrive (timers of one process fire in order, whatever the load).
        res.writeHead(200, { 'content-type': 'image/jpeg' });
        res.write(jpeg.subarray(0, 20));
        const rest = setTimeout(() => res.end(jpeg.subarray(20)), 1600);
        res.on('close', () => clearTimeout(rest));
        return;
      }
      case '/huge-body.jpg': {
        res.writeHead(200, { 'content-type': 'image/jpeg' });
        const chunk = Buffer.alloc(1024 * 1024, 0);
        res.write(jpeg); // a real header, then 40 MB more
        let sent = 0;
        const pump = () => {
          while (sent < 40 && res.write(chunk)) sent += 1;
          if (sent < 40) res.once('drain', pump);
          else res.end();
        };
        pump();
        return;
      }
      case '/huge-pixels.png':
        res.writeHead(200, { 'content-type': 'image/png' }).end(hugePng);
        return;
      case '/big-exif.jpg':
        inPieces(res, bigExif, 'image/jpeg');
        return;
      case '/truncated.jpg':
        res.writeHead(200, { 'content-type': 'image/jpeg' }).end(photo.subarray(0, photo.length >> 1));
        return;
      case '/truncated-header.jpg':
        // Cut inside the EXIF, before the frame header: the size is never known.
        res.writeHead(200, { 'content-type': 'image/jpeg' }).end(bigExif.subarray(0, 200_000));
        return;
      case '/tall.png':
        inPieces(res, tallPng, 'image/png');
        return;
      case '/wide.png':
        inPieces(res, widePng, 'image/png');
        return;
      case '/photo.gif':
        res.writeHead(200, { 'content-type': 'image/gif' }).end(gif);
        return;
      case '/photo.svg':
        res.writeHead(200, { 'content-type': 'image/svg+xml' }).end(SVG);
        return;
      case '/photo.heic':
        res.writeHead(200, { 'content-type': 'image/heic' }).end(HEIC_HEAD);
        return;
      case '/to-metadata':
        res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
        return;
      case '/to-private':
        res.writeHead(301, { location: 'http://10.1.2.3/photo.jpg' }).end();
        return;
      case '/to-photo':
        res.writeHead(302, { location: '/photo.jpg' }).end();
        return;
      case '/loop':
        res.writeHead(302, { location: '/loop' }).end();
        return;
      default:
        res.writeHead(500).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
});

describe('fetchImage', () => {
  it('downloads a JPEG and reports its type and size from the bytes', async () => {
    const image = await fetchImage(`${base}/photo.jpg`, local);
    expect(image).toMatchObject({ format: 'jpeg', contentType: 'image/jpeg', width: 64, height: 48 });
    expect(image.bytes.equals(jpeg)).toBe(true);
  });

  it('trusts the bytes, not the Content-Type header', async () => {
    expect(await fetchImage(`${base}/photo.webp`, local)).toMatchObject({
      format: 'webp',
      width: 30,
      height: 20,
    });
  });

  it('follows a redirect to an allowed address and keeps the requested URL', async () => {
    const image = await fetchImage(`${base}/to-photo`, local);
    expect(image.url).toBe(`${base}/to-photo`);
    expect(image.width).toBe(64);
  });

  it('refuses loopback unless the policy allows it (the cloud policy)', async () => {
    const error = await failure(`${base}/photo.jpg`, { allowHttp: true, allowLoopback: false });
    expect(error.code).toBe('IMAGE_DOWNLOAD_FAILED');
    expect(error.message).toContain(`${base}/photo.jpg`);
    expect(error.message).toMatch(/loopback/);
  });

  it('refuses plain http under the cloud policy', async () => {
    const error = await failure('http://example.com/a.jpg', { allowHttp: false, allowLoopback: false });
    expect(error.reason).toMatch(/https/);
  });

  it('re-checks every redirect hop: metadata service and private addresses are refused', async () => {
    for (const path of ['/to-metadata', '/to-private']) {
      const error = await failure(`${base}${path}`);
      expect(error.code).toBe('IMAGE_DOWNLOAD_FAILED');
      expect(error.message).toContain(`${base}${path}`);
      expect(error.reason).toMatch(/redirects to http:\/\/(169\.254|10\.1).*refused/);
    }
  });

  it('stops after a few redirects', async () => {
    expect((await failure(`${base}/loop`)).reason).toMatch(/more than 3 redirects/);
  });

  it('fails a 404 with the status in the reason', async () => {
    const error = await failure(`${base}/missing.jpg`);
    expect(error).toMatchObject({ code: 'IMAGE_DOWNLOAD_FAILED', reason: 'the server answered HTTP 404' });
    expect(error.message).toBe(
      `Could not use the image at ${base}/missing.jpg: the server answered HTTP 404`,
    );
  });

  it('refuses a non-image whatever its Content-Type says', async () => {
    const error = await failure(`${base}/page.html`);
    expect(error.code).toBe('UNSUPPORTED_IMAGE');
    expect(error.reason).toMatch(/not a JPEG, PNG or WebP/);
  });

  it('gives up on a slow server at the deadline, before the server would have finished', async () => {
    const error = await failure(`${base}/slow.jpg`, { ...local, timeoutMs: 400 });
    expect(error.reason).toMatch(/no complete response within 400 ms/);
  });

  it('stops reading a body over the byte cap', async () => {
    const error = await failure(`${base}/huge-body.jpg`, { ...local, timeoutMs: 10_000 });
    expect(error.code).toBe('IMAGE_DOWNLOAD_FAILED');
    expect(error.reason).toMatch(/larger than the 20 MB limit/);
  });

  it('refuses more than 40 MP from the header', async () => {
    const error = await failure(`${base}/huge-pixels.png`);
    expect(error.code).toBe('UNSUPPORTED_IMAGE');
    expect(error.reason).toMatch(/8000x6000 pixels \(48\.0 MP\), more than the 40 MP limit/);
  });

  it('uses a 19 MB photo whose frame header follows 19 MB of EXIF and APPn segments', async () => {
    expect(bigExif.length).toBeGreaterThan(19_000_000);
    const image = await fetchImage(`${base}/big-exif.jpg`, { ...local, timeoutMs: 20_000 });
    expect(image).toMatchObject({ format: 'jpeg', width: 1200, height: 800 });
    expect(image.bytes.equals(bigExif)).toBe(true);
  });

  it('refuses a cut-short JPEG as UNSUPPORTED_IMAGE, before a step tries to decode it', async () => {
    const error = await failure(`${base}/truncated.jpg`);
    expect(error.code).toBe('UNSUPPORTED_IMAGE');
    expect(error.reason).toMatch(/damaged or cut-short JPEG image \(.*premature end/i);
  });

  it('refuses a JPEG that ends inside its header segments as UNSUPPORTED_IMAGE', async () => {
    const error = await failure(`${base}/truncated-header.jpg`);
    expect(error.code).toBe('UNSUPPORTED_IMAGE');
    expect(error.reason).toMatch(/ends before its header gives the pixel size/);
  });

  it.each([
    ['/tall.png', '1x39000000'],
    ['/wide.png', '39000000x1'],
  ])('refuses %s (%s px, under 40 MP) from its header as UNSUPPORTED_IMAGE', async (path, size) => {
    const error = await failure(`${base}${path}`);
    expect(error.code).toBe('UNSUPPORTED_IMAGE');
    expect(error.reason).toBe(`it is ${size} pixels, longer than the 16384 px limit on either side`);
  });

  it.each(['gif', 'svg', 'heic'])('refuses a %s as UNSUPPORTED_IMAGE', async (extension) => {
    const error = await failure(`${base}/photo.${extension}`);
    expect(error.code).toBe('UNSUPPORTED_IMAGE');
    expect(error.reason).toMatch(/not a JPEG, PNG or WebP image \(the server called it image\//);
  });

  it('is a job error named by its code, so the job fails with it on every kind', async () => {
    const error = await failure(`${base}/photo.gif`);
    expect(error).toBeInstanceOf(JobError);
    expect(error.name).toBe('UNSUPPORTED_IMAGE');
  });

  it('refuses a host that resolves to a private address', async () => {
    const error = await failure('https://photos.example.com/a.jpg', {
      allowHttp: false,
      allowLoopback: false,
      lookup: async () => [{ address: '192.168.1.10', family: 4 }],
    });
    expect(error.reason).toMatch(/resolves to a private/);
  });
});
