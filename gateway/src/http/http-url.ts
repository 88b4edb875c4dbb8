/** An absolute http(s) link: what a channel's base URL or a link option may be (never `file:`, `data:` or `javascript:`). */
export function isHttpUrl(text: string): boolean {
  return URL.canParse(text) && /^https?:$/.test(new URL(text).protocol);
}
