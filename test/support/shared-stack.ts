// The integration tests' handle on the shared local stack started by global-setup.ts.
import { inject } from 'vitest';
import { attachToStack, type StackHandle } from './local-stack-process.ts';

export function sharedStack(): StackHandle {
  return attachToStack(inject('sharedStackDataDir'));
}
