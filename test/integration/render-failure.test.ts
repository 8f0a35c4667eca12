// A render that cannot run ends its job failed with RENDER_FAILED and the renderer's message, never a
// job stuck processing: a local stack of its own whose Chromium is missing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, type Json, waitForJob } from '../support/http-client.ts';
import { newOrganization, type StackProcess, startStackProcess } from '../support/local-stack-process.ts';

let stack: StackProcess;
let key: string;

beforeAll(async () => {
  stack = await startStackProcess(undefined, { CHROMIUM_PATH: '/nonexistent/chromium' });
  key = await (await newOrganization(stack)).key('live');
});

afterAll(async () => {
  await stack?.stop();
});

describe('render failure', () => {
  it('fails the video job with RENDER_FAILED and a message a person can act on', async () => {
    const post = async (path: string, body: unknown) => {
      const res = await call<Json>(stack.url, 'POST', path, { key, body });
      expect(res.status, res.text).toBe(202);
      return waitForJob(stack.url, key, res.body.data.job_id);
    };
    const markup = await post('/v2/markup/generate', { address: '1 Martin Place, Sydney NSW 2000' });
    const edit = await post(`/v2/markup/jobs/${markup.job_id}/edit`, {
      boundary_polygon: markup.output.suggested_boundary,
    });
    expect(edit.status).toBe('completed');
    const video = await post(`/v2/markup/jobs/${edit.job_id}/video`, { options: { duration: 5 } });
    expect(video.status).toBe('failed');
    expect(video.error.code).toBe('RENDER_FAILED');
    expect(video.error.message).toMatch(/^The video render (failed|could not start): .{10,}/);
    expect(video.error.message).toMatch(/chromium|browser/i);
    expect(video.output).toBeNull();
  }, 120_000);
});
