import { useEffect } from 'react';
import type { ServerStatus } from '../../features/status/api';

export const DEFAULT_SYSTEM_NAME = 'Tollgate';
export const DEFAULT_LOGO = '/logo.png';

function faviconLink(): HTMLLinkElement {
  const existing = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (existing) return existing;
  const link = document.createElement('link');
  link.rel = 'icon';
  return document.head.appendChild(link);
}

/** The browser tab carries the operator's brand: SystemName as the title, Logo as the favicon. */
export function useBranding(status: ServerStatus | undefined): void {
  const name = status?.system_name || DEFAULT_SYSTEM_NAME;
  const logo = status?.logo || DEFAULT_LOGO;
  useEffect(() => {
    document.title = name;
  }, [name]);
  useEffect(() => {
    faviconLink().href = logo;
  }, [logo]);
}
