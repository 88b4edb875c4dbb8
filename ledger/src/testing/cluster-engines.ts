import { randomBytes } from 'node:crypto';
import { z } from 'zod';

const hint = 'for the cluster tier (bash infra/local/with-engines.sh ...)';
const schema = z.object({
  KAFKA_BROKERS: z.string().min(1, { message: `KAFKA_BROKERS must name a Kafka broker ${hint}` }),
  MONGODB_URI: z.string().startsWith('mongodb://', { message: `MONGODB_URI must name a MongoDB-wire server ${hint}` }),
});

/** The engines infra/local started; fails loudly (never skips) when they are not there. */
export function clusterEngines(): z.infer<typeof schema> {
  const parsed = schema.safeParse(process.env);
  if (!parsed.success) throw new Error(parsed.error.issues.map((i) => i.message).join('; '));
  return parsed.data;
}

/** MONGODB_URI with a database of its own, so test files never meet. */
export function freshMongoUri(base: string, prefix: string): string {
  const url = new URL(base);
  url.pathname = `/${prefix}_${randomBytes(6).toString('hex')}`;
  return url.toString();
}
