import { runAuditTrailContract } from '../../../ports/documents/audit-trail.contract.js';
import { openTempDocuments } from '../test-documents.js';

runAuditTrailContract('sqlite', () => {
  const temp = openTempDocuments();
  return { store: temp.documents.auditTrail, close: temp.close };
});
