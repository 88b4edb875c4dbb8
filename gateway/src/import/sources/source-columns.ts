import { z } from 'zod';

/**
 * Column readers for new-api/one-api rows: a column an older one-api lacks, or a NULL (GORM's
 * pointer fields), reads as the zero value GORM would give it.
 */
// optional(): zod 4 refuses a missing key unless its schema says it may be absent.
const scalar = z.union([z.number(), z.bigint(), z.string(), z.null()]).optional();

export const int = scalar.transform((value) => (value === null || value === undefined || value === '' ? 0 : Number(value))).pipe(z.number().int());

export const real = scalar.transform((value) => (value === null || value === undefined || value === '' ? 0 : Number(value))).pipe(z.number());

export const text = scalar.transform((value) => (value === null || value === undefined ? '' : String(value)));

/** A char(n) column (token and code keys, access tokens): PostgreSQL pads a shorter value with spaces, which were never part of it. */
export const fixedText = text.transform((value) => value.trimEnd());

/** GORM writes booleans to SQLite as 0/1; MySQL as tinyint; PostgreSQL as true/false. */
export const flag = z.union([z.boolean(), z.number(), z.bigint(), z.string(), z.null()]).optional().transform((value) => value === true || value === 1 || value === '1' || value === 'true');

/** GORM's soft delete: NULL while alive, else the deletion time (text on SQLite, a date elsewhere). */
export const deletedAt = z
  .union([z.number(), z.bigint(), z.string(), z.null(), z.date()])
  .optional()
  .transform((value) => (value === null || value === undefined || value === '' ? null : Math.floor(new Date(typeof value === 'bigint' ? Number(value) : value).getTime() / 1000) || 1));
