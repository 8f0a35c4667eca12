// The running local stack's address book, <dataDir>/local-stack.json, in a module of its own: the key CLI
// reads it, and importing local-stack.ts (the whole stack's modules) would cost each CLI run most of a second.

/** What the key CLI and tests need to reach a running local stack; written to <dataDir>/local-stack.json. */
export interface LocalStackInfo {
  readonly url: string;
  readonly pid: number;
  readonly region: string;
  readonly endpoints: { readonly dynamodb: string; readonly aws: string; readonly stepfunctions: string };
  /** events: the event log and the audit log (absent in a state file written before the audit log). */
  readonly tables: { readonly jobs: string; readonly accounts: string; readonly events?: string };
  readonly mediaBucket: string;
  readonly queues: { readonly webhooks: string; readonly webhookDeadLetters: string };
}

export const LOCAL_STATE_FILE = 'local-stack.json';
