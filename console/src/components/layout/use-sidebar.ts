import { useCallback, useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';

const WIDE_SCREEN = '(min-width: 768px)';
const isWide = () => window.matchMedia?.(WIDE_SCREEN).matches ?? true;

/**
 * Sidebar visibility. Untouched (null) it follows the screen: hidden on mobile, shown on wide screens
 * unless the operator collapses it by default. A toggle overrides that; on mobile, navigating closes it.
 */
export function useSidebar(collapsedByDefault: boolean) {
  const [open, setOpen] = useState<boolean | null>(null);
  const { pathname } = useLocation();
  useEffect(() => {
    if (!isWide()) setOpen(null);
  }, [pathname]);
  const toggle = useCallback(() => setOpen((now) => !(now ?? (isWide() && !collapsedByDefault))), [collapsedByDefault]);
  const className = open === null ? (collapsedByDefault ? 'hidden' : 'hidden md:block') : open ? 'block' : 'hidden';
  return { className, toggle };
}
