import type { AnalyticsQuerier } from '@tollgate/analytics';

const refuse = async (): Promise<never> => {
  throw new Error('the API harness has no analytics engine: import log rows through startEmbedded');
};

/** A byte stream that fails the same way on its first read. */
async function* refuseBytes(): AsyncGenerator<Uint8Array> {
  yield await refuse();
}

/** The API harness's analytics engine for imports: none, so an import that reaches the logs fails loudly. */
export const noAnalyticsQuerier: AnalyticsQuerier = { query: refuse, queryBytes: refuseBytes, insert: refuse, command: refuse, close: async () => {} };
