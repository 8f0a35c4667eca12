import { describe, expect, it } from 'vitest';
import { jobErrorFromCaught } from '../../../functions/core/workflows/step-errors.ts';

describe('caught step errors → job errors', () => {
  it('keeps a job error code and the message from a Lambda cause', () => {
    const cause = JSON.stringify({
      errorType: 'ADDRESS_NOT_FOUND',
      errorMessage: 'No Australian address matches …',
    });
    expect(jobErrorFromCaught({ Error: 'ADDRESS_NOT_FOUND', Cause: cause })).toEqual({
      code: 'ADDRESS_NOT_FOUND',
      message: 'No Australian address matches …',
    });
  });

  it('turns timeouts and exhausted retries into actionable codes', () => {
    expect(jobErrorFromCaught({ Error: 'States.Timeout' }).code).toBe('STEP_TIMED_OUT');
    expect(jobErrorFromCaught({ Error: 'TransientError', Cause: '{}' }).code).toBe('TEMPORARILY_UNAVAILABLE');
    expect(jobErrorFromCaught({ Error: 'Lambda.ServiceException' }).code).toBe('TEMPORARILY_UNAVAILABLE');
  });

  it('never passes internals of an unexpected error to the caller', () => {
    const cause = JSON.stringify({
      errorType: 'TypeError',
      errorMessage: "Cannot read properties of undefined (reading 'x')",
      trace: ['at foo (/var/task/index.mjs:1:2)'],
    });
    const error = jobErrorFromCaught({ Error: 'TypeError', Cause: cause });
    expect(error.code).toBe('PROCESSING_FAILED');
    expect(error.message).not.toMatch(/undefined|index\.mjs/);
  });
});
