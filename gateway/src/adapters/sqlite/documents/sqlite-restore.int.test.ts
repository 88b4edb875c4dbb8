import { runRestoreContract } from '../../../ports/documents/restore.contract.js';
import { openTempDocuments } from '../test-documents.js';

runRestoreContract('sqlite', () => {
  const temp = openTempDocuments();
  return { store: temp.documents, close: temp.close };
});
