// Cloud adapter of the Renderer port: Remotion Lambda. start() calls renderMediaOnLambda against the
// deployed render function and site; status() reads getRenderProgress and, when the render is done,
// copies the MP4 from Remotion's render bucket into the media bucket (where every job output lives, under
// the tenant's prefix). The state machine polls status() with a Wait/Check loop. Run end to end against
// Remotion's own render function locally (docs/readme/remotion-lambda-local.md).
import { CopyObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import type {
  getCompositionsOnLambda,
  getRenderProgress,
  renderMediaOnLambda,
} from '@remotion/lambda-client';
import { TransientError } from '../../core/errors.ts';
import {
  CODEC_OUTPUT,
  type CompositionInfo,
  firstLineOf,
  frameEncoding,
  isTransientRenderFailure,
  lookUpComposition,
  type RenderCodec,
  type RenderEnv,
  type Renderer,
  type RenderHandle,
  type RenderRequest,
  type RenderStatus,
} from './renderer.ts';

export interface RemotionLambdaClient {
  readonly renderMediaOnLambda: typeof renderMediaOnLambda;
  readonly getRenderProgress: typeof getRenderProgress;
  readonly getCompositionsOnLambda: typeof getCompositionsOnLambda;
}

/** Remotion Lambda renders every codec of the port (its ffmpeg is the same build as the local one). */
export const LAMBDA_CODECS: readonly RenderCodec[] = ['h264', 'h265', 'vp8', 'vp9', 'prores', 'gif'];

type Region = Parameters<typeof renderMediaOnLambda>[0]['region'];

export interface RemotionLambdaRendererOptions {
  readonly region: string;
  readonly functionName: string;
  readonly serveUrl: string;
  /** The render function's bucket (forceBucketName), private. */
  readonly renderBucket: string;
  readonly mediaBucket: string;
  /** Injected in tests; default @remotion/lambda-client. */
  readonly client?: RemotionLambdaClient;
  /** The client of the buckets (made in functions/wiring). */
  readonly s3: Pick<S3Client, 'send'>;
}

/** Seconds between polls: Remotion writes progress about once a second; this keeps transitions few. */
const POLL_SECONDS = 3;

export class RemotionLambdaRenderer implements Renderer {
  readonly name = 'remotion-lambda';
  readonly codecs = LAMBDA_CODECS;
  private readonly s3: Pick<S3Client, 'send'>;

  constructor(private readonly options: RemotionLambdaRendererOptions) {
    this.s3 = options.s3;
  }

  private async client(): Promise<RemotionLambdaClient> {
    return this.options.client ?? (await import('@remotion/lambda-client'));
  }

  async start(request: RenderRequest, env?: RenderEnv): Promise<RenderHandle> {
    if (!this.codecs.includes(request.codec))
      throw new Error(`Remotion Lambda does not render codec '${request.codec}'`);
    const client = await this.client();
    const started = new Date();
    const { renderId, bucketName } = await client.renderMediaOnLambda({
      region: this.options.region as Region,
      functionName: this.options.functionName,
      serveUrl: request.serveUrl ?? this.options.serveUrl,
      composition: request.composition,
      inputProps: request.inputProps,
      codec: request.codec,
      ...frameEncoding(request),
      scale: request.scale,
      forceWidth: request.width ?? null,
      forceHeight: request.height ?? null,
      forceFps: request.fps ?? null,
      forceDurationInFrames: request.durationInFrames ?? null,
      // The bucket blocks public ACLs; outputs are copied to the media bucket and served presigned.
      privacy: 'no-acl',
      forceBucketName: this.options.renderBucket,
      maxRetries: 1,
      timeoutInMilliseconds: 60_000,
      downloadBehavior: { type: 'play-in-browser' },
      // The function's default is 'swangle' (WebGL in software); a request's own choice wins.
      ...(request.gl ? { chromiumOptions: { gl: request.gl } } : {}),
      // Secrets the page needs (a tiles API key): in the invocation payload only, never in state.
      ...(env ? { envVariables: { ...env } } : {}),
    });
    return {
      render_id: renderId,
      renderer: this.name,
      output_key: request.outputKey,
      started_at: started.toISOString(),
      deadline: new Date(started.getTime() + request.timeoutSeconds * 1000).toISOString(),
      render_bucket: bucketName,
      poll_seconds: POLL_SECONDS,
    };
  }

  async status(handle: RenderHandle): Promise<RenderStatus> {
    const client = await this.client();
    let progress: Awaited<ReturnType<typeof client.getRenderProgress>>;
    try {
      progress = await client.getRenderProgress({
        renderId: handle.render_id,
        bucketName: handle.render_bucket ?? this.options.renderBucket,
        functionName: this.options.functionName,
        region: this.options.region as Region,
      });
    } catch (error) {
      // Reading progress changes nothing: a failed read (the function throttled, timed out or crashed on
      // this call) is retried by the check step's Retry on TransientError, not the end of the render.
      throw new TransientError(`Reading the render's progress failed: ${firstLineOf(String(error))}`);
    }
    if (progress.fatalErrorEncountered) {
      const error = progress.errors.find((e) => e.isFatal) ?? progress.errors[0];
      const message = firstLineOf(error?.message ?? 'Remotion Lambda reported a fatal error');
      return {
        state: 'failed',
        message,
        ...(isTransientRenderFailure(message) ? { transient: true } : {}),
      };
    }
    if (!progress.done) return { state: 'rendering', progress: progress.overallProgress };
    if (!progress.outKey || !progress.outBucket) {
      return { state: 'failed', message: 'Remotion Lambda finished without an output file' };
    }
    await this.s3.send(
      new CopyObjectCommand({
        CopySource: `${progress.outBucket}/${encodeURI(progress.outKey)}`,
        Bucket: this.options.mediaBucket,
        Key: handle.output_key,
        ContentType: this.contentTypeOf(handle.output_key),
        MetadataDirective: 'REPLACE',
      }),
    );
    return { state: 'done', sizeBytes: progress.outputSizeInBytes ?? 0 };
  }

  /** The stored file's type, from the extension the step gave the key (CODEC_OUTPUT). */
  private contentTypeOf(key: string): string {
    const extension = key.slice(key.lastIndexOf('.') + 1).toLowerCase();
    return Object.values(CODEC_OUTPUT).find((o) => o.extension === extension)?.contentType ?? 'video/mp4';
  }

  async composition(
    serveUrl: string,
    id: string,
    inputProps: Record<string, unknown>,
  ): Promise<CompositionInfo> {
    const client = await this.client();
    return lookUpComposition(serveUrl, id, () =>
      client.getCompositionsOnLambda({
        region: this.options.region as Region,
        functionName: this.options.functionName,
        serveUrl,
        inputProps,
        // Required in practice: 4.0.527 measures JSON.stringify(envVariables).length before calling the
        // function, so leaving it out fails every lookup with "Cannot read properties of undefined".
        envVariables: {},
        forceBucketName: this.options.renderBucket,
        logLevel: 'error',
      }),
    );
  }
}
