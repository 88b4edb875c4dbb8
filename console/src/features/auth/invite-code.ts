/** Where the invite code of `/register?aff=` is remembered: any sign-up (password or a service) sends it along. */
export const AFF_KEY = 'aff';

export function rememberedAffCode(): string {
  return localStorage.getItem(AFF_KEY) ?? '';
}
