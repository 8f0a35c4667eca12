// Why the local stack refused to start, in words that say what to do: bin/local.ts prints the message alone,
// without a stack trace (one that is not a StartRefused is printed whole).

export class StartRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StartRefused';
  }
}

/** The API's port is taken: by another program, or by another local stack on a data directory of its own. */
export function portInUse(port: number): StartRefused {
  return new StartRefused(
    `Port ${port} on 127.0.0.1 is in use (another program, or another local stack with its own DATA_DIR). Stop it, or start this one on another port: PORT=${port + 1} npm start (PORT=0 picks a free one).`,
  );
}

/** The listen's error as a StartRefused when it is the port being taken, else as it was. */
export function listenRefusal(error: unknown, port: number): unknown {
  return (error as NodeJS.ErrnoException | undefined)?.code === 'EADDRINUSE' ? portInUse(port) : error;
}
