// Secrets read at run time: the value rules, the Secrets Manager and local-file adapters, and the render
// ports' decorators that turn a request's secretEnv into the page's environment without the value ever
// being in the request.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { GetSecretValueCommand, type SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { describe, expect, it } from 'vitest';
import { SecretsManagerReader } from '../../../functions/adapters/secrets-manager.ts';
import { FileSecretReader } from '../../../functions/core/secrets/file-secret-reader.ts';
import { cachedSecrets, secretValue } from '../../../functions/core/secrets/secrets.ts';
import type {
  RenderEnv,
  Renderer,
  RenderHandle,
  RenderRequest,
} from '../../../functions/media/rendering/renderer.ts';
import { withSecretEnv, withSecretEnvStill } from '../../../functions/media/rendering/secret-env.ts';
import type { StillRenderer } from '../../../functions/media/rendering/still-renderer.ts';
import { fakeAwsClient } from '../../support/fakes.ts';

describe('secretValue', () => {
  it('takes a plain string (trimmed) or the apiKey of a JSON secret', () => {
    expect(secretValue('  abc\n', 's')).toBe('abc');
    expect(secretValue('{"apiKey":"k1"}', 's')).toBe('k1');
  });

  it('refuses empty, malformed and keyless values, naming the secret and not the value', () => {
    expect(() => secretValue(' ', 'pms/x')).toThrow('secret pms/x is empty');
    expect(() => secretValue('{"apiKey":', 'pms/x')).toThrow('secret pms/x is not valid JSON');
    expect(() => secretValue('{"token":"hidden"}', 'pms/x')).toThrow(/no "apiKey"/);
    try {
      secretValue('{"token":"hidden"}', 'pms/x');
    } catch (error) {
      expect((error as Error).message).not.toContain('hidden');
    }
  });
});

describe('cachedSecrets', () => {
  it('reads each secret once, and again after a failure', async () => {
    const reads: string[] = [];
    let fail = true;
    const secrets = cachedSecrets({
      secretString: async (id) => {
        reads.push(id);
        if (fail && id === 'b') throw new Error('throttled');
        return `value-${id}`;
      },
    });
    expect(await secrets('a')).toBe('value-a');
    expect(await secrets('a')).toBe('value-a');
    await expect(secrets('b')).rejects.toThrow('throttled');
    fail = false;
    expect(await secrets('b')).toBe('value-b');
    expect(reads).toEqual(['a', 'b', 'b']);
  });
});

describe('SecretsManagerReader', () => {
  it('asks GetSecretValue for the secret id and returns its string', async () => {
    const sent: unknown[] = [];
    const reader = new SecretsManagerReader(
      fakeAwsClient<SecretsManagerClient>(async (command) => {
        sent.push(command);
        return { SecretString: 'k' };
      }),
    );
    expect(await reader.secretString('pms/dev/tiles')).toBe('k');
    expect(sent[0]).toBeInstanceOf(GetSecretValueCommand);
    expect((sent[0] as GetSecretValueCommand).input).toEqual({ SecretId: 'pms/dev/tiles' });
  });

  it('says what to check when the secret cannot be read, and refuses binary secrets', async () => {
    const denied = new SecretsManagerReader({
      send: async () => {
        throw Object.assign(new Error('User is not authorized'), { name: 'AccessDeniedException' });
      },
    });
    await expect(denied.secretString('pms/dev/tiles')).rejects.toThrow(
      /secret pms\/dev\/tiles could not be read from Secrets Manager \(AccessDeniedException\): check that it exists/,
    );
    const binary = new SecretsManagerReader(
      fakeAwsClient<SecretsManagerClient>(async () => ({ SecretBinary: new Uint8Array(2) })),
    );
    await expect(binary.secretString('b')).rejects.toThrow(/binary secrets are not supported/);
  });
});

describe('FileSecretReader (local stack)', () => {
  it('reads a name from the JSON file; objects come back as JSON', async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'secrets-')), 'secrets.json');
    writeFileSync(file, JSON.stringify({ plain: 'p', structured: { apiKey: 'k' } }));
    const reader = new FileSecretReader(file);
    expect(await reader.secretString('plain')).toBe('p');
    expect(secretValue(await reader.secretString('structured'), 'structured')).toBe('k');
    await expect(reader.secretString('absent')).rejects.toThrow(
      `secret absent is not in the local secrets file ${file}`,
    );
    await expect(new FileSecretReader(`${file}.missing`).secretString('x')).rejects.toThrow(
      /local secrets file .* could not be read/,
    );
  });
});

describe('withSecretEnv', () => {
  const request: RenderRequest = {
    composition: 'AerialFootage',
    inputProps: {},
    codec: 'h264',
    scale: 1,
    outputKey: 'k.mp4',
    timeoutSeconds: 60,
  };

  it("gives the adapter the secrets' values as the page environment, reading them only when named", async () => {
    const seen: (RenderEnv | undefined)[] = [];
    let reads = 0;
    const handle: RenderHandle = {
      render_id: 'r1',
      renderer: 'fake',
      output_key: request.outputKey,
      started_at: '2026-01-01T00:00:00.000Z',
      deadline: '2026-01-01T00:01:00.000Z',
      poll_seconds: 1,
    };
    const inner: Renderer = {
      name: 'fake',
      codecs: ['h264'],
      start: async (_r, env) => {
        seen.push(env);
        return handle;
      },
      status: async () => ({ state: 'done', sizeBytes: 1 }),
      composition: async (_url, id) => ({ id, width: 1920, height: 1080, fps: 30, durationInFrames: 30 }),
    };
    const reader = () => ({
      secretString: async (id: string) => {
        reads += 1;
        return id === 'pms/tiles' ? '{"apiKey":"K"}' : 'other';
      },
    });
    const renderer = withSecretEnv(inner, reader);
    await renderer.start(request);
    await renderer.start({ ...request, secretEnv: { REMOTION_TILES_API_KEY: 'pms/tiles' } });
    await renderer.start({ ...request, secretEnv: { REMOTION_TILES_API_KEY: 'pms/tiles' } });
    expect(seen).toEqual([undefined, { REMOTION_TILES_API_KEY: 'K' }, { REMOTION_TILES_API_KEY: 'K' }]);
    expect(reads).toBe(1);
  });

  it('does the same for stills, and fails the render naming an unreadable secret', async () => {
    const seen: (RenderEnv | undefined)[] = [];
    const inner: StillRenderer = {
      name: 'fake',
      renderStill: async (_r, env) => {
        seen.push(env);
        return Buffer.from('x');
      },
    };
    const still = withSecretEnvStill(inner, () => ({
      secretString: async (id) => {
        if (id === 'gone') throw new Error('secret gone could not be read');
        return 'V';
      },
    }));
    const base = { composition: 'AerialStill', inputProps: {}, format: 'jpeg' as const };
    await still.renderStill({ ...base, secretEnv: { A: 'a' } });
    expect(seen).toEqual([{ A: 'V' }]);
    await expect(still.renderStill({ ...base, secretEnv: { A: 'gone' } })).rejects.toThrow('secret gone');
  });
});
