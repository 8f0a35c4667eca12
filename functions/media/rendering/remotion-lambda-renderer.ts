// Cloud adapter of the Renderer port: Remotion Lambda. start() calls renderMediaOnLambda against the
// deployed render function and site; status() reads getRenderProgress and, when the render is done,
// copies the MP4 from Remotion's render bucket into the media bucket (where every job output lives, under
// the tenant's prefix). The state machine polls status() with a Wait/Check loop.
import { CopyObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { getRenderProgress, renderMediaOnLambda } from '@remotion/lambda-client';
import {
  DEFAULT_CRF,
  firstLineOf,
  type Renderer,
  type RenderHandle,
  type RenderRequest,
  type RenderStatus,
} from './renderer.ts';

export interface RemotionLambdaClient {
  readonly renderMediaOnLambda: typeof renderMediaOnLambda;
  readonly getRenderProgress: typeof getRenderProgress;
}

export interface RemotionLambdaRendererOptions {
  readonly region: string;
  readonly functionName: string;
  readonly serveUrl: string;
  /** The render function's bucket (forceBucketName), private. */
  readonly renderBucket: string;
  readonly mediaBucket: string;
  /** Injected in tests; default @remotion/lambda-client. */
  readonly client?: RemotionLambdaClient;
  readonly s3?: Pick<S3Client, 'send'>;
}

/** Seconds between polls: Remotion writes progress about once a second; this keeps transitions few. */
const POLL_SECONDS = 3;

export class RemotionLambdaRenderer implements Renderer {
  readonly name = 'remotion-lambda';
  private readonly s3: Pick<S3Client, 'send'>;

  constructor(private readonly options: RemotionLambdaRendererOptions) {
    this.s3 = options.s3 ?? new S3Client({});
  }

  private async client(): Promise<RemotionLambdaClient> {
    return this.options.client ?? (await import('@remotion/lambda-client'));
  }

  async start(request: RenderRequest): Promise<RenderHandle> {
    const client = await this.client();
    const started = new Date();
    const { renderId, bucketName } = await client.renderMediaOnLambda({
      region: this.options.region as Parameters<typeof renderMediaOnLambda>[0]['region'],
      functionName: this.options.functionName,
      serveUrl: this.options.serveUrl,
      composition: request.composition,
      inputProps: request.inputProps,
      codec: request.codec,
      crf: request.crf ?? DEFAULT_CRF,
      imageFormat: 'jpeg',
      jpegQuality: 90,
      scale: request.scale,
      // The bucket blocks public ACLs; outputs are copied to the media bucket and served presigned.
      privacy: 'no-acl',
      forceBucketName: this.options.renderBucket,
      maxRetries: 1,
      timeoutInMilliseconds: 60_000,
      downloadBehavior: { type: 'play-in-browser' },
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
    const progress = await client.getRenderProgress({
      renderId: handle.render_id,
      bucketName: handle.render_bucket ?? this.options.renderBucket,
      functionName: this.options.functionName,
      region: this.options.region as Parameters<typeof getRenderProgress>[0]['region'],
    });
    if (progress.fatalErrorEncountered) {
      const error = progress.errors.find((e) => e.isFatal) ?? progress.errors[0];
      return {
        state: 'failed',
        message: firstLineOf(error?.message ?? 'Remotion Lambda reported a fatal error'),
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
        ContentType: 'video/mp4',
        MetadataDirective: 'REPLACE',
      }),
    );
    return { state: 'done', sizeBytes: progress.outputSizeInBytes ?? 0 };
  }
}
