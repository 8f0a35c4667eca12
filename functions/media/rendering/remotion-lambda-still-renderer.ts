// Cloud adapter of the StillRenderer port: renderStillOnLambda against the stage's deployed Remotion
// render function and site (the settings the video adapter uses), then the PNG or JPEG read back from Remotion's
// render bucket (private: written without ACLs) so the step stores it with the job's other media.
// Not run in AWS here: tested against constructed @remotion/lambda-client responses, and end to end against
// Remotion's own render function run locally (docs/readme/remotion-lambda-local.md).
import { GetObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import type { renderStillOnLambda } from '@remotion/lambda-client';
import { firstLineOf, type RenderEnv } from './renderer.ts';
import type { StillRenderer, StillRequest } from './still-renderer.ts';

export interface RemotionLambdaStillClient {
  readonly renderStillOnLambda: typeof renderStillOnLambda;
}

type Region = Parameters<typeof renderStillOnLambda>[0]['region'];

export interface RemotionLambdaStillRendererOptions {
  readonly region: string;
  readonly functionName: string;
  readonly serveUrl: string;
  /** The render function's bucket (forceBucketName), private. */
  readonly renderBucket: string;
  /** Give up on a still after this long; default 60 s. */
  readonly timeoutMs?: number;
  /** Injected in tests; default @remotion/lambda-client. */
  readonly client?: RemotionLambdaStillClient;
  /** The client of the buckets (made in functions/wiring). */
  readonly s3: Pick<S3Client, 'send'>;
}

export class RemotionLambdaStillRenderer implements StillRenderer {
  readonly name = 'remotion-lambda';
  private readonly s3: Pick<S3Client, 'send'>;

  constructor(private readonly options: RemotionLambdaStillRendererOptions) {
    this.s3 = options.s3;
  }

  async renderStill(request: StillRequest, env?: RenderEnv): Promise<Buffer> {
    const client = this.options.client ?? (await import('@remotion/lambda-client'));
    let rendered: Awaited<ReturnType<typeof renderStillOnLambda>>;
    try {
      rendered = await client.renderStillOnLambda({
        region: this.options.region as Region,
        functionName: this.options.functionName,
        serveUrl: this.options.serveUrl,
        composition: request.composition,
        inputProps: request.inputProps,
        ...(request.format === 'jpeg'
          ? { imageFormat: 'jpeg' as const, jpegQuality: request.jpegQuality ?? 80 }
          : { imageFormat: 'png' as const }),
        frame: request.frame ?? 0,
        scale: request.scale ?? 1,
        // The bucket blocks public ACLs; the image is read back here and stored in the media bucket.
        privacy: 'no-acl',
        forceBucketName: this.options.renderBucket,
        maxRetries: 1,
        timeoutInMilliseconds: request.timeoutMs ?? this.options.timeoutMs ?? 60_000,
        logLevel: 'error',
        // The function's default is 'swangle' (WebGL in software); a request's own choice wins.
        ...(request.gl ? { chromiumOptions: { gl: request.gl } } : {}),
        ...(env ? { envVariables: { ...env } } : {}),
      });
    } catch (error) {
      throw new Error(`Remotion Lambda could not render ${request.composition}: ${firstLineOf(error)}`);
    }
    const object = await this.s3.send(
      new GetObjectCommand({ Bucket: rendered.bucketName, Key: rendered.outKey }),
    );
    const bytes = object.Body ? Buffer.from(await object.Body.transformToByteArray()) : undefined;
    if (!bytes || bytes.length === 0)
      throw new Error(
        `Remotion Lambda rendered ${request.composition} but s3://${rendered.bucketName}/${rendered.outKey} is empty`,
      );
    return bytes;
  }
}
