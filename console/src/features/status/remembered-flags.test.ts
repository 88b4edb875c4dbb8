import { beforeEach, describe, expect, it } from 'vitest';
import { rememberStatusFlags } from './remembered-flags';

describe('rememberStatusFlags', () => {
  beforeEach(() => localStorage.clear());

  it('keeps the flags and links under the local-storage keys the spec names', () => {
    rememberStatusFlags({
      system_name: 'Acme',
      chat_link: 'https://chat.example',
      chat_link2: '',
      mj_notify_enabled: false,
      default_collapse_sidebar: true,
      enable_data_export: true,
      enable_drawing: false,
      enable_task: true,
      footer_html: '<b>Acme</b>',
      chats: [{ ChatGPT: 'https://chat.example/#/?settings={"key":"sk-{key}"}' }],
    });
    expect(Object.fromEntries(['chat_link', 'default_collapse_sidebar', 'enable_task', 'enable_drawing', 'footer_html'].map((k) => [k, localStorage.getItem(k)]))).toEqual({
      chat_link: 'https://chat.example',
      default_collapse_sidebar: 'true',
      enable_task: 'true',
      enable_drawing: 'false',
      footer_html: '<b>Acme</b>',
    });
    expect(JSON.parse(localStorage.getItem('chats') ?? 'null')).toEqual([{ ChatGPT: 'https://chat.example/#/?settings={"key":"sk-{key}"}' }]);
    expect(localStorage.getItem('system_name')).toBeNull();
  });
});
