// The progress of a local render: a small JSON file per render under the local render directory, so
// that whichever worker thread runs the next check can read it.
import { randomUUID } from 'node:crypto';
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import type { RenderStatus } from './renderer.ts';

export interface ProgressFile {
  readonly state: RenderStatus['state'];
  readonly progress: number;
  readonly ahead?: number;
  readonly message?: string;
  readonly transient?: boolean;
  readonly sizeBytes?: number;
  readonly updatedAt: number;
}

/** The progress files of the renders in one directory, one `<renderId>.json` each. */
export class RenderProgressFiles {
  constructor(private readonly dir: string) {}

  private progressFile(renderId: string) {
    return path.join(this.dir, `${renderId}.json`);
  }

  write(renderId: string, progress: Omit<ProgressFile, 'updatedAt'>) {
    // Written aside, then renamed: other worker threads read records at any moment, and a record caught
    // half-written read as "no record" (the render was taken for dead and its ticket cleared).
    const file = this.progressFile(renderId);
    const aside = `${file}.${randomUUID()}.tmp`;
    writeFileSync(aside, JSON.stringify({ ...progress, updatedAt: Date.now() }));
    renameSync(aside, file);
  }

  read(renderId: string): ProgressFile | undefined {
    try {
      return JSON.parse(readFileSync(this.progressFile(renderId), 'utf8')) as ProgressFile;
    } catch {
      return undefined;
    }
  }
}
