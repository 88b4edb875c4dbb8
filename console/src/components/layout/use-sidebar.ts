import { useCallback, useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';

const WIDE_SCREEN = '(min-width: 768px)';
const isWide = () => window.matchMedia?.(WIDE_SCREEN).matches ?? true;

/** On a phone the open sidebar lies over the page (below the sticky header, h-14) instead of squeezing it. */
const OVER_THE_PAGE = 'block max-md:fixed max-md:bottom-0 max-md:left-0 max-md:top-14 max-md:z-40 max-md:overflow-y-auto max-md:bg-white max-md:shadow-xl max-md:dark:bg-slate-950';

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
  const close = useCallback(() => setOpen(false), []);
  const className = open === null ? (collapsedByDefault ? 'hidden' : 'hidden md:block') : open ? OVER_THE_PAGE : 'hidden';
  return { className, toggle, close, open: open === true };
}
