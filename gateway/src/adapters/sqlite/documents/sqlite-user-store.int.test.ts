import { runUserStoreContract } from '../../../ports/documents/user-store.contract.js';
import { openTempDocuments } from '../test-documents.js';

runUserStoreContract('sqlite', () => {
  const temp = openTempDocuments();
  return { store: temp.documents.users, close: temp.close };
});
