// The Remotion Lambda adapter against constructed responses of @remotion/lambda-client: what it asks
// Remotion for, how it reads progress, and the copy of a finished render into the media bucket.
import type { CopyObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { RenderProgress } from '@remotion/lambda-client';
import { describe, expect, it, vi } from 'vitest';
import {
  type RemotionLambdaClient,
  RemotionLambdaRenderer,
} from '../../../functions/media/rendering/remotion-lambda-renderer.ts';
import {
  BundleUnreachableError,
  CompositionNotFoundError,
  type RenderRequest,
} from '../../../functions/media/rendering/renderer.ts';
import { fakeAwsClient } from '../../support/fakes.ts';

const request: RenderRequest = {
  composition: 'MarkupReveal',
  inputProps: { durationInFrames: 210, baseImage: 'https://media.example/base.jpg' },
  codec: 'h264',
  scale: 1,
  outputKey: 'media/org/live/job/markup-reveal.mp4',
  timeoutSeconds: 600,
};

const videoConfig = (id: string, width: number, height: number) => ({
  id,
  width,
  height,
  fps: 30,
  durationInFrames: 90,
  defaultProps: {},
  props: {},
  defaultCodec: null,
  defaultOutName: null,
  defaultVideoImageFormat: null,
  defaultPixelFormat: null,
  defaultProResProfile: null,
  defaultSampleRate: null,
});

type RenderError = RenderProgress['errors'][number];

/** An error in a render's progress as Remotion reports it: a renderer error, with the fields the test gives. */
const renderError = (fields: Pick<RenderError, 'isFatal' | 'message'>): RenderError => ({
  type: 'renderer',
  name: 'Error',
  stack: '',
  frame: null,
  chunk: null,
  attempt: 1,
  willRetry: false,
  totalAttempts: 1,
  tmpDir: null,
  s3Location: '',
  explanation: null,
  ...fields,
});

/** A render's progress as Remotion reports it: 40 % done and running, unless `fields` say otherwise. */
function renderProgress(fields: Partial<RenderProgress>): RenderProgress {
  return {
    chunks: 0,
    done: false,
    encodingStatus: null,
    costs: { accruedSoFar: 0, displayCost: '$0.00', currency: 'USD', disclaimer: '' },
    renderId: 'abcdef1234',
    renderMetadata: null,
    bucket: 'render-bucket',
    outputFile: null,
    outKey: null,
    outBucket: null,
    timeToFinish: null,
    errors: [],
    fatalErrorEncountered: false,
    currentTime: 0,
    renderSize: 0,
    lambdasInvoked: 0,
    cleanup: null,
    timeToFinishChunks: null,
    timeToRenderFrames: null,
    timeToEncode: null,
    overallProgress: 0.4,
    retriesInfo: [],
    mostExpensiveFrameRanges: null,
    framesRendered: 0,
    outputSizeInBytes: null,
    type: 'success',
    estimatedBillingDurationInMilliseconds: null,
    combinedFrames: 0,
    timeToCombine: null,
    timeoutTimestamp: 0,
    functionLaunched: 0,
    serveUrlOpened: null,
    compositionValidated: null,
    artifacts: [],
    ...fields,
  };
}

const handle = {
  render_id: 'abcdef1234',
  renderer: 'remotion-lambda',
  output_key: request.outputKey,
  started_at: '2026-01-01T00:00:00.000Z',
  deadline: '2026-01-01T00:10:00.000Z',
  render_bucket: 'render-bucket',
  poll_seconds: 3,
};

function renderer(
  progress: Partial<RenderProgress> = {},
  compositions: RemotionLambdaClient['getCompositionsOnLambda'] = async () => [
    videoConfig('Intro', 1920, 1080),
    videoConfig('Outro', 1080, 1920),
  ],
) {
  const renderMediaOnLambda = vi.fn<RemotionLambdaClient['renderMediaOnLambda']>(async () => ({
    renderId: 'abcdef1234',
    bucketName: 'render-bucket',
    cloudWatchLogs: '',
    cloudWatchMainLogs: '',
    lambdaInsightsLogs: '',
    folderInS3Console: '',
    progressJsonInConsole: '',
  }));
  const getRenderProgress = vi.fn<RemotionLambdaClient['getRenderProgress']>(async () =>
    renderProgress(progress),
  );
  const sent: CopyObjectCommand[] = [];
  const s3 = fakeAwsClient<S3Client, CopyObjectCommand>(async (command) => void sent.push(command));
  const adapter = new RemotionLambdaRenderer({
    region: 'ap-southeast-2',
    functionName: 'render-fn',
    serveUrl: 'https://site.example/sites/abc/index.html',
    renderBucket: 'render-bucket',
    mediaBucket: 'media-bucket',
    client: {
      renderMediaOnLambda,
      getRenderProgress,
      getCompositionsOnLambda: vi.fn(compositions),
    },
    s3,
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
        renderError({ isFatal: false, message: 'retrying chunk 3' }),
        renderError({
          isFatal: true,
          message: 'Error loading image with src https://x/base.jpg\n    at stack line',
        }),
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

  it("renders a caller's bundle with its codec, crf and size, frame rate and length overrides", async () => {
    const { adapter, renderMediaOnLambda } = renderer();
    await adapter.start({
      ...request,
      serveUrl: 'https://bundles.caller.example/v3/index.html',
      composition: 'Intro',
      codec: 'vp9',
      crf: 30,
      width: 1280,
      height: 720,
      fps: 25,
      durationInFrames: 125,
      outputKey: 'media/org/live/job/video.webm',
    });
    expect(renderMediaOnLambda).toHaveBeenCalledWith(
      expect.objectContaining({
        serveUrl: 'https://bundles.caller.example/v3/index.html',
        composition: 'Intro',
        codec: 'vp9',
        crf: 30,
        imageFormat: 'png',
        forceWidth: 1280,
        forceHeight: 720,
        forceFps: 25,
        forceDurationInFrames: 125,
      }),
    );
  });

  it('sends no crf for ProRes and GIF, and keeps the composition size when nothing overrides it', async () => {
    const { adapter, renderMediaOnLambda } = renderer();
    await adapter.start({ ...request, codec: 'prores', crf: 20, outputKey: 'k.mov' });
    const [args] = renderMediaOnLambda.mock.calls[0]!;
    expect(args).not.toHaveProperty('crf');
    expect(args).toMatchObject({ codec: 'prores', forceWidth: null, forceDurationInFrames: null });
  });

  it("asks for the request's OpenGL backend (WebGL scenes), else leaves the function's default", async () => {
    const { adapter, renderMediaOnLambda } = renderer();
    await adapter.start({ ...request, gl: 'swangle' });
    await adapter.start(request);
    const calls = renderMediaOnLambda.mock.calls;
    expect(calls[0]![0]).toMatchObject({ chromiumOptions: { gl: 'swangle' } });
    expect(calls[1]![0]).not.toHaveProperty('chromiumOptions');
  });

  it("hands the page's environment (resolved secrets) to the render as envVariables, only when there is one", async () => {
    const { adapter, renderMediaOnLambda } = renderer();
    await adapter.start(request, { REMOTION_TILES_API_KEY: 'k' });
    await adapter.start(request);
    const calls = renderMediaOnLambda.mock.calls;
    expect(calls[0]![0]).toMatchObject({ envVariables: { REMOTION_TILES_API_KEY: 'k' } });
    expect(calls[1]![0]).not.toHaveProperty('envVariables');
  });

  it('stores a finished render with the content type of its codec', async () => {
    const { adapter, sent } = renderer({
      done: true,
      overallProgress: 1,
      outKey: 'renders/x/out.gif',
      outBucket: 'render-bucket',
      outputSizeInBytes: 10,
    });
    await adapter.status({ ...handle, output_key: 'media/org/live/job/video.gif' });
    expect(sent[0]!.input.ContentType).toBe('image/gif');
  });

  it('throws a failed progress read as a TransientError, which the check step retries', async () => {
    const { adapter, getRenderProgress } = renderer();
    getRenderProgress.mockRejectedValueOnce(new Error('Lambda function returned error: Unhandled undefined'));
    await expect(adapter.status(handle)).rejects.toMatchObject({
      name: 'TransientError',
      message: expect.stringContaining('Unhandled undefined'),
    });
    expect(await adapter.status(handle)).toMatchObject({ state: 'rendering' });
  });

  it('marks timeouts, browser launch failures and rate limits as worth another attempt, other failures not', async () => {
    const failing = (message: string) =>
      renderer({
        fatalErrorEncountered: true,
        errors: [renderError({ isFatal: true, message })],
      }).adapter.status(handle);
    expect(
      await failing('Timeout: delayRender() "Loading image" was not cleared after 28000ms'),
    ).toMatchObject({ state: 'failed', transient: true });
    expect(await failing('Rate Exceeded.')).toMatchObject({ transient: true });
    expect(await failing('Error: Failed to launch the browser process!')).toMatchObject({ transient: true });
    expect(
      await failing(
        "Error: Lambda function remotion-render-local failed with an unhandled error: ENOTEMPTY: directory not empty, rmdir '/tmp/lambda-khH2Cb/puppeteer_dev_chrome_profile-AQb5ou/Default'",
      ),
    ).toMatchObject({ transient: true });
    expect(await failing("ENOTEMPTY: directory not empty, rmdir '/tmp/site'")).not.toHaveProperty(
      'transient',
    );
    expect(await failing('TypeError: props.title is undefined')).not.toHaveProperty('transient');
  });

  it('looks up a composition of a bundle on Lambda', async () => {
    const { adapter } = renderer();
    expect(await adapter.composition('https://bundles.caller.example/index.html', 'Outro', {})).toEqual({
      id: 'Outro',
      width: 1080,
      height: 1920,
      fps: 30,
      durationInFrames: 90,
    });
  });

  it('lists the ids that exist when the composition is missing', async () => {
    const { adapter } = renderer();
    const error = await adapter
      .composition('https://b.example/index.html', 'Main', {})
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CompositionNotFoundError);
    expect((error as CompositionNotFoundError).available).toEqual(['Intro', 'Outro']);
  });

  it("looks again once when the function's browser died as it started, and blames the bundle only after", async () => {
    let calls = 0;
    const { adapter } = renderer({}, async () => {
      calls += 1;
      if (calls === 1) throw new Error('Protocol error (Target.setDiscoverTargets): Target closed.');
      return [videoConfig('Intro', 1920, 1080)];
    });
    expect((await adapter.composition('https://b.example/index.html', 'Intro', {})).id).toBe('Intro');
    expect(calls).toBe(2);

    let again = 0;
    const { adapter: dying } = renderer({}, async () => {
      again += 1;
      throw new Error('Protocol error (Target.setDiscoverTargets): Target closed.');
    });
    const error = await dying
      .composition('https://b.example/index.html', 'Intro', {})
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BundleUnreachableError);
    expect(again).toBe(2);
  });

  it('reports a bundle Lambda cannot load as unreachable, with the first line of the reason', async () => {
    const { adapter } = renderer({}, async () => {
      throw new Error('Failed to load resource: net::ERR_NAME_NOT_RESOLVED\n    at page.goto');
    });
    const error = await adapter
      .composition('https://gone.example/index.html', 'Intro', {})
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BundleUnreachableError);
    expect((error as Error).message).toBe(
      'The Remotion bundle at https://gone.example/index.html could not be loaded: Failed to load resource: net::ERR_NAME_NOT_RESOLVED',
    );
  });
});
