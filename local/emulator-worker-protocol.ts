// What the local stack's emulator workers are started with and what they answer (emulator-worker.ts).
import type { SigningCredentials } from './presigned-url-check.ts';

export type EmulatorWorkerData =
  | { readonly kind: 'dynamodb'; readonly path: string; readonly credentials: SigningCredentials }
  | {
      readonly kind: 'aws';
      readonly queueDir: string;
      readonly objectDir: string;
      readonly credentials: SigningCredentials;
    };

export type EmulatorWorkerMessage =
  | { readonly type: 'listening'; readonly port: number }
  | { readonly type: 'error'; readonly message: string }
  | { readonly type: 'stopped' };
