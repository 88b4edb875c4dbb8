interface FinishingChoice {
  finish_reason?: unknown;
}

const choicesOf = (answer: unknown): FinishingChoice[] => {
  const choices = (answer as { choices?: unknown } | null)?.choices;
  return Array.isArray(choices) ? (choices as FinishingChoice[]) : [];
};

/**
 * An OpenAI answer or chunk whose provider filtered its content, told the OpenAI way: every
 * choice that finishes finishes as `content_filter`. A copy; the provider's own flags stay.
 */
export function asContentFiltered<T>(answer: T): T {
  const choices = choicesOf(answer).map((choice) => (choice.finish_reason ? { ...choice, finish_reason: 'content_filter' } : choice));
  return { ...answer, choices };
}

/** GLM-4's finish reason for an answer its safety review cut: `sensitive`. */
export const finishedAsSensitive = (answer: unknown): boolean => choicesOf(answer).some((choice) => choice.finish_reason === 'sensitive');

/** MiniMax's flag on an answer (and on its stream's last event) whose output it filtered. */
export const outputSensitive = (answer: unknown): boolean => (answer as { output_sensitive?: unknown } | null)?.output_sensitive === true && choicesOf(answer).some((choice) => Boolean(choice.finish_reason));
