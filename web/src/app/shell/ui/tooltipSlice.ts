import type { UnknownAction } from 'redux';

export type TooltipPlacement = 'top' | 'bottom';
/**
 * The general tooltip (seed §2, §9). One tooltip for the whole page: `mounted` says whether it is in the DOM,
 * `visible` drives its fade. Hiding first clears `visible` (the fade-out starts) and the component unmounts it
 * TOOLTIP.unmountDelayMs later, unless it was shown again meanwhile.
 */
export interface TooltipState {
  text: string;
  /** Page coordinates of the tooltip's anchor point (centre of the target's top or bottom edge). */
  x: number;
  y: number;
  placement: TooltipPlacement;
  targetId: string | null;
  mounted: boolean;
  visible: boolean;
}

const initialState: TooltipState = { text: '', x: 0, y: 0, placement: 'top', targetId: null, mounted: false, visible: false };

export const tooltipShown = (at: { text: string; x: number; y: number; placement: TooltipPlacement; targetId: string }) => ({ type: 'tooltip/tooltipShown', payload: at }) as const;
export const tooltipHidden = () => ({ type: 'tooltip/tooltipHidden' }) as const;
export const tooltipUnmounted = () => ({ type: 'tooltip/tooltipUnmounted' }) as const;
type TooltipAction = ReturnType<typeof tooltipShown> | ReturnType<typeof tooltipHidden> | ReturnType<typeof tooltipUnmounted>;

function reducer(state: TooltipState = initialState, incoming: UnknownAction): TooltipState {
  const action = incoming as TooltipAction;
  switch (action.type) {
    case 'tooltip/tooltipShown':
      return { ...state, ...action.payload, mounted: true, visible: true };
    case 'tooltip/tooltipHidden':
      return state.visible ? { ...state, visible: false } : state;
    case 'tooltip/tooltipUnmounted':
      return state.visible || (!state.mounted && state.targetId === null) ? state : { ...state, mounted: false, targetId: null };
    default:
      return state;
  }
}

export const tooltipSlice = { reducerPath: 'tooltip', reducer } as const;

export const selectTooltip = (s: { tooltip: TooltipState }) => s.tooltip;
