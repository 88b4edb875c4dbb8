/**
 * The status fields the spec's console also keeps under their own local-storage keys (section
 * "Local storage keys"), so pages and embedded tools that read those keys find them.
 */
const FLAG_KEYS = ['chat_link', 'chat_link2', 'mj_notify_enabled', 'default_collapse_sidebar', 'enable_data_export', 'enable_drawing', 'enable_task', 'footer_html'] as const;

export function rememberStatusFlags(status: object): void {
  const fields = status as Record<string, unknown>;
  for (const key of FLAG_KEYS) {
    if (fields[key] !== undefined) localStorage.setItem(key, String(fields[key]));
  }
  if (fields.chats !== undefined) localStorage.setItem('chats', JSON.stringify(fields.chats));
}
