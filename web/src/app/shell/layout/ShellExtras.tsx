import { useEffect, useRef } from 'react';
import { CookieConsent } from '../ui/CookieConsent.js';
import { Toaster } from '../ui/Toaster.js';
import { TooltipHost } from '../ui/Tooltip.js';
import { TestClockBanner } from './TestClockBanner.js';

/** The CSS variable with the height the bars at the bottom of the window take (global.css reserves it). */
export const OVERLAYS_VAR = '--overlays-bottom';

/**
 * The bars fixed at the bottom of the window — the cookie window and the test clock's banner — in one stack whose
 * height the page reserves below its end and keeps clear when it scrolls something into view (global.css: body's
 * padding and html's scroll-padding). So nothing stays under them: a video scrolled into view keeps its controls
 * above them, and the end of the page can always be scrolled clear.
 */
function BottomOverlays() {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const root = document.documentElement;
    const reserve = () => root.style.setProperty(OVERLAYS_VAR, `${Math.ceil(el.getBoundingClientRect().height)}px`);
    reserve();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(reserve);
    observer?.observe(el);
    return () => {
      observer?.disconnect();
      root.style.removeProperty(OVERLAYS_VAR);
    };
  }, []);
  return (
    <div className="bottom-overlays" ref={ref} data-testid="bottom-overlays">
      <CookieConsent />
      <TestClockBanner />
    </div>
  );
}

/**
 * The parts of the shell that render nothing in prerendered HTML (the cookie window, toasts, the tooltip):
 * loaded right after hydration so they are not part of a page's first-load JavaScript.
 */
export default function ShellExtras() {
  return (
    <>
      <BottomOverlays />
      <Toaster />
      <TooltipHost />
    </>
  );
}
