// The stage's Stager is built on its first use; a build that failed (a setting missing at the time) is
// not kept, so the next job builds it again instead of failing for the container's lifetime.
import { afterEach, describe, expect, it } from 'vitest';
import { CAPABILITIES, variablesOf } from '../../../functions/jobs/capabilities.ts';
import { stageStager } from '../../../functions/wiring/capabilities/stager.ts';
import { EMPTY_ROOMS, renderEmptyRoom } from '../../support/empty-room-photo.ts';

const ENV = { stagerProvider: CAPABILITIES.stager.variables.provider };
const stagerFromEnv = () => stageStager(variablesOf(CAPABILITIES.stager.variables));
const saved = process.env[ENV.stagerProvider];
afterEach(() => {
  if (saved === undefined) delete process.env[ENV.stagerProvider];
  else process.env[ENV.stagerProvider] = saved;
});

describe('stagerFromEnv', () => {
  it('builds again after a failed build', async () => {
    const room = await renderEmptyRoom(EMPTY_ROOMS[0]!);
    const stager = stagerFromEnv();
    process.env[ENV.stagerProvider] = 'crayons';
    await expect(stager.stage({ image: room.image, roomType: 'living', seed: 1 })).rejects.toThrow(
      /expected offline or bedrock/,
    );
    process.env[ENV.stagerProvider] = 'offline';
    const out = await stager.stage({ image: room.image, roomType: 'living', seed: 1 });
    expect(out.provider).toBe('offline-stager');
  });
});
