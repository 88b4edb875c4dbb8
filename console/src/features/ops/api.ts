import { api } from '../../api/client';
import { type OpsSeed, opsSeedSchema } from '@tollgate/wire';

export const opsSeedQueryKey = ['ops-seed'] as const;

export const opsApi = {
  seed: async (signal?: AbortSignal): Promise<OpsSeed> => opsSeedSchema.parse(await api<unknown>('GET', '/api/ops/', undefined, { signal })),
};
