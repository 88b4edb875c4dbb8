import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useToast } from '../../../components/ui/toast';
import { card } from '../../../components/ui/tokens';
import { useT } from '../../../i18n';
import type { AffinityCacheStats } from '@tollgate/wire';
import { optionApi } from './use-options';

const cacheKey = ['affinity-cache'] as const;

/** One row per rule: its entries (when its keys carry its name), and how often a lookup found its channel. */
function rulesOf(stats: AffinityCacheStats) {
  const names = [...new Set([...Object.keys(stats.by_rule_name), ...Object.keys(stats.lookups_by_rule_name)])];
  return names.map((name) => ({ name, entries: stats.by_rule_name[name], lookups: stats.lookups_by_rule_name[name] ?? { hits: 0, misses: 0 } }));
}

/** The channel affinity cache under its settings: what it holds per rule, each rule's hits and misses, clearing one rule or all. */
export function AffinityCacheCard() {
  const t = useT();
  const notify = useToast();
  const client = useQueryClient();
  const { data: stats, refetch } = useQuery({ queryKey: cacheKey, queryFn: ({ signal }) => optionApi.affinityCache(signal) });
  // undefined: no confirmation open; null: clear all; a name: clear that rule.
  const [clearing, setClearing] = useState<string | null | undefined>(undefined);
  const clear = async (ruleName: string | null) => {
    const { deleted } = await optionApi.clearAffinityCache(ruleName);
    notify(t('option.affinityCleared', { count: deleted }));
    await client.invalidateQueries({ queryKey: cacheKey });
  };
  return (
    <section className={`${card} space-y-3`} aria-labelledby="affinity-cache">
      <h2 id="affinity-cache" className="font-semibold">{t('option.affinityCache')}</h2>
      {stats && (
        <>
          <p className="text-sm text-slate-500 dark:text-slate-400" data-testid="affinity-cache-total">
            {t('option.affinityTotals', { total: stats.total, unknown: stats.unknown, capacity: stats.cache_capacity, algo: stats.cache_algo })}
          </p>
          <table className="w-full text-sm">
            <thead>
              <tr className="text-left">
                <th>{t('option.affinityRule')}</th>
                <th>{t('option.affinityEntries')}</th>
                <th>{t('option.affinityHits')}</th>
                <th>{t('option.affinityMisses')}</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {rulesOf(stats).map((rule) => (
                <tr key={rule.name} data-testid="affinity-rule-row">
                  <td>{rule.name}</td>
                  <td>{rule.entries ?? '—'}</td>
                  <td>{rule.lookups.hits}</td>
                  <td>{rule.lookups.misses}</td>
                  <td>
                    {rule.entries !== undefined && (
                      <Button variant="outline" onClick={() => setClearing(rule.name)}>{t('option.affinityClearRule')}</Button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
      <div className="flex gap-2">
        <Button variant="outline" onClick={() => void refetch()}>{t('option.affinityRefresh')}</Button>
        <Button variant="danger" onClick={() => setClearing(null)}>{t('option.affinityClearAll')}</Button>
      </div>
      <ConfirmDialog
        open={clearing !== undefined}
        title={clearing === null ? t('option.affinityConfirmAll') : t('option.affinityConfirmRule', { rule: clearing ?? '' })}
        confirmLabel={t('option.confirm')}
        cancelLabel={t('option.cancel')}
        onConfirm={() => void clear(clearing ?? null).catch(() => undefined)}
        onClose={() => setClearing(undefined)}
      />
    </section>
  );
}
