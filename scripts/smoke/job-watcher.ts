// Waits for many jobs with one request per poll: `GET /v1/jobs` (newest first) shows every job the smoke
// is waiting for, where polling each job would spend a test key's 10 requests a minute in seconds. A
// job missing from the page (a busy organization, or a listing that lags the write) is read alone.
import type { Job, PropertyMediaClient } from '../../clients/typescript/src/index.ts';
import type { RatePacer } from './paced-fetch.ts';

interface Waiter {
  readonly jobId: string;
  readonly since: number;
  readonly until: (job: Job) => boolean;
  readonly deadline: number;
  readonly resolve: (job: Job) => void;
  readonly reject: (error: Error) => void;
  last: Job | undefined;
}

const FINAL_STATUSES: readonly Job['status'][] = ['completed', 'failed', 'canceled'];

export class JobWatcher {
  private readonly waiters = new Set<Waiter>();
  private running = false;

  constructor(
    private readonly client: PropertyMediaClient,
    private readonly pacer: RatePacer,
  ) {}

  /** The job once `until` holds for it (default: final); rejects after `timeoutMs` with its last state. */
  wait(jobId: string, timeoutMs: number, until: (job: Job) => boolean = isFinal): Promise<Job> {
    return new Promise<Job>((resolve, reject) => {
      const now = Date.now();
      this.waiters.add({
        jobId,
        since: now,
        until,
        deadline: now + timeoutMs,
        resolve,
        reject,
        last: undefined,
      });
      if (!this.running) void this.loop();
    });
  }

  private async loop(): Promise<void> {
    this.running = true;
    try {
      while (this.waiters.size > 0) {
        await this.poll();
        if (this.waiters.size > 0) await new Promise((r) => setTimeout(r, this.pacer.pollIntervalMs()));
      }
    } finally {
      this.running = false;
    }
  }

  private async poll(): Promise<void> {
    const seen = new Map<string, Job>();
    // A failed poll (network, 5xx) is not a verdict: the next one may answer, and the deadlines still run.
    const page = await this.client
      .GET('/v1/jobs', { params: { query: { limit: '100' } } })
      .catch(() => undefined);
    for (const job of page?.data?.data.jobs ?? []) seen.set(job.job_id, job);
    for (const waiter of [...this.waiters]) {
      let job = seen.get(waiter.jobId);
      // A job the page does not show (yet) is read alone once it has had time to be listed.
      if (!job && Date.now() - waiter.since > 5_000) {
        const one = await this.client
          .GET('/v1/jobs/{jobId}', { params: { path: { jobId: waiter.jobId } } })
          .catch(() => undefined);
        job = one?.data?.data;
      }
      if (job) waiter.last = job;
      if (job && waiter.until(job)) {
        this.waiters.delete(waiter);
        waiter.resolve(job);
      } else if (Date.now() > waiter.deadline) {
        this.waiters.delete(waiter);
        const state = waiter.last ? `${waiter.last.status} (${waiter.last.progress.stage})` : 'not seen';
        waiter.reject(
          new Error(`still ${state} after ${Math.round((waiter.deadline - waiter.since) / 1000)} s`),
        );
      }
    }
  }
}

export const isFinal = (job: Job) => FINAL_STATUSES.includes(job.status);
