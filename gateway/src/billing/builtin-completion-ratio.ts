/**
 * new-api's built-in completion ratios: rules by model name that apply whatever the operator
 * saved in CompletionRatio (`locked`) or only to the models the saved map leaves out. new-api
 * stores CompletionRatio as just the models an operator edited, so without these rules an
 * imported map would bill every other model's completion tokens at ratio 1.
 */
export interface BuiltinRatio {
  ratio: number;
  /** True when new-api applies the rule even over an operator's saved ratio. */
  locked: boolean;
}

const rule = (ratio: number, locked: boolean): BuiltinRatio => ({ ratio, locked });
const startsWithAny = (name: string, prefixes: string[]) => prefixes.some((prefix) => name.startsWith(prefix));

function openAiRule(name: string): BuiltinRatio | undefined {
  if (name.startsWith('gpt-4o')) {
    if (name === 'gpt-4o-2024-05-13') return rule(3, true);
    return name.startsWith('gpt-4o-mini-tts') ? rule(20, false) : rule(4, false);
  }
  if (name.startsWith('gpt-5')) return rule(8, true);
  if (name.startsWith('gpt-4.5-preview')) return rule(2, true);
  if (name.startsWith('gpt-4-turbo') || name.endsWith('gpt-4-1106') || name.endsWith('gpt-4-1105')) return rule(3, true);
  return undefined;
}

function claudeRule(name: string): BuiltinRatio | undefined {
  if (name.includes('claude-3') || ['claude-sonnet-4', 'claude-opus-4', 'claude-haiku-4'].some((part) => name.includes(part))) return rule(5, true);
  if (name.includes('claude-instant-1') || name.includes('claude-2')) return rule(3, true);
  return undefined;
}

function geminiRule(name: string): BuiltinRatio {
  if (startsWithAny(name, ['gemini-1.5', 'gemini-2.0'])) return rule(4, true);
  if (name.startsWith('gemini-2.5-pro')) return rule(8, false);
  if (name.startsWith('gemini-2.5-flash-preview')) return name.endsWith('-nothinking') ? rule(4, false) : rule(3.5 / 0.15, false);
  if (name.startsWith('gemini-2.5-flash-lite')) return rule(4, false);
  if (startsWithAny(name, ['gemini-2.5-flash', 'gemini-robotics-er-1.5'])) return rule(2.5 / 0.3, false);
  if (name.startsWith('gemini-3-pro-image')) return rule(60, false);
  if (name.startsWith('gemini-3-pro')) return rule(6, false);
  return rule(4, false);
}

const commandRatios = new Map([['command-r', 3], ['command-r-plus', 5], ['command-r-08-2024', 4], ['command-r-plus-08-2024', 4]]);
const exactRatios = new Map([['llama2-70b-4096', 0.8 / 0.64], ['llama3-8b-8192', 2], ['llama3-70b-8192', 0.79 / 0.59]]);

function vendorRule(name: string): BuiltinRatio | undefined {
  if (name.startsWith('mistral-')) return rule(3, true);
  if (name.startsWith('gemini-')) return geminiRule(name);
  if (name.startsWith('command')) {
    const ratio = commandRatios.get(name);
    return ratio === undefined ? rule(4, false) : rule(ratio, true);
  }
  if (startsWithAny(name, ['ERNIE-Speed-', 'ERNIE-Lite-', 'ERNIE-Character', 'ERNIE-Functions'])) return rule(2, true);
  const ratio = exactRatios.get(name);
  return ratio === undefined ? undefined : rule(ratio, true);
}

/**
 * new-api's rule for a model name (its getHardcodedCompletionModelRatio); unlocked 1 when no rule
 * names it. Every gpt- name takes the gpt- branch (unlocked 2 unless a gpt-4o/5/4.5/4-turbo rule
 * names it), so new-api's own gpt-3.5 rules are never reached and are not repeated here.
 */
export function builtinCompletionRatio(name: string): BuiltinRatio {
  if (name.endsWith('-all') || name.endsWith('-gizmo-*')) return rule(2, false);
  if (name.startsWith('gpt-')) return openAiRule(name) ?? rule(2, false);
  if (startsWithAny(name, ['o1', 'o3'])) return rule(4, true);
  if (name === 'chatgpt-4o-latest') return rule(3, true);
  return claudeRule(name) ?? vendorRule(name) ?? rule(1, false);
}

/**
 * The completion ratio new-api bills a model at: a model name with a "/" (an open-weights path)
 * takes its saved ratio first; otherwise a locked built-in rule, then the saved ratio, then the
 * built-in rule.
 */
export function completionRatioFor(saved: Record<string, number>, model: string): number {
  const name = model.startsWith('gpt-4-gizmo') ? 'gpt-4-gizmo-*' : model.startsWith('gpt-4o-gizmo') ? 'gpt-4o-gizmo-*' : model;
  const own = Object.hasOwn(saved, name) ? saved[name] : undefined;
  if (name.includes('/') && own !== undefined) return own;
  const builtin = builtinCompletionRatio(name);
  if (builtin.locked) return builtin.ratio;
  return own ?? builtin.ratio;
}
