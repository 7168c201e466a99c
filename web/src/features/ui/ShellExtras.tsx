import { CookieConsent } from './CookieConsent.js';
import { Toaster } from './Toaster.js';
import { TooltipHost } from './Tooltip.js';
import { TestClockBanner } from './TestClockBanner.js';

/**
 * The parts of the shell that render nothing in prerendered HTML (the cookie window, toasts, the tooltip):
 * loaded right after hydration so they are not part of a page's first-load JavaScript.
 */
export default function ShellExtras() {
  return (
    <>
      <TestClockBanner />
      <CookieConsent />
      <Toaster />
      <TooltipHost />
    </>
  );
}
