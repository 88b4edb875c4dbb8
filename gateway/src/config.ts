import { z } from 'zod';

/** Every environment variable the gateway reads. The only reader of process.env. */
export const gatewayConfigSchema = z.object({
  /** Port for the console, the API and the relay. */
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  /** Where the embedded engines keep their files. */
  DATA_DIR: z.string().default('./data'),
  /** Password of the `root` user created on first start. */
  INITIAL_ROOT_PASSWORD: z.string().min(1).default('123456'),
  /** Signs session cookies; generated and kept in DATA_DIR when unset. */
  SESSION_SECRET: z.string().min(16).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Built console to serve; unset serves console/dist when it exists. */
  CONSOLE_DIR: z.string().optional(),
});

export type GatewayConfig = z.infer<typeof gatewayConfigSchema>;

export function loadConfig(env: Record<string, string | undefined> = process.env): GatewayConfig {
  const parsed = gatewayConfigSchema.safeParse(env);
  if (!parsed.success) {
    throw new Error(`Invalid configuration: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  }
  return parsed.data;
}
