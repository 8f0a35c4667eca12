// A composition lookup that fails the way another attempt may not (a browser that died as it started) gets
// one more, after its renderer drops the browser; any other failure, or a second one, blames the bundle.
import { describe, expect, it } from 'vitest';
import {
  BundleUnreachableError,
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
