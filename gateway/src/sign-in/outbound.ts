import type { z } from 'zod';

/** What a call to an outside service gave: a value, or the message to show the user. */
export type Outcome<T> = { ok: true; value: T } | { ok: false; message: string };

/** A sign-in provider that does not answer within this long fails the call (new-api waits 5 s). */
const TIMEOUT_MS = 5_000;

/**
 * One request to an outside service, its JSON answer read with `schema` (which should `.catch`
 * so an odd answer reads as empty fields). Only an unreachable service or a non-JSON body fails,
 * with `unreachable` as the message; the service's own failure fields are the caller's to read.
 */
export async function requestJson<S extends z.ZodType>(url: string, init: RequestInit, schema: S, unreachable: string): Promise<Outcome<z.infer<S>>> {
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
    const parsed = schema.safeParse(await response.json());
    return parsed.success ? { ok: true, value: parsed.data } : { ok: false, message: unreachable };
  } catch {
    return { ok: false, message: unreachable };
  }
}
