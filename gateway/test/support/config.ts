import { z } from 'zod';

/** The cluster tier's configuration: the engines' addresses that infra/local/with-engines.sh exports. */
const clusterTierSchema = z.object({
  REDIS_URL: z.string().url({ message: 'REDIS_URL must name a Redis server for the cluster tier (bash infra/local/with-engines.sh ...)' }),
});

/** The Redis the cluster tier runs against; fails loudly (never skips) when none is given. */
export function requiredRedisUrl(): string {
  const parsed = clusterTierSchema.safeParse(process.env);
  if (!parsed.success) throw new Error(parsed.error.issues.map((i) => i.message).join('; '));
  return parsed.data.REDIS_URL;
}
