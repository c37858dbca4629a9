import { useLayoutEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/**
 * A page the customer goes to opens at its top, as a page loaded anew would: the router changes the address
 * and the screen, but the window kept the last page's scroll, so a product opened far down the menu showed
 * the bottom of its page (the footer). Not on Back and Forward (POP), where the browser puts the page where it
 * was, and not when only the query changes (a search, a language), which is the same page.
 */
export function ScrollToTop() {
  const { pathname } = useLocation();
  const navigation = useNavigationType();
  useLayoutEffect(() => {
    if (navigation !== 'POP') window.scrollTo(0, 0);
    // The page, not how the last change came: a query-only change keeps the pathname and the scroll.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pathname]);
  return null;
}
