import { CASES, type CaseName } from './matrix-cases.js';
import { PROVIDER_ROWS, type ProviderRow } from './provider-rows.js';

export interface MatrixCell {
  row: ProviderRow;
  name: CaseName;
}

/** Every cell the matrix runs: each row's cases but those it declares unsupported. */
export const matrixCells = (rows: ProviderRow[] = PROVIDER_ROWS): MatrixCell[] => rows.flatMap((row) => CASES.filter((name) => !row.unsupported?.[name]).map((name) => ({ row, name })));
