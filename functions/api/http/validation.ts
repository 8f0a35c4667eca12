// Zod issues → the error.details of a VALIDATION_ERROR: one entry per problem, naming the field.
import type { z } from 'zod';
import type { ErrorDetail } from '../../core/errors.ts';

function joinPath(path: readonly PropertyKey[]): string {
  return path
    .map((p) => (typeof p === 'number' ? `[${p}]` : String(p)))
    .join('.')
    .replace(/\.\[/g, '[');
}

export function zodDetails(error: z.ZodError, where: 'body' | 'query' | 'path'): ErrorDetail[] {
  const details: ErrorDetail[] = [];
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) {
        details.push({
          path: joinPath([...issue.path, key]),
          message: `unknown ${where === 'body' ? 'field' : 'parameter'}`,
        });
      }
      continue;
    }
    const path = joinPath(issue.path);
    const message =
      issue.code === 'invalid_type' && issue.input === undefined ? 'is required' : issue.message;
    details.push({ path: path || `(${where})`, message });
  }
  return details;
}
