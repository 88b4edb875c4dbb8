import { runTwoFactorStoreContract } from '../../../ports/documents/two-factor-store.contract.js';
import { openTempDocuments } from '../test-documents.js';

runTwoFactorStoreContract('sqlite', () => {
  const temp = openTempDocuments();
  return { store: temp.documents.twoFactor, close: temp.close };
});
