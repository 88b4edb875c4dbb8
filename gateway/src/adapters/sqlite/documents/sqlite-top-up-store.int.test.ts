import { runTopUpStoreContract } from '../../../ports/documents/top-up-store.contract.js';
import { openTempDocuments } from '../test-documents.js';

runTopUpStoreContract('sqlite', () => {
  const temp = openTempDocuments();
  return { store: temp.documents.topUps, close: temp.close };
});
