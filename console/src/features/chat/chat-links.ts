import type { ServerStatus } from '../status/api';

export interface ChatLink {
  name: string;
  url: string;
}

/** A `Chats` template with the key and the server address filled in ({key}, {address}, as new-api). */
export function fillChatLink(template: string, key: string, address: string): string {
  return template.replaceAll('{key}', key).replaceAll('{address}', encodeURIComponent(address));
}

/** A bare ChatLink/ChatLink2 (a NextChat-style app) opened with the key and the gateway as its settings. */
export function legacyChatLink(base: string, key: string, address: string): string {
  return `${base.replace(/\/$/, '')}/#/?settings=${encodeURIComponent(JSON.stringify({ key, url: address }))}`;
}

/** Every configured chat link, filled for `key`: the `Chats` entries, then ChatLink and ChatLink2. */
export function chatLinks(status: ServerStatus | undefined, key: string): ChatLink[] {
  const address = status?.server_address || window.location.origin;
  const fromChats = (status?.chats ?? []).flatMap((entry) => Object.entries(entry).map(([name, url]) => ({ name, url: fillChatLink(url, key, address) })));
  const legacy = [status?.chat_link, status?.chat_link2].filter((link): link is string => !!link).map((link, i) => ({ name: `ChatLink${i ? 2 : ''}`, url: legacyChatLink(link, key, address) }));
  return [...fromChats, ...legacy];
}
