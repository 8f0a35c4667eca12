// The Remotion Lambda still adapter against constructed responses of @remotion/lambda-client: what it
// asks Remotion for, and how it reads the PNG back from the render bucket. (Unverified against AWS.)
import type { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { describe, expect, it, vi } from 'vitest';
import { CAPABILITIES, variablesOf } from '../../../functions/jobs/capabilities.ts';
import {
  type RemotionLambdaStillClient,
  RemotionLambdaStillRenderer,
} from '../../../functions/media/rendering/remotion-lambda-still-renderer.ts';
import { stageStillRenderer } from '../../../functions/wiring/capabilities/renderer.ts';

/** The stage's still renderer as a step's port is made: from the renderer row's variables. */
const stillRendererFromEnv = () => stageStillRenderer(variablesOf(CAPABILITIES.renderer.variables));

import { fakeAwsClient } from '../../support/fakes.ts';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);

type RenderStillOnLambda = RemotionLambdaStillClient['renderStillOnLambda'];

function adapter(options: { render?: RenderStillOnLambda; body?: Buffer | undefined } = {}) {
  const renderStillOnLambda = vi.fn<RenderStillOnLambda>(
    options.render ??
      (async () => ({
        estimatedPrice: { accruedSoFar: 0, displayCost: '$0.00', currency: 'USD', disclaimer: '' },
        url: 'https://render-bucket.s3.amazonaws.com/renders/r1/out.png',
        outKey: 'renders/r1/out.png',
        sizeInBytes: PNG.length,
        bucketName: 'render-bucket',
        renderId: 'r1',
        cloudWatchLogs: '',
        artifacts: [],
      })),
  );
  const sent: GetObjectCommand[] = [];
  const body = 'body' in options ? options.body : PNG;
  const s3 = fakeAwsClient<S3Client, GetObjectCommand>(async (command) => {
    sent.push(command);
    return { Body: body && { transformToByteArray: async () => new Uint8Array(body) } };
  });
  const renderer = new RemotionLambdaStillRenderer({
    region: 'ap-southeast-2',
    functionName: 'render-fn',
    serveUrl: 'https://site.example/sites/abc/index.html',
    renderBucket: 'render-bucket',
    client: { renderStillOnLambda },
    s3,
  });
  return { renderer, renderStillOnLambda, sent };
}

const request = {
  composition: 'BrochureCover',
  inputProps: { background: '#fff', elements: [], images: {} },
  format: 'png' as const,
};

describe('Remotion Lambda still renderer', () => {
  it('renders the still on the deployed function and site, into its private bucket, and reads it back', async () => {
    const { renderer, renderStillOnLambda, sent } = adapter();
    const png = await renderer.renderStill(request);
    expect(png.equals(PNG)).toBe(true);
    expect(renderStillOnLambda).toHaveBeenCalledWith(
      expect.objectContaining({
        region: 'ap-southeast-2',
        functionName: 'render-fn',
        serveUrl: 'https://site.example/sites/abc/index.html',
        composition: 'BrochureCover',
        inputProps: request.inputProps,
        imageFormat: 'png',
        frame: 0,
        scale: 1,
        privacy: 'no-acl',
        forceBucketName: 'render-bucket',
      }),
    );
    expect(sent.map((c) => c.input)).toEqual([{ Bucket: 'render-bucket', Key: 'renders/r1/out.png' }]);
  });

  it('asks for a JPEG at the given quality with the WebGL backend when the request does', async () => {
    const { renderer, renderStillOnLambda } = adapter();
    await renderer.renderStill({
      ...request,
      composition: 'AerialStill',
      format: 'jpeg',
      jpegQuality: 90,
      gl: 'swangle',
      timeoutMs: 120_000,
    });
    expect(renderStillOnLambda).toHaveBeenCalledWith(
      expect.objectContaining({
        composition: 'AerialStill',
        imageFormat: 'jpeg',
        jpegQuality: 90,
        chromiumOptions: { gl: 'swangle' },
        timeoutInMilliseconds: 120_000,
      }),
    );
  });

  it("hands the page's environment (resolved secrets) to the render as envVariables, only when there is one", async () => {
    const { renderer, renderStillOnLambda } = adapter();
    await renderer.renderStill(request, { REMOTION_TILES_API_KEY: 'k' });
    await renderer.renderStill(request);
    const calls = renderStillOnLambda.mock.calls;
    expect(calls[0]![0]).toMatchObject({ envVariables: { REMOTION_TILES_API_KEY: 'k' } });
    expect(calls[1]![0]).not.toHaveProperty('envVariables');
  });

  it('names the composition and the first line of Remotion’s error when the render fails', async () => {
    const { renderer } = adapter({
      render: async () => {
        throw new Error('Composition "BrochureCover" not found\n    at stack line');
      },
    });
    await expect(renderer.renderStill(request)).rejects.toThrow(
      /^Remotion Lambda could not render BrochureCover: Composition "BrochureCover" not found$/,
    );
  });

  it('fails when the rendered object is empty', async () => {
    const { renderer } = adapter({ body: Buffer.alloc(0) });
    await expect(renderer.renderStill(request)).rejects.toThrow(
      /render-bucket\/renders\/r1\/out\.png is empty/,
    );
  });
});

describe('stillRendererFromEnv', () => {
  it('chooses the adapter by RENDERER_PROVIDER', () => {
    vi.stubEnv('RENDERER_PROVIDER', 'remotion-lambda');
    vi.stubEnv('AWS_REGION', 'ap-southeast-2');
    vi.stubEnv('REMOTION_FUNCTION_NAME', 'render-fn');
    vi.stubEnv('REMOTION_SERVE_URL', 'https://site.example/index.html');
    vi.stubEnv('REMOTION_RENDER_BUCKET', 'render-bucket');
    expect(stillRendererFromEnv().name).toBe('remotion-lambda');
    vi.stubEnv('RENDERER_PROVIDER', 'chromium');
    expect(() => stillRendererFromEnv()).toThrow(
      /RENDERER_PROVIDER must be 'local' or 'remotion-lambda', got 'chromium'/,
    );
    vi.unstubAllEnvs();
  });
});
