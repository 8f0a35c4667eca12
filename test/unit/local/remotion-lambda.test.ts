// The local stack's renderer setting (LOCAL_RENDERER) and the local Remotion render bucket's name; the
// function itself is exercised end to end in test/integration/remotion-lambda.test.ts.
import { describe, expect, it } from 'vitest';
import { localRenderBucket, localRendererChoice } from '../../../local/remotion-lambda.ts';

describe('LOCAL_RENDERER', () => {
  it('defaults to the local renderer and takes remotion-lambda', () => {
    expect(localRendererChoice(undefined)).toBe('local');
    expect(localRendererChoice('')).toBe('local');
    expect(localRendererChoice('local')).toBe('local');
    expect(localRendererChoice('remotion-lambda')).toBe('remotion-lambda');
  });

  it('refuses anything else, naming the value', () => {
    expect(() => localRendererChoice('lambda')).toThrow(
      /LOCAL_RENDERER must be 'local' or 'remotion-lambda', got 'lambda'/,
    );
  });
});

describe('the local render bucket', () => {
  it('is named as Remotion names its buckets (remotionlambda-<region>-<id>)', () => {
    expect(localRenderBucket('ap-southeast-2')).toBe('remotionlambda-apsoutheast2-local');
  });
});
