import { runSubscriptionStoreContract } from '../../../ports/documents/subscription-store.contract.js';
import { openTempDocuments } from '../test-documents.js';

runSubscriptionStoreContract('sqlite', () => {
  const temp = openTempDocuments();
  return { store: temp.documents.subscriptions, close: temp.close };
});
