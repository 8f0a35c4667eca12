// Remotion Lambda on this machine, as the deployed stages have it (lib/constructs/remotion-renderer.ts):
// - the render function: Remotion's own handler from @remotion/lambda (dist/functions/index.js), run by
//   the local Lambda endpoint (lambda-endpoint.ts), whose self-invocations (the main render fanning out
//   chunk renders over InvokeWithResponseStream, the async launch) come back through the same endpoint;
// - a private render bucket (remotionlambda-…) on the local S3;
// - the site: the project's bundled compositions uploaded under sites/<hash>/ of a site bucket on the
//   local S3, readable without credentials under sites/ only (the deployed bucket policy), through a
//   public-read gateway in front of the local S3, which otherwise refuses unsigned requests.
// Substituted for the Lambda machine: Debian's Chromium for the Chromium layer, a temporary directory
// per environment for /tmp (remotion-lambda-setup.ts); the x64 ffmpeg and compositor of the installed
// @remotion/compositor-linux-x64-gnu for the arm64 ones in the function's zip.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';
import type { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import {
  CreateBucketCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { ENV } from '../functions/core/config/env.ts';
import { STAGES } from '../lib/config/stages.ts';
import { IDLE_CONNECTION_TIMEOUTS } from './emulators.ts';
import { type RunningLambdaEndpoint, startLambdaEndpoint } from './lambda-endpoint.ts';
import type { SigningCredentials } from './presigned-url-check.ts';
import { LOCAL_CHROMIUM_ENV, REMOTION_LAMBDA_HANDLER_FILE } from './remotion-lambda-setup.ts';

interface LocalRemotionLambdaOptions {
  readonly region: string;
  readonly credentials: SigningCredentials;
  /** The local S3 (fauxqs) endpoint. */
  readonly s3Endpoint: string;
  /** The bundled site directory (ensureSiteBundle()). */
  readonly siteDir: string;
  /** Function logs and environments' temporary directories go here. */
  readonly workDir: string;
  /** Environments at once (Lambda's concurrency); default 4: the main render, two chunk renders and a
   * progress read. */
  readonly concurrency?: number;
  /** @default the deployed stages' renderer.functionTimeoutSeconds (240) */
  readonly timeoutSeconds?: number;
  /** @default Debian's /usr/bin/chromium (CHROMIUM_PATH) */
  readonly chromium?: string;
}

export interface LocalRemotionLambda {
  readonly functionName: string;
  readonly renderBucket: string;
  readonly siteBucket: string;
  /** The deployed site's index.html, as the stage's REMOTION_SERVE_URL. */
  readonly serveUrl: string;
  readonly lambdaEndpoint: string;
  /** What a client of the function needs: the renderer's variables and the Lambda endpoint. */
  readonly environment: Readonly<Record<string, string>>;
  stop(): Promise<void>;
}

export const LOCAL_REMOTION_FUNCTION = 'remotion-render-local';
const DEPLOYED = STAGES.staging.renderer;

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'application/javascript',
  '.mjs': 'application/javascript',
  '.json': 'application/json',
  '.map': 'application/json',
  '.css': 'text/css',
  '.wasm': 'application/wasm',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.svg': 'image/svg+xml',
  '.ttf': 'font/ttf',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain',
};

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}

async function ensureBucket(s3: S3Client, bucket: string): Promise<void> {
  try {
    await s3.send(new CreateBucketCommand({ Bucket: bucket }));
  } catch (error) {
    const name = error instanceof S3ServiceException ? error.name : '';
    if (name !== 'BucketAlreadyOwnedByYou' && name !== 'BucketAlreadyExists') throw error;
  }
}

/** Uploads the bundled site under sites/<id>/ as the deployment does (once per site version). */
async function deploySite(s3: S3Client, bucket: string, siteDir: string, prefix: string): Promise<void> {
  const marker = `${prefix}index.html`;
  try {
    await s3.send(new HeadObjectCommand({ Bucket: bucket, Key: marker }));
    return;
  } catch (error) {
    if (!(error instanceof S3ServiceException) || error.$metadata.httpStatusCode !== 404) throw error;
  }
  // index.html last: its presence says the whole version is there.
  const files = filesUnder(siteDir).sort(
    (a, b) => Number(a.endsWith('index.html')) - Number(b.endsWith('index.html')),
  );
  for (const file of files) {
    const key = prefix + path.relative(siteDir, file).split(path.sep).join('/');
    await s3.send(
      new PutObjectCommand({
        Bucket: bucket,
        Key: key,
        Body: await readFile(file),
        ContentType: CONTENT_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream',
      }),
    );
  }
}

/**
 * Anonymous GET and HEAD of `/<bucket>/sites/…` (the site bucket's public-read policy), answered from
 * the local S3 with the stack's credentials; anything else is refused as S3 refuses it.
 */
async function startPublicSiteGateway(
  s3: S3Client,
  bucket: string,
): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    const pathname = decodeURIComponent((req.url ?? '/').split('?')[0]!);
    const prefix = `/${bucket}/sites/`;
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !pathname.startsWith(prefix)) {
      res.writeHead(403, { 'content-type': 'application/xml' });
      res.end(
        '<?xml version="1.0" encoding="UTF-8"?><Error><Code>AccessDenied</Code><Message>Access Denied</Message></Error>',
      );
      return;
    }
    const range = req.headers.range;
    s3.send(
      new GetObjectCommand({
        Bucket: bucket,
        Key: pathname.slice(bucket.length + 2),
        ...(range ? { Range: range } : {}),
      }),
    ).then(
      (object) => {
        const headers: Record<string, string> = {
          'access-control-allow-origin': '*',
          'accept-ranges': 'bytes',
        };
        if (object.ContentType) headers['content-type'] = object.ContentType;
        if (object.ContentLength !== undefined) headers['content-length'] = String(object.ContentLength);
        if (object.ContentRange) headers['content-range'] = object.ContentRange;
        if (object.ETag) headers.etag = object.ETag;
        res.writeHead(object.ContentRange ? 206 : 200, headers);
        if (req.method === 'HEAD' || !object.Body) {
          res.end();
          (object.Body as Readable | undefined)?.destroy();
          return;
        }
        (object.Body as Readable).pipe(res);
      },
      (error: unknown) => {
        const status = error instanceof S3ServiceException ? (error.$metadata.httpStatusCode ?? 500) : 500;
        const code = error instanceof S3ServiceException ? error.name : 'InternalError';
        res.writeHead(status, { 'content-type': 'application/xml' });
        res.end(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code></Error>`);
      },
    );
  });
  Object.assign(server, IDLE_CONNECTION_TIMEOUTS);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

/** The local render bucket: Remotion's naming (remotionlambda-<region>-<id>), private. */
export function localRenderBucket(region: string): string {
  return `remotionlambda-${region.replace(/-/g, '')}-local`;
}

/** Creates the buckets, deploys the site and starts the render function's local endpoint. */
export async function startLocalRemotionLambda(
  options: LocalRemotionLambdaOptions,
): Promise<LocalRemotionLambda> {
  const chromium = options.chromium ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(chromium))
    throw new Error(`No Chromium at ${chromium}: the local Remotion function needs one`);
  const s3 = new S3Client({
    region: options.region,
    credentials: options.credentials,
    endpoint: options.s3Endpoint,
    forcePathStyle: true,
  });
  const renderBucket = localRenderBucket(options.region);
  const siteBucket = `pms-local-remotion-site-${options.region.replace(/-/g, '')}`;
  await ensureBucket(s3, renderBucket);
  await ensureBucket(s3, siteBucket);
  const sitePrefix = `sites/${path.basename(options.siteDir)}/`;
  await deploySite(s3, siteBucket, options.siteDir, sitePrefix);
  const gateway = await startPublicSiteGateway(s3, siteBucket);

  const endpoint: RunningLambdaEndpoint = await startLambdaEndpoint(
    [
      {
        name: LOCAL_REMOTION_FUNCTION,
        handler: `${REMOTION_LAMBDA_HANDLER_FILE}#handler`,
        setup: fileURLToPath(new URL('./remotion-lambda-setup.ts', import.meta.url)),
        environment: {
          AWS_ENDPOINT_URL_S3: options.s3Endpoint,
          [LOCAL_CHROMIUM_ENV]: chromium,
          ...(process.env.DISPLAY ? { DISPLAY: process.env.DISPLAY } : {}),
        },
        memoryMb: DEPLOYED.memoryMb,
        timeoutSeconds: options.timeoutSeconds ?? DEPLOYED.functionTimeoutSeconds,
        concurrency: options.concurrency ?? 4,
      },
    ],
    { region: options.region, credentials: options.credentials, workDir: options.workDir },
  );
  const serveUrl = `${gateway.url}/${siteBucket}/${sitePrefix}index.html`;
  return {
    functionName: LOCAL_REMOTION_FUNCTION,
    renderBucket,
    siteBucket,
    serveUrl,
    lambdaEndpoint: endpoint.url,
    environment: {
      AWS_ENDPOINT_URL_LAMBDA: endpoint.url,
      [ENV.rendererProvider]: 'remotion-lambda',
      [ENV.remotionFunctionName]: LOCAL_REMOTION_FUNCTION,
      [ENV.remotionRenderBucket]: renderBucket,
      [ENV.remotionServeUrl]: serveUrl,
    },
    async stop() {
      await endpoint.stop();
      await new Promise<void>((resolve) => {
        gateway.server.close(() => resolve());
        gateway.server.closeAllConnections();
      });
      s3.destroy();
    },
  };
}

/**
 * The local stack's renderer (LOCAL_RENDERER): 'local' (default: @remotion/renderer in the stack's
 * workers) or 'remotion-lambda' (this module: the stage renders as the deployed ones do).
 */
export function localRendererChoice(value = process.env.LOCAL_RENDERER): 'local' | 'remotion-lambda' {
  if (value === undefined || value === '' || value === 'local') return 'local';
  if (value === 'remotion-lambda') return value;
  throw new Error(`LOCAL_RENDERER must be 'local' or 'remotion-lambda', got '${value}'`);
}

/** For the local stack: Remotion Lambda when LOCAL_RENDERER asks for it, else nothing. */
/** With LOCAL_RENDERER=remotion-lambda, the function with the site deployed (so the start waits for the site's build). */
export async function remotionLambdaIfChosen(
  options: Omit<LocalRemotionLambdaOptions, 'workDir' | 'siteDir'> & {
    readonly dataDir: string;
    /** The bundled site directory, once built. */
    readonly site: Promise<string>;
  },
): Promise<LocalRemotionLambda | undefined> {
  if (localRendererChoice() !== 'remotion-lambda') return undefined;
  const { site, ...rest } = options;
  return startLocalRemotionLambda({
    ...rest,
    siteDir: await site,
    workDir: path.join(options.dataDir, 'remotion-lambda'),
  });
}
