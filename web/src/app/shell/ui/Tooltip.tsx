import { useEffect } from 'react';
import { TOOLTIP } from '@relaycast/contracts/constants';
import { useAppDispatch, useAppSelector } from '../hooks.js';
import { throttle } from './throttle.js';
import { selectTooltip, tooltipHidden, tooltipShown, tooltipUnmounted, type TooltipPlacement } from './tooltipSlice.js';

export const TOOLTIP_ID = 'app-tooltip';
let anonymousTargets = 0;

/** Where a tooltip goes for a target: above it (10 px off), or below when there is no room above. */
export function tooltipPosition(rect: { top: number; bottom: number; left: number; width: number }, scrollX: number, scrollY: number) {
  const placement: TooltipPlacement = rect.top > 56 ? 'top' : 'bottom';
  return {
    placement,
    x: Math.round(rect.left + rect.width / 2 + scrollX),
    y: Math.round(placement === 'top' ? rect.top + scrollY - TOOLTIP.offsetPx : rect.bottom + scrollY + TOOLTIP.offsetPx),
  };
}

/**
 * The general tooltip (seed §2, §9): any element with data-tooltip="text" gets it on hover (hover throttled to
 * 50 ms) or keyboard focus. It fades in over 300 ms, sits 10 px off its target, and is unmounted 150 ms after it
 * hides. Escape dismisses it.
 */
export function TooltipHost() {
  const tip = useAppSelector(selectTooltip);
  const dispatch = useAppDispatch();

  useEffect(() => {
    let current: HTMLElement | null = null;
    // A target whose text changes while its tooltip shows (the theme button after a click) shows the new text.
    const retext =
      typeof MutationObserver === 'undefined'
        ? null
        : new MutationObserver(() => {
            if (!current) return;
            const el = current;
            hide();
            show(el);
          });
    const show = (el: HTMLElement) => {
      const text = el.getAttribute('data-tooltip');
      if (!text) return;
      if (!el.id) el.id = `tooltip-target-${++anonymousTargets}`;
      current = el;
      el.setAttribute('aria-describedby', TOOLTIP_ID);
      retext?.observe(el, { attributes: true, attributeFilter: ['data-tooltip'] });
      dispatch(tooltipShown({ text, targetId: el.id, ...tooltipPosition(el.getBoundingClientRect(), window.scrollX, window.scrollY) }));
    };
    const hide = () => {
      if (!current) return;
      retext?.disconnect();
      current.removeAttribute('aria-describedby');
      current = null;
      dispatch(tooltipHidden());
    };
    const targetOf = (node: EventTarget | null) =>
      node instanceof Element ? node.closest<HTMLElement>('[data-tooltip]') : null;
    const onHover = throttle((target: EventTarget | null) => {
      const el = targetOf(target);
      if (el === current) return;
      hide();
      if (el) show(el);
    }, TOOLTIP.hoverThrottleMs);
    const onOver = (e: MouseEvent) => onHover(e.target);
    const onOut = (e: MouseEvent) => {
      if (current && !current.contains(e.relatedTarget as Node | null)) onHover(e.relatedTarget);
    };
    const onFocusIn = (e: FocusEvent) => {
      const el = targetOf(e.target);
      if (el && el !== current) {
        hide();
        show(el);
      }
    };
    const onFocusOut = () => hide();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') hide();
    };
    document.addEventListener('mouseover', onOver);
    document.addEventListener('mouseout', onOut);
    document.addEventListener('focusin', onFocusIn);
    document.addEventListener('focusout', onFocusOut);
    document.addEventListener('keydown', onKey);
    window.addEventListener('scroll', hide, { passive: true });
    return () => {
      retext?.disconnect();
      onHover.cancel();
      document.removeEventListener('mouseover', onOver);
      document.removeEventListener('mouseout', onOut);
      document.removeEventListener('focusin', onFocusIn);
      document.removeEventListener('focusout', onFocusOut);
      document.removeEventListener('keydown', onKey);
      window.removeEventListener('scroll', hide);
    };
  }, [dispatch]);

  useEffect(() => {
    if (!tip.mounted || tip.visible) return;
    const timer = setTimeout(() => dispatch(tooltipUnmounted()), TOOLTIP.unmountDelayMs);
    return () => clearTimeout(timer);
  }, [tip.mounted, tip.visible, dispatch]);

  if (!tip.mounted) return null;
  return (
    <div
      id={TOOLTIP_ID}
      role="tooltip"
      className={`tooltip tooltip-${tip.placement}`}
      data-visible={tip.visible ? 'true' : 'false'}
      style={{
        left: tip.x,
        top: tip.y,
        opacity: tip.visible ? 1 : 0,
        transition: `opacity ${TOOLTIP.fadeMs}ms ease`,
        animationDuration: `${TOOLTIP.fadeMs}ms`,
      }}
    >
      {tip.text}
    </div>
  );
}
