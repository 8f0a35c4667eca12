// Turning what a Catch caught into the job's error. Step Functions reports a Lambda error as
// { Error: <error name>, Cause: '{"errorType":..,"errorMessage":..}' }; our step errors are named by
// their job error code (JobError), so the code survives. Anything else is reported as a generic failure
// without internals.
import type { JobErrorInfo } from '../jobs/job.ts';

export interface CaughtError {
  readonly Error?: string;
  readonly Cause?: string;
}

const JOB_ERROR_CODE = /^[A-Z][A-Z0-9_]+$/;

function causeMessage(cause: string | undefined): string | undefined {
  if (!cause) return undefined;
  try {
    const parsed = JSON.parse(cause) as { errorMessage?: unknown };
    return typeof parsed.errorMessage === 'string' ? parsed.errorMessage : cause;
  } catch {
    return cause;
  }
}

export function jobErrorFromCaught(caught: CaughtError): JobErrorInfo {
  const name = caught.Error ?? '';
  if (JOB_ERROR_CODE.test(name)) {
    return { code: name, message: causeMessage(caught.Cause) ?? 'The job failed.' };
  }
  if (name === 'States.Timeout') {
    return { code: 'STEP_TIMED_OUT', message: 'A processing step took too long. Submit the request again.' };
  }
  if (name === 'TransientError' || name.startsWith('Lambda.')) {
    return {
      code: 'TEMPORARILY_UNAVAILABLE',
      message: 'A provider stayed unavailable after several retries. Submit the request again later.',
    };
  }
  return {
    code: 'PROCESSING_FAILED',
    message:
      'The job failed because of an internal error. Submit the request again; contact support with the job id if it persists.',
  };
}
