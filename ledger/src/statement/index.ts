export { type Movement, type MovementKind, movementKinds, movementOf, quotaDeltaOf, topUpSourceOf } from './movement.js';
export { type LedgerPeriod, StatementBook, type StatementPeriod } from './statement-book.js';
