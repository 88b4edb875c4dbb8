import { runOptionStoreContract } from '../../../ports/documents/option-store.contract.js';
import { openTempDocuments } from '../test-documents.js';

runOptionStoreContract('sqlite', () => {
  const temp = openTempDocuments();
  return { store: temp.documents.options, close: temp.close };
});
