import { runTaskStoreContract } from '../../../ports/documents/task-store.contract.js';
import { openTempDocuments } from '../test-documents.js';

runTaskStoreContract('sqlite', () => {
  const temp = openTempDocuments();
  return { store: temp.documents.tasks, close: temp.close };
});
