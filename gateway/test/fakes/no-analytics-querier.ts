import type { AnalyticsQuerier } from '@tollgate/analytics';

const refuse = async (): Promise<never> => {
  throw new Error('the API harness has no analytics engine: import log rows through startEmbedded');
};

/** The API harness's analytics engine for imports: none, so an import that reaches the logs fails loudly. */
export const noAnalyticsQuerier: AnalyticsQuerier = { query: refuse, insert: refuse, command: refuse, close: async () => {} };
