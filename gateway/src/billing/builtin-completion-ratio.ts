/**
 * new-api's built-in completion ratios: rules by model name for the models the saved
 * CompletionRatio map leaves out. new-api stores CompletionRatio as just the models an operator
 * edited, so without these rules an imported map would bill every other model's completion
 * tokens at ratio 1.
 */
const startsWithAny = (name: string, prefixes: string[]) => prefixes.some((prefix) => name.startsWith(prefix));

function openAiRule(name: string): number | undefined {
  if (name.startsWith('gpt-4o')) {
    if (name === 'gpt-4o-2024-05-13') return 3;
    return name.startsWith('gpt-4o-mini-tts') ? 20 : 4;
  }
  if (name.startsWith('gpt-5')) return 8;
  if (name.startsWith('gpt-4.5-preview')) return 2;
  if (name.startsWith('gpt-4-turbo') || name.endsWith('gpt-4-1106') || name.endsWith('gpt-4-1105')) return 3;
  return undefined;
}

function claudeRule(name: string): number | undefined {
  if (name.includes('claude-3') || ['claude-sonnet-4', 'claude-opus-4', 'claude-haiku-4'].some((part) => name.includes(part))) return 5;
  if (name.includes('claude-instant-1') || name.includes('claude-2')) return 3;
  return undefined;
}

function geminiRule(name: string): number {
  if (startsWithAny(name, ['gemini-1.5', 'gemini-2.0'])) return 4;
  if (name.startsWith('gemini-2.5-pro')) return 8;
  if (name.startsWith('gemini-2.5-flash-preview')) return name.endsWith('-nothinking') ? 4 : 3.5 / 0.15;
  if (name.startsWith('gemini-2.5-flash-lite')) return 4;
  if (startsWithAny(name, ['gemini-2.5-flash', 'gemini-robotics-er-1.5'])) return 2.5 / 0.3;
  if (name.startsWith('gemini-3-pro-image')) return 60;
  if (name.startsWith('gemini-3-pro')) return 6;
  return 4;
}

const commandRatios = new Map([['command-r', 3], ['command-r-plus', 5], ['command-r-08-2024', 4], ['command-r-plus-08-2024', 4]]);
const exactRatios = new Map([['llama2-70b-4096', 0.8 / 0.64], ['llama3-8b-8192', 2], ['llama3-70b-8192', 0.79 / 0.59]]);

function vendorRule(name: string): number | undefined {
  if (name.startsWith('mistral-')) return 3;
  if (name.startsWith('gemini-')) return geminiRule(name);
  if (name.startsWith('command')) {
    const ratio = commandRatios.get(name);
    return ratio === undefined ? 4 : ratio;
  }
  if (startsWithAny(name, ['ERNIE-Speed-', 'ERNIE-Lite-', 'ERNIE-Character', 'ERNIE-Functions'])) return 2;
  const ratio = exactRatios.get(name);
  return ratio === undefined ? undefined : ratio;
}

/**
 * new-api's rule for a model name (its getHardcodedCompletionModelRatio); 1 when no rule names
 * it. Every gpt- name takes the gpt- branch (2 unless a gpt-4o/5/4.5/4-turbo rule names it), so
 * new-api's own gpt-3.5 rules are never reached and are not repeated here.
 */
export function builtinCompletionRatio(name: string): number {
  if (name.endsWith('-all') || name.endsWith('-gizmo-*')) return 2;
  if (name.startsWith('gpt-')) return openAiRule(name) ?? 2;
  if (startsWithAny(name, ['o1', 'o3'])) return 4;
  if (name === 'chatgpt-4o-latest') return 3;
  return claudeRule(name) ?? vendorRule(name) ?? 1;
}

/**
 * The completion ratio a model is billed at: the operator's saved ratio, else new-api's built-in
 * rule (issue #39). new-api also has rules it applies over a saved ratio (claude 5, mistral 3,
 * ...); Tollgate lets the operator's saved ratio stand, as the console shows it.
 */
export function completionRatioFor(saved: Record<string, number>, model: string): number {
  const name = model.startsWith('gpt-4-gizmo') ? 'gpt-4-gizmo-*' : model.startsWith('gpt-4o-gizmo') ? 'gpt-4o-gizmo-*' : model;
  return Object.hasOwn(saved, name) ? (saved[name] ?? 1) : builtinCompletionRatio(name);
}
