import { readFileSync } from 'node:fs';
import { z } from 'zod';

const rootPackageSchema = z.object({ version: z.string().regex(/^\d+\.\d+\.\d+/) });

/** The release as new-api shows it (`v0.1.0`), from the root package.json: one place to bump it. */
export const TOLLGATE_VERSION = `v${rootPackageSchema.parse(JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'))).version}`;
