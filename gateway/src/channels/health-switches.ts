import type { GatewayDeps } from '../deps.js';
import { type HealthSwitches, keywordList } from './health-rules.js';
import { rangesOf } from './status-code-ranges.js';

/**
 * The health options as the rules read them. Its own module because the relay's failure report
 * and the channel test both read it, and neither should import the other.
 */
export function healthSwitches(deps: Pick<GatewayDeps, 'options'>): HealthSwitches {
  return {
    automaticDisable: deps.options.boolean('AutomaticDisableChannelEnabled'),
    automaticEnable: deps.options.boolean('AutomaticEnableChannelEnabled'),
    disableThresholdSeconds: deps.options.number('ChannelDisableThreshold'),
    disableStatuses: rangesOf(deps.options.string('AutomaticDisableStatusCodes')),
    disableKeywords: keywordList(deps.options.string('AutomaticDisableKeywords')),
  };
}
