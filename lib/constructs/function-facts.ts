// Facts about the service's functions that both the CDK constructs and the local stack read. No CDK
// import here: the local stack loads this on every start, and loading aws-cdk-lib costs seconds.
import * as path from 'node:path';

export const PROJECT_ROOT = path.resolve(import.meta.dirname, '..', '..');

/** Template metadata naming the handler module: the local stack resolves Lambda ARNs through it. */
export const HANDLER_METADATA_KEY = 'pms:handler';

/** Step functions given this much memory or more are the heavy ones (images, scenes, slides, rooms). */
export const HEAVY_MEMORY_MB = 1024;
