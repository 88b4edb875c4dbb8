/** The Redis the cluster tier runs against (infra/local/redis/with-redis.sh sets it). */
export function requiredRedisUrl(): string {
  const url = process.env.REDIS_URL;
  if (!url) throw new Error('REDIS_URL must name a Redis server for the cluster tier (bash infra/local/redis/with-redis.sh ...)');
  return url;
}
