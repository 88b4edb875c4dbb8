/** The model name a Midjourney action is priced and routed under (new-api's names). */
export function mjModelName(action: string): string {
  return action === 'SWAP_FACE' ? 'swap_face' : `mj_${action.toLowerCase()}`;
}

/** The model name a Suno action is priced and routed under. */
export function sunoModelName(action: string): string {
  return `suno_${action.toLowerCase()}`;
}
