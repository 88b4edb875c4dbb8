/** Model names trimmed, empty ones dropped, each once, in their first order (new-api's normalizeModelNames). */
export function normalized(models: readonly string[]): string[] {
  return [...new Set(models.map((m) => m.trim()).filter(Boolean))];
}

const without = (base: readonly string[], removed: readonly string[]) => {
  const gone = new Set(normalized(removed));
  return normalized(base).filter((m) => !gone.has(m));
};

const within = (base: readonly string[], allowed: readonly string[]) => {
  const kept = new Set(normalized(allowed));
  return normalized(base).filter((m) => kept.has(m));
};

export const merged = (base: readonly string[], added: readonly string[]) => normalized([...base, ...added]);

/**
 * What the upstream's list asks of the channel's (new-api's collectPendingUpstreamModelChanges):
 * to add, the upstream's models the channel neither lists nor reaches through its model mapping
 * nor ignores; to remove, the channel's models the upstream no longer lists, except a mapping's
 * source names (aliases the upstream never lists).
 */
export function pendingChanges(local: readonly string[], upstream: readonly string[], ignored: readonly string[], mapping: Readonly<Record<string, string>>): { add: string[]; remove: string[] } {
  const covered = new Set([...normalized(local), ...Object.values(mapping).map((t) => t.trim())]);
  const skip = new Set(normalized(ignored));
  const listed = new Set(normalized(upstream));
  const aliases = new Set(Object.keys(mapping).map((s) => s.trim()));
  return {
    add: normalized(upstream).filter((m) => !covered.has(m) && !skip.has(m)),
    remove: normalized(local).filter((m) => !aliases.has(m) && !listed.has(m)),
  };
}

export interface Selection {
  add: readonly string[];
  remove: readonly string[];
  ignore: readonly string[];
}

export interface Applied {
  models: string[];
  added: string[];
  removed: string[];
  ignored: string[];
  remainingAdd: string[];
  remainingRemove: string[];
  /** The ignore list after: the newly ignored joined, the newly added taken out. */
  ignoredAfter: string[];
}

/**
 * An admin's choice among the pending changes (new-api's applyChannelUpstreamModelUpdates): only
 * pending names count; a model both added and removed is added; ignored ones are never offered again.
 */
export function applySelection(models: readonly string[], pending: { add: readonly string[]; remove: readonly string[] }, ignoredBefore: readonly string[], selection: Selection): Applied {
  const added = within(selection.add, pending.add);
  const ignored = within(selection.ignore, pending.add);
  const removed = without(within(selection.remove, pending.remove), added);
  return {
    models: without(merged(models, added), removed),
    added,
    removed,
    ignored,
    remainingAdd: without(pending.add, [...added, ...ignored]),
    remainingRemove: without(pending.remove, removed),
    ignoredAfter: without(merged(ignoredBefore, ignored), added),
  };
}
