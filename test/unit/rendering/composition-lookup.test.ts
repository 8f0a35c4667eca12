// A composition lookup that fails the way another attempt may not (a browser that died as it started) gets
// one more, after its renderer drops the browser; any other failure, or a second one, blames the bundle.
import { describe, expect, it } from 'vitest';
import {
  BundleUnreachableError,
  bundleFailureReason,
  type CompositionInfo,
  lookUpComposition,
} from '../../../functions/media/rendering/renderer.ts';

const intro: CompositionInfo = { id: 'Intro', width: 1920, height: 1080, fps: 30, durationInFrames: 90 };
const died = () => new Error('Protocol error (Target.setDiscoverTargets): Target closed.\n    at Browser');

describe('lookUpComposition', () => {
  it('drops the browser and looks again once after a transient failure', async () => {
    const calls: string[] = [];
    const found = await lookUpComposition(
      'http://b.example/',
      'Intro',
      async () => {
        calls.push('lookup');
        if (calls.length === 1) throw died();
        return [intro];
      },
      async () => void calls.push('drop browser'),
    );
    expect(found).toEqual(intro);
    expect(calls).toEqual(['lookup', 'drop browser', 'lookup']);
  });

  it('hands the first failure to the renderer before the second lookup (it drops a browser that is gone)', async () => {
    const seen: unknown[] = [];
    const first = died();
    let lookups = 0;
    await lookUpComposition(
      'http://b.example/',
      'Intro',
      async () => {
        lookups += 1;
        if (lookups === 1) throw first;
        return [intro];
      },
      async (failure) => void seen.push(failure),
    );
    expect(seen).toEqual([first]);
  });

  it('blames the bundle at once for any other failure, and after a second transient one', async () => {
    let lookups = 0;
    const unreachable = await lookUpComposition('http://gone.example/', 'Intro', async () => {
      lookups += 1;
      throw new Error('net::ERR_CONNECTION_REFUSED at http://gone.example/');
    }).catch((e: unknown) => e);
    expect(unreachable).toBeInstanceOf(BundleUnreachableError);
    expect(lookups).toBe(1);
    const twice = await lookUpComposition('http://b.example/', 'Intro', async () => {
      lookups += 1;
      throw died();
    }).catch((e: unknown) => e);
    expect((twice as Error).message).toBe(
      'The Remotion bundle at http://b.example/ could not be loaded: Protocol error (Target.setDiscoverTargets): Target closed.',
    );
    expect(lookups).toBe(3);
  });
});

describe('bundleFailureReason', () => {
  // Remotion's message for a page that loaded but registers no compositions, as @remotion/renderer words it.
  const notABundle = (markup: string) =>
    new Error(
      [
        'Error while getting compositions: Tried to go to https://bundles.example/site/index.html and verify that it is a Remotion project by checking if window.getStaticCompositions is defined.',
        'However, the function was undefined, which indicates that this is not a valid Remotion project. Please check the URL you passed.',
        'The page loaded contained the following markup:',
        markup,
        'Does this look like a foreign page? If so, try to stop this server.',
      ].join('\n'),
    );

  it('quotes the text of the page that is no bundle: S3 refusing a missing key', () => {
    const s3 =
      '<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>NoSuchKey</Code><Message>The specified key does not exist.</Message><Key>site/index.html</Key></Error>';
    expect(bundleFailureReason(notABundle(s3))).toBe(
      'the page there is not a Remotion bundle (it defines no window.getStaticCompositions); it shows: "NoSuchKey The specified key does not exist. site/index.html"',
    );
  });

  it('leaves out scripts and styles, and says when the page shows nothing', () => {
    const page =
      '<head><style>h1{color:red}</style><script>var x = "<b>";</script></head><body><h1>Welcome to nginx!</h1></body>';
    expect(bundleFailureReason(notABundle(page))).toContain('it shows: "Welcome to nginx!"');
    expect(bundleFailureReason(notABundle(''))).toBe(
      'the page there is not a Remotion bundle (it defines no window.getStaticCompositions) and shows nothing',
    );
  });

  it('keeps the first line of any other failure', () => {
    expect(
      bundleFailureReason(new Error('net::ERR_CONNECTION_REFUSED at http://b.example/\n    at goto')),
    ).toBe('net::ERR_CONNECTION_REFUSED at http://b.example/');
  });
});
