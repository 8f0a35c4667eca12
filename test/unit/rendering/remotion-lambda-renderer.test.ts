// The Remotion Lambda adapter against constructed responses of @remotion/lambda-client: what it asks
// Remotion for, how it reads progress, and the copy of a finished render into the media bucket.
import type { CopyObjectCommand } from '@aws-sdk/client-s3';
import { describe, expect, it, vi } from 'vitest';
import { RemotionLambdaRenderer } from '../../../functions/media/rendering/remotion-lambda-renderer.ts';
import type { RenderRequest } from '../../../functions/media/rendering/renderer.ts';

const request: RenderRequest = {
  composition: 'MarkupReveal',
  inputProps: { durationInFrames: 210, baseImage: 'https://media.example/base.jpg' },
  codec: 'h264',
  scale: 1,
  outputKey: 'media/org/live/job/markup-reveal.mp4',
  timeoutSeconds: 600,
};

function renderer(progress: Record<string, unknown> = {}) {
  const renderMediaOnLambda = vi.fn(async () => ({
    renderId: 'abcdef1234',
    bucketName: 'render-bucket',
    cloudWatchLogs: '',
    cloudWatchMainLogs: '',
    lambdaInsightsLogs: '',
    folderInS3Console: '',
    progressJsonInConsole: '',
  }));
  const getRenderProgress = vi.fn(async () => ({
    overallProgress: 0.4,
    done: false,
    fatalErrorEncountered: false,
    errors: [],
    outKey: null,
    outBucket: null,
    outputSizeInBytes: null,
    ...progress,
  }));
  const sent: CopyObjectCommand[] = [];
  const s3 = { send: vi.fn(async (command: CopyObjectCommand) => void sent.push(command)) };
  const adapter = new RemotionLambdaRenderer({
    region: 'ap-southeast-2',
    functionName: 'render-fn',
    serveUrl: 'https://site.example/sites/abc/index.html',
    renderBucket: 'render-bucket',
    mediaBucket: 'media-bucket',
    client: { renderMediaOnLambda, getRenderProgress } as never,
    s3: s3 as never,
  });
  return { adapter, renderMediaOnLambda, getRenderProgress, sent };
}

describe('Remotion Lambda renderer', () => {
  it('starts the render on the deployed function and site, into its own private bucket', async () => {
    const { adapter, renderMediaOnLambda } = renderer();
    const handle = await adapter.start(request);
    expect(renderMediaOnLambda).toHaveBeenCalledWith(
      expect.objectContaining({
        region: 'ap-southeast-2',
        functionName: 'render-fn',
        serveUrl: 'https://site.example/sites/abc/index.html',
        composition: 'MarkupReveal',
        inputProps: request.inputProps,
        codec: 'h264',
        crf: 18,
        scale: 1,
        privacy: 'no-acl',
        forceBucketName: 'render-bucket',
      }),
    );
    expect(handle).toMatchObject({
      render_id: 'abcdef1234',
      renderer: 'remotion-lambda',
      render_bucket: 'render-bucket',
      output_key: request.outputKey,
      poll_seconds: 3,
    });
    expect(Date.parse(handle.deadline) - Date.parse(handle.started_at)).toBe(600_000);
  });

  it('reports progress while the render runs', async () => {
    const { adapter, getRenderProgress } = renderer();
    const handle = await adapter.start(request);
    expect(await adapter.status(handle)).toEqual({ state: 'rendering', progress: 0.4 });
    expect(getRenderProgress).toHaveBeenCalledWith(
      expect.objectContaining({
        renderId: 'abcdef1234',
        bucketName: 'render-bucket',
        functionName: 'render-fn',
      }),
    );
  });

  it('copies a finished render into the media bucket under the job key', async () => {
    const { adapter, sent } = renderer({
      done: true,
      overallProgress: 1,
      outKey: 'renders/abcdef1234/out.mp4',
      outBucket: 'render-bucket',
      outputSizeInBytes: 1234567,
    });
    const status = await adapter.status(await adapter.start(request));
    expect(status).toEqual({ state: 'done', sizeBytes: 1234567 });
    expect(sent).toHaveLength(1);
    expect(sent[0]!.input).toMatchObject({
      CopySource: 'render-bucket/renders/abcdef1234/out.mp4',
      Bucket: 'media-bucket',
      Key: request.outputKey,
      ContentType: 'video/mp4',
    });
  });

  it('turns a fatal error into a failed status with the first line of Remotion message', async () => {
    const { adapter, sent } = renderer({
      fatalErrorEncountered: true,
      errors: [
        { isFatal: false, message: 'retrying chunk 3' },
        { isFatal: true, message: 'Error loading image with src https://x/base.jpg\n    at stack line' },
      ],
    });
    expect(await adapter.status(await adapter.start(request))).toEqual({
      state: 'failed',
      message: 'Error loading image with src https://x/base.jpg',
    });
    expect(sent).toHaveLength(0);
  });

  it('fails a render that finished without an output file', async () => {
    const { adapter } = renderer({ done: true, overallProgress: 1 });
    expect((await adapter.status(await adapter.start(request))).state).toBe('failed');
  });
});
