import { runChannelStoreContract } from '../../../ports/documents/channel-store.contract.js';
import { openTempDocuments } from '../test-documents.js';

runChannelStoreContract('sqlite', () => {
  const temp = openTempDocuments();
  return { store: temp.documents.channels, close: temp.close };
});
