import { checkOptionValue, isKnownOption } from '../../options/option-schema.js';
import type { ImportContext } from '../import-context.js';
import { sourceOption } from '../sources/new-api-rows.js';

/**
 * The options Tollgate knows, with values its own schema accepts; an option already set in
 * Tollgate is kept (a second run, or an admin's later choice). The rest are named in the report.
 */
export async function importOptions(context: ImportContext): Promise<void> {
  const { source, report, targets } = context;
  if (!(await source.hasTable('options'))) return;
  const existing = await targets.documents.options.all();
  const rows = (await source.all('options')).map((row) => sourceOption.parse(row));
  for (const { key, value } of rows) {
    if (!isKnownOption(key)) {
      report.skip('options', key, 'not a Tollgate option');
      continue;
    }
    if (Object.hasOwn(existing, key)) {
      report.skip('options', key, 'already set in Tollgate');
      continue;
    }
    const checked = checkOptionValue(key, value);
    if (!checked.ok) {
      report.skip('options', key, `value refused: ${checked.problem}`);
      continue;
    }
    if (!context.dryRun) await targets.documents.options.set(key, checked.value);
    report.add('options');
  }
  context.onProgress('options', rows.length, rows.length);
}
