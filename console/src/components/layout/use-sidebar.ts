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
  // Navigating on a phone closes the drawer, while rendering the new page rather than one render later.
  const [shownPath, setShownPath] = useState(pathname);
  if (shownPath !== pathname) {
    setShownPath(pathname);
    if (!isWide()) setOpen(null);
  }
  const toggle = useCallback(() => setOpen((now) => !(now ?? (isWide() && !collapsedByDefault))), [collapsedByDefault]);
  const close = useCallback(() => setOpen(false), []);
  // The drawer over a phone's page shuts with Escape, as a dialog does.
  useEffect(() => {
    if (open !== true || isWide()) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setOpen(false);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);
  const className = open === null ? (collapsedByDefault ? 'hidden' : 'hidden md:block') : open ? OVER_THE_PAGE : 'hidden';
  // `shown`: whether it is on screen now (for the toggle's aria-expanded); untouched it follows the screen width.
  const shown = open ?? (isWide() && !collapsedByDefault);
  return { className, toggle, close, open: open === true, shown };
}
