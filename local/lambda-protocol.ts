// The messages between the local Lambda endpoint (lambda-endpoint.ts) and an execution environment
// (lambda-container.ts), and the variables that tell an environment what to load.
export interface ContainerInvoke {
  readonly type: 'invoke';
  readonly id: string;
  readonly payload: string;
  readonly requestId: string;
  readonly invokedFunctionArn: string;
  readonly deadlineMs: number;
}

export type ContainerMessage =
  | { readonly type: 'ready' }
  | { readonly type: 'init-error'; readonly message: string }
  | { readonly type: 'chunk'; readonly id: string; readonly data: Uint8Array }
  | { readonly type: 'end'; readonly id: string }
  | {
      readonly type: 'error';
      readonly id: string;
      readonly errorType: string;
      readonly errorMessage: string;
      readonly trace: readonly string[];
    };

/** What the parent passes in the environment: the handler ("file#export") and an optional setup module. */
export const CONTAINER_HANDLER_ENV = 'LOCAL_LAMBDA_HANDLER';
export const CONTAINER_SETUP_ENV = 'LOCAL_LAMBDA_SETUP';
