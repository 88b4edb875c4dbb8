import { BATCH_SIZE, type ImportContext } from '../import-context.js';
import { sourceAbility, sourceChannel } from '../sources/new-api-rows.js';
import { channelsBroughtBy } from './import-channels.js';

const split = (text: string) =>
  text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);

/**
 * Tollgate derives the routing table (group, model -> channel) from each channel's models and
 * groups, as new-api rebuilds its abilities on every channel save. An ability row those do not
 * imply (edited by hand in the database) cannot be carried: the report names it.
 */
export async function checkAbilities(context: ImportContext): Promise<void> {
  const { source, report } = context;
  if (!(await source.hasTable('abilities')) || !(await source.hasTable('channels'))) return;
  const implied = new Set<string>();
  for await (const rows of source.batches('channels', BATCH_SIZE)) {
    for (const channel of rows.map((row) => sourceChannel.parse(row))) {
      for (const group of split(channel.group || 'default')) {
        for (const model of split(channel.models)) implied.add(`${channel.id}\n${group}\n${model}`);
      }
    }
  }
  for (const ability of (await source.all('abilities')).map((row) => sourceAbility.parse(row))) {
    const key = `${ability.channel_id}\n${ability.group}\n${ability.model}`;
    // Counted only when this run wrote its channel (a second run writes none).
    if (implied.has(key)) {
      if (channelsBroughtBy(context).has(ability.channel_id)) report.add('abilities (from channel models and groups)');
      else report.skip('abilities', `${ability.channel_id}/${ability.group}/${ability.model}`, 'its channel was not imported in this run');
    } else report.skip('abilities', `${ability.channel_id}/${ability.group}/${ability.model}`, "not implied by its channel's models and groups");
  }
}
