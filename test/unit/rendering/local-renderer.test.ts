// The local renderer's bookkeeping: renders it does not know, and renders whose process died, are
// reported failed (so the job ends RENDER_FAILED instead of polling forever).
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LocalRenderer } from '../../../functions/media/rendering/local-renderer.ts';
import { fakeMediaStore } from '../../support/fakes.ts';

const handle = (renderId: string) => ({
  render_id: renderId,
  renderer: 'remotion-local',
  output_key: 'media/o/live/j/markup-reveal.mp4',
  started_at: new Date().toISOString(),
  deadline: new Date(Date.now() + 600_000).toISOString(),
  poll_seconds: 1,
});

function renderer() {
  const workDir = mkdtempSync(path.join(tmpdir(), 'local-renderer-'));
  return {
    workDir,
    renderer: new LocalRenderer({
      serveUrl: '/nonexistent',
      workDir,
      media: fakeMediaStore(),
    }),
  };
}

describe('local renderer status', () => {
  it('fails a render it has no record of', async () => {
    const { renderer: r } = renderer();
    expect(await r.status(handle('unknown'))).toEqual({
      state: 'failed',
      message: 'render unknown is unknown to this machine',
    });
  });

  it('reports progress, completion and failure from the render record', async () => {
    const { renderer: r, workDir } = renderer();
    const write = (id: string, record: Record<string, unknown>) =>
      writeFileSync(path.join(workDir, `${id}.json`), JSON.stringify({ updatedAt: Date.now(), ...record }));
    write('a', { state: 'rendering', progress: 0.25 });
    write('b', { state: 'done', progress: 1, sizeBytes: 1234 });
    write('c', { state: 'failed', progress: 0, message: 'Error loading image' });
    expect(await r.status(handle('a'))).toEqual({ state: 'rendering', progress: 0.25 });
    expect(await r.status(handle('b'))).toEqual({ state: 'done', sizeBytes: 1234 });
    expect(await r.status(handle('c'))).toEqual({ state: 'failed', message: 'Error loading image' });
  });

  it('fails a render whose record stopped moving (its process ended)', async () => {
    const { renderer: r, workDir } = renderer();
    const file = path.join(workDir, 'stale.json');
    writeFileSync(
      file,
      JSON.stringify({ state: 'rendering', progress: 0.5, updatedAt: Date.now() - 10 * 60_000 }),
    );
    const status = await r.status(handle('stale'));
    expect(status.state).toBe('failed');
  });
});
