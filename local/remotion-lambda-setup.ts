// Imported in each local execution environment of Remotion's render function before its handler loads
// (LOCAL_LAMBDA_SETUP): the two things Remotion's function code takes from the Lambda machine itself,
// redirected on the objects its handler reads at call time — no file of the package is changed.
// - Chromium: the function launches /opt/bin/chromium (its Chromium layer); here Debian's Chromium.
// - /tmp: every invocation starts by deleting everything in /tmp (a Lambda environment's own disk);
//   here it clears the environment's own temporary directory (TMPDIR) instead of the machine's /tmp,
//   skipping what cannot go yet, as Remotion's own cleanup does.
// Everything else (ffmpeg and Remotion's compositor from @remotion/compositor-linux-x64-gnu, the AWS
// clients, S3 and Lambda calls) runs as shipped, pointed at the local endpoints by AWS_ENDPOINT_URL_*.
import { readdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import * as path from 'node:path';

/** The render function's handler as @remotion/lambda ships it (its package exports do not list it). */
export const REMOTION_LAMBDA_HANDLER_FILE = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@remotion/lambda/package.json')),
  'dist',
  'functions',
  'index.js',
);
export const LOCAL_CHROMIUM_ENV = 'REMOTION_LOCAL_CHROMIUM';

interface ProviderSpecifics {
  getChromiumPath(): string;
}
interface InsideFunctionSpecifics {
  deleteTmpDir(): Promise<void>;
}

if (process.env.AWS_LAMBDA_FUNCTION_NAME) {
  // Resolved from the handler's own file, so these are the module instances its require() returns.
  const fromHandler = createRequire(REMOTION_LAMBDA_HANDLER_FILE);
  const client = fromHandler('@remotion/lambda-client') as {
    LambdaClientInternals: { awsImplementation: ProviderSpecifics };
  };
  const server = fromHandler('./aws-server-implementation') as {
    serverAwsImplementation: InsideFunctionSpecifics;
  };
  const chromium = process.env[LOCAL_CHROMIUM_ENV] ?? '/usr/bin/chromium';
  client.LambdaClientInternals.awsImplementation.getChromiumPath = () => chromium;
  const own = tmpdir();
  if (own === '/tmp' || own === path.parse(own).root)
    throw new Error('A local Remotion function needs a TMPDIR of its own (it clears it on every invocation)');
  server.serverAwsImplementation.deleteTmpDir = async () => {
    for (const name of readdirSync(own)) {
      try {
        rmSync(path.join(own, name), { recursive: true, force: true });
      } catch {
        // As Remotion's own cleanup does: a file the warm browser is still writing (its profile) may not
        // go now; it goes with a later invocation's cleanup.
      }
    }
  };
}
