// Zod issues → the error.details of a VALIDATION_ERROR: one entry per problem, naming the field.
import type { z } from 'zod';
import type { ErrorDetail } from '../../core/errors.ts';

function joinPath(path: readonly PropertyKey[]): string {
  return path
    .map((p) => (typeof p === 'number' ? `[${p}]` : String(p)))
    .join('.')
    .replace(/\.\[/g, '[');
}

/** Whether the input has a value at this path (zod 4 does not say so on the issue: `issue.input` is unset). */
function presentAt(input: unknown, path: readonly PropertyKey[]): boolean {
  let value = input;
  for (const key of path) {
    if (value === null || typeof value !== 'object' || !Object.hasOwn(value, key as PropertyKey))
      return false;
    value = (value as Record<PropertyKey, unknown>)[key as PropertyKey];
  }
  return value !== undefined;
}

/** `input` is the value that was parsed: it tells a missing field ("is required") from a mistyped one. */
export function zodDetails(
  error: z.ZodError,
  where: 'body' | 'query' | 'path',
  input: unknown,
): ErrorDetail[] {
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
      issue.code === 'invalid_type' && !presentAt(input, issue.path) ? 'is required' : issue.message;
    details.push({ path: path || `(${where})`, message });
  }
  return details;
}
