import { runChannelStoreContract } from '../../ports/channel-store.contract.js';
import { openTempDocuments } from './test-documents.js';

runChannelStoreContract('sqlite', () => {
  const temp = openTempDocuments();
  return { store: temp.documents.channels, close: temp.close };
});
