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

interface ChatTemplate {
  name: string;
  fill(key: string, address: string): string;
}

/** Whether the status's `chats` is what the Chats option holds: a list of {name: link template} objects. */
export function chatsAreReadable(status: ServerStatus | undefined): boolean {
  const chats: unknown = status?.chats ?? [];
  return Array.isArray(chats) && chats.every((entry) => typeof entry === 'object' && entry !== null && Object.values(entry).every((url) => typeof url === 'string'));
}

/** Every configured chat link, in the order /chat/{id} counts them: the `Chats` entries, then ChatLink and ChatLink2. */
function chatTemplates(status: ServerStatus | undefined): ChatTemplate[] {
  const fromChats = (chatsAreReadable(status) ? (status?.chats ?? []) : []).flatMap((entry) => Object.entries(entry).map(([name, url]) => ({ name, fill: (key: string, address: string) => fillChatLink(url, key, address) })));
  const legacy = [status?.chat_link, status?.chat_link2]
    .filter((link): link is string => !!link)
    .map((link, i) => ({ name: `ChatLink${i ? 2 : ''}`, fill: (key: string, address: string) => legacyChatLink(link, key, address) }));
  return [...fromChats, ...legacy];
}

/** The names of the chat links, for the sidebar's chat entries (no key needed to list them). */
export function chatLinkNames(status: ServerStatus | undefined): string[] {
  return chatTemplates(status).map((template) => template.name);
}

/** Every configured chat link, filled for `key` and the server address (this origin when ServerAddress is unset). */
export function chatLinks(status: ServerStatus | undefined, key: string): ChatLink[] {
  const address = status?.server_address || window.location.origin;
  return chatTemplates(status).map((template) => ({ name: template.name, url: template.fill(key, address) }));
}
