/** An event read back from the log does not match its schema: a producer bug or a corrupted row. */
export class EventSchemaError extends Error {
  override readonly name = 'EventSchemaError';

  constructor(
    readonly context: { partition: number; offset: number },
    options: { cause: unknown },
  ) {
    super(`event at partition ${context.partition} offset ${context.offset} does not match its schema`, options);
  }
}
