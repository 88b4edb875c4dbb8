import { dict } from '@tollgate/wire';
/**
 * new-api's default per-call prices (USD) of the Midjourney actions and Suno actions: the
 * ModelPrice option starts with them, so a fresh install bills tasks without setup.
 */
export const DEFAULT_TASK_PRICES: Record<string, number> = dict({
  mj_imagine: 0.1,
  mj_variation: 0.1,
  mj_reroll: 0.1,
  mj_blend: 0.1,
  mj_modal: 0.1,
  mj_zoom: 0.1,
  mj_shorten: 0.1,
  mj_high_variation: 0.1,
  mj_low_variation: 0.1,
  mj_pan: 0.1,
  // Inpaint and custom zoom only open a modal; the MODAL submit that follows is what costs.
  mj_inpaint: 0,
  mj_custom_zoom: 0,
  mj_describe: 0.05,
  mj_upscale: 0.05,
  swap_face: 0.05,
  mj_upload: 0.05,
  suno_music: 0.1,
  suno_lyrics: 0.01,
});
