import { CASES, type CaseName } from './matrix-cases.js';
import { FAMILIES } from './families/index.js';
import { PROVIDER_ROWS, type ProviderRow } from './provider-rows.js';

export interface MatrixCell {
  row: ProviderRow;
  name: CaseName;
}

/**
 * Whether a case concerns a row at all: the 200-refusal case only the providers that fail with
 * HTTP 200 and a code in the body (Baidu, Hunyuan, MiniMax, Spark, ChatGLM v3, AI Proxy's
 * library); the others fail with an HTTP status, which the 429 and 5xx cells cover.
 */
export const caseApplies = (row: ProviderRow, name: CaseName): boolean => name !== '200-refusal' || FAMILIES[row.family].bodyCodedErrors;

/** Every cell the matrix runs: each row's cases that apply to it but those it declares unsupported. */
export const matrixCells = (rows: ProviderRow[] = PROVIDER_ROWS): MatrixCell[] => rows.flatMap((row) => CASES.filter((name) => caseApplies(row, name) && !row.unsupported?.[name]).map((name) => ({ row, name })));
