// The child-jobs port (core/jobs/child-jobs.ts) of a step's function: the job use cases' ports as the
// stage's API has them (functions/wiring/job-ports.ts), with each job type's route from the registry.
import { type ChildJobs, childJobs } from '../core/jobs/child-jobs.ts';
import { jobPortsOf } from '../wiring/job-ports.ts';
import { processAdapters, processEnv } from '../wiring/process.ts';
import { jobTypeSpec } from './registry.ts';

export function stageChildJobs(): ChildJobs {
  return childJobs(jobPortsOf(processAdapters(), processEnv()), (jobType) => jobTypeSpec(jobType).route);
}
