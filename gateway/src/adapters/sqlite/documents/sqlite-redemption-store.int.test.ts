import { runRedemptionStoreContract } from '../../../ports/documents/redemption-store.contract.js';
import { openTempDocuments } from '../test-documents.js';

runRedemptionStoreContract('sqlite', () => {
  const temp = openTempDocuments();
  return { store: temp.documents.redemptions, close: temp.close };
});
