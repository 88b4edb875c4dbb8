import type { OptionGroup } from './option-groups';

/** The spec's exact texts for a refused save. */
export const OPTION_MESSAGES = {
  saved: '保存成功',
  partlySaved: '部分保存失败，请重试',
  notSaved: '保存失败，请重试',
  logCleanFailed: '日志清理失败：',
  unchanged: '你似乎并没有修改什么',
  checkInput: '请检查输入',
  needsServerAddress: '请先填写服务器地址',
  topupGroupRatio: '充值分组倍率不是合法的 JSON 字符串',
  notJson: '不是合法的 JSON 字符串',
} as const;

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** The option keys whose draft differs from the saved value (an empty secret means "keep"). */
export function changedKeys(group: OptionGroup, saved: Record<string, string>, draft: Record<string, string>): string[] {
  return group.fields
    .filter(({ key, kind }) => (kind === 'secret' ? (draft[key] ?? '') !== '' : (draft[key] ?? '') !== (saved[key] ?? '')))
    .map(({ key }) => key);
}

/** Why the group's changes may not be saved, or null; `saved` holds the stored options (ServerAddress among them). */
export function groupProblem(group: OptionGroup, changed: string[], saved: Record<string, string>, draft: Record<string, string>): string | null {
  if (changed.length === 0) return OPTION_MESSAGES.unchanged;
  if (group.rule === 'needsServerAddress' && !(saved.ServerAddress ?? '').trim()) return OPTION_MESSAGES.needsServerAddress;
  for (const field of group.fields) {
    if (field.kind !== 'json' || !changed.includes(field.key)) continue;
    if (isJson(draft[field.key] ?? '')) continue;
    return field.key === 'TopupGroupRatio' ? OPTION_MESSAGES.topupGroupRatio : `${field.key} ${OPTION_MESSAGES.notJson}`;
  }
  return null;
}
