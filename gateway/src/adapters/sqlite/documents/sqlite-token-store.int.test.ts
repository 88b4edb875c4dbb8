import { runTokenStoreContract } from '../../../ports/documents/token-store.contract.js';
import { openTempDocuments } from '../test-documents.js';

runTokenStoreContract('sqlite', () => {
  const temp = openTempDocuments();
  return { store: temp.documents.tokens, close: temp.close };
});
