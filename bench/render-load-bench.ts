// Render load benchmark: 12 reveal-video jobs submitted at once to a fresh local stack (in this process,
// as `npm start` runs it), on however many cores the machine has. Before the render queue, 13 of 18 such
// jobs ended RENDER_FAILED (Chromium pages timing out under load); now they wait their turn
// (queued_for_renderer) and all should complete. Prints completed/failed, wall time, each job's time and
// the stages the jobs were seen in.
// Run: npm run bench -- render-load   (BENCH_VIDEOS=12, BENCH_VIDEO_SECONDS=5, the API allows 5-10; LOCAL_RENDER_SCALE to shrink)
import { availableParallelism } from 'node:os';
import { call, type Json } from '../test/support/http-client.ts';
import { startBenchStack } from './bench-stack.ts';

const VIDEOS = Number(process.env.BENCH_VIDEOS ?? 12);
const SECONDS = Number(process.env.BENCH_VIDEO_SECONDS ?? 5);

const { stack, info, key } = await startBenchStack();
const post = (path: string, body: unknown) => call<Json>(info.url, 'POST', path, { key, body });
const get = (path: string) => call<Json>(info.url, 'GET', path, { key });

async function finished(jobId: string, stages?: Set<string>): Promise<Json> {
  for (;;) {
    const job = (await get(`/v1/jobs/${jobId}`)).body.data as Json;
    if (job.progress?.stage) stages?.add(job.progress.stage);
    if (job.status === 'completed' || job.status === 'failed') return job;
    await new Promise((r) => setTimeout(r, 1000));
  }
}

// One markup and one edit to reveal; every video reveals the same edit (the render is what is measured).
const markup = await post('/v2/markup/generate', { address: '22 Smith Street, Fitzroy VIC 3065' });
const generated = await finished(markup.body.data.job_id);
const edit = await post(`/v2/markup/jobs/${generated.job_id}/edit`, {
  boundary_polygon: generated.output.suggested_boundary,
  text_annotations: [
    { type: 'label', text: '22 Smith Street', position: { x: 0.5, y: 0.08 } },
    { type: 'area' },
  ],
  options: { style: 'blur' },
});
const edited = await finished(edit.body.data.job_id);
if (edited.status !== 'completed') throw new Error(`the edit failed: ${JSON.stringify(edited.error)}`);

console.log(
  `Render load: ${VIDEOS} reveal videos (${SECONDS} s each) submitted at once, ${availableParallelism()} cores, ` +
    `LOCAL_RENDER_CONCURRENCY=${process.env.LOCAL_RENDER_CONCURRENCY ?? '(default)'}, ` +
    `LOCAL_RENDER_SCALE=${process.env.LOCAL_RENDER_SCALE ?? '1'}`,
);
const started = performance.now();
const stages = new Set<string>();
const accepted = await Promise.all(
  Array.from({ length: VIDEOS }, () =>
    post(`/v2/markup/jobs/${edited.job_id}/video`, { options: { duration: SECONDS } }),
  ),
);
const results = await Promise.all(
  accepted.map(async (res) => {
    if (res.status !== 202) return { status: `refused ${res.status}`, ms: 0, error: res.text };
    const job = await finished(res.body.data.job_id, stages);
    return { status: job.status as string, ms: performance.now() - started, error: job.error };
  }),
);
const wall = (performance.now() - started) / 1000;
const completed = results.filter((r) => r.status === 'completed');
const times = completed.map((r) => r.ms / 1000).sort((a, b) => a - b);
console.log(`${'completed'.padEnd(12)}${completed.length} of ${VIDEOS}`);
console.log(`${'failed'.padEnd(12)}${VIDEOS - completed.length}`);
console.log(`${'wall s'.padEnd(12)}${wall.toFixed(1)}`);
if (times.length)
  console.log(
    `${'job s'.padEnd(12)}first ${times[0]!.toFixed(1)}, median ${times[Math.floor(times.length / 2)]!.toFixed(1)}, last ${times.at(-1)!.toFixed(1)}`,
  );
console.log(`${'stages seen'.padEnd(12)}${[...stages].join(', ')}`);
for (const failure of results.filter((r) => r.status !== 'completed'))
  console.log(`  ${failure.status}: ${JSON.stringify(failure.error)}`);
await stack.stop();
process.exit(completed.length === VIDEOS ? 0 : 1);
