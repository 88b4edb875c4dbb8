import { z } from 'zod';

/**
 * Column readers for new-api/one-api rows: a column an older one-api lacks, or a NULL (GORM's
 * pointer fields), reads as the zero value GORM would give it.
 */
const scalar = z.union([z.number(), z.bigint(), z.string(), z.null(), z.undefined()]);

export const int = scalar.transform((value) => (value === null || value === undefined || value === '' ? 0 : Number(value))).pipe(z.number().int());

export const real = scalar.transform((value) => (value === null || value === undefined || value === '' ? 0 : Number(value))).pipe(z.number());

export const text = scalar.transform((value) => (value === null || value === undefined ? '' : String(value)));

/** GORM writes booleans to SQLite as 0/1; MySQL as tinyint; PostgreSQL as true/false. */
export const flag = z.union([z.boolean(), scalar]).transform((value) => value === true || value === 1 || value === '1' || value === 'true');

/** GORM's soft delete: NULL while alive, else the deletion time (text on SQLite, a date elsewhere). */
export const deletedAt = z
  .union([scalar, z.date()])
  .transform((value) => (value === null || value === undefined || value === '' ? null : Math.floor(new Date(typeof value === 'bigint' ? Number(value) : value).getTime() / 1000) || 1));
