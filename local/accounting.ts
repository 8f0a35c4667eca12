// What a local run did, counted for the cost model (bench/cost-bench.ts): the state transitions each state
// machine made and the time each function's invocations took. Off unless LOCAL_STACK_ACCOUNTING=true, so a
// normal `npm start` keeps nothing. The store requests are counted at the emulators' doorstep by the
// benchmark itself (bench/counting-emulators.ts).

export function accountingEnabled(): boolean {
  return process.env.LOCAL_STACK_ACCOUNTING === 'true';
}

export interface InvocationTally {
  count: number;
  /** Wall time of the invocations, from when each ran (after any wait for capacity) to its answer. */
  ms: number;
}

interface Tallies {
  /** State machine logical id → states entered and retries, as Step Functions Standard bills them. */
  readonly transitions: Map<string, number>;
  /** State machine logical id → executions started. */
  readonly executions: Map<string, number>;
  /** Function logical id → invocations and their time. */
  readonly invocations: Map<string, InvocationTally>;
}

const tallies: Tallies = { transitions: new Map(), executions: new Map(), invocations: new Map() };

export function countExecution(stateMachine: string): void {
  tallies.executions.set(stateMachine, (tallies.executions.get(stateMachine) ?? 0) + 1);
}

export function countTransition(stateMachine: string): void {
  tallies.transitions.set(stateMachine, (tallies.transitions.get(stateMachine) ?? 0) + 1);
}

export function countInvocation(logicalId: string, ms: number): void {
  const tally = tallies.invocations.get(logicalId) ?? { count: 0, ms: 0 };
  tally.count += 1;
  tally.ms += ms;
  tallies.invocations.set(logicalId, tally);
}

/** A copy of the tallies so far. */
export function accountingSnapshot() {
  return {
    transitions: Object.fromEntries(tallies.transitions),
    executions: Object.fromEntries(tallies.executions),
    invocations: Object.fromEntries([...tallies.invocations].map(([id, t]) => [id, { ...t }])),
  };
}

export function resetAccounting(): void {
  tallies.transitions.clear();
  tallies.executions.clear();
  tallies.invocations.clear();
}
