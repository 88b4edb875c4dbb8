import { dict } from '@tollgate/wire';
/** The Midjourney actions of the spec, as the proxy names them. */
export const MjAction = {
  Imagine: 'IMAGINE', Upscale: 'UPSCALE', Variation: 'VARIATION', HighVariation: 'HIGH_VARIATION', LowVariation: 'LOW_VARIATION',
  Pan: 'PAN', Describe: 'DESCRIBE', Blend: 'BLEND', Upload: 'UPLOAD', Shorten: 'SHORTEN', Reroll: 'REROLL', Inpaint: 'INPAINT',
  Zoom: 'ZOOM', CustomZoom: 'CUSTOM_ZOOM', Modal: 'MODAL', SwapFace: 'SWAP_FACE',
} as const;

/** The submit paths whose action the path alone names. */
export const FIXED_ACTION_PATHS: Record<string, string> = dict({
  '/mj/submit/imagine': MjAction.Imagine,
  '/mj/submit/describe': MjAction.Describe,
  '/mj/submit/blend': MjAction.Blend,
  '/mj/submit/upload-discord-images': MjAction.Upload,
  '/mj/submit/shorten': MjAction.Shorten,
  '/mj/insight-face/swap': MjAction.SwapFace,
});

const SIMPLE_CHANGE: Record<string, string> = dict({ U: MjAction.Upscale, V: MjAction.Variation, R: MjAction.Reroll });

/** "1712345678 U2" (simple-change): the task it acts on and the action, or null when malformed. */
export function parseSimpleChange(content: string): { taskId: string; action: string } | null {
  const match = /^(\S+)\s+([UVR])([1-4]?)$/.exec(content.trim());
  if (!match) return null;
  const [, taskId = '', letter = ''] = match;
  if (letter !== 'R' && match[3] === '') return null;
  return { taskId, action: SIMPLE_CHANGE[letter] as string };
}

/** Button custom ids ("MJ::JOB::upsample::1::<hash>") by the fragment that names their action, most specific first. */
const CUSTOM_ID_ACTIONS: [string, string][] = [
  ['MJ::JOB::upsample', MjAction.Upscale],
  ['MJ::JOB::high_variation', MjAction.HighVariation],
  ['MJ::JOB::low_variation', MjAction.LowVariation],
  ['MJ::JOB::variation', MjAction.Variation],
  ['MJ::JOB::reroll', MjAction.Reroll],
  ['MJ::JOB::pan', MjAction.Pan],
  ['MJ::CustomZoom', MjAction.CustomZoom],
  ['MJ::Outpaint', MjAction.Zoom],
  ['MJ::Inpaint', MjAction.Inpaint],
];

/** The action a `/mj/submit/action` button stands for, or null when unknown. */
export function actionOfCustomId(customId: string): string | null {
  return CUSTOM_ID_ACTIONS.find(([fragment]) => customId.startsWith(fragment))?.[1] ?? null;
}
