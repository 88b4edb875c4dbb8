import type { CoreContext } from '../contexts/core.js';
import { type HealthSwitches, keywordList } from './health-rules.js';
import { rangesOf } from './status-code-ranges.js';

/**
 * The health options as the rules read them. Its own module because the relay's failure report
 * and the channel test both read it, and neither should import the other.
 */
export function healthSwitches(deps: CoreContext): HealthSwitches {
  return {
    automaticDisable: deps.options.boolean('AutomaticDisableChannelEnabled'),
    automaticEnable: deps.options.boolean('AutomaticEnableChannelEnabled'),
    disableThresholdSeconds: deps.options.number('ChannelDisableThreshold'),
    disableStatuses: rangesOf(deps.options.string('AutomaticDisableStatusCodes')),
    disableKeywords: keywordList(deps.options.string('AutomaticDisableKeywords')),
  };
}
