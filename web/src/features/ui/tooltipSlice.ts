import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

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

export const tooltipSlice = createSlice({
  name: 'tooltip',
  initialState,
  reducers: {
    tooltipShown(state, action: PayloadAction<{ text: string; x: number; y: number; placement: TooltipPlacement; targetId: string }>) {
      Object.assign(state, action.payload, { mounted: true, visible: true });
    },
    tooltipHidden(state) {
      state.visible = false;
    },
    tooltipUnmounted(state) {
      if (!state.visible) {
        state.mounted = false;
        state.targetId = null;
      }
    },
  },
  selectors: {
    selectTooltip: (s) => s,
  },
});

export const { tooltipShown, tooltipHidden, tooltipUnmounted } = tooltipSlice.actions;
export const { selectTooltip } = tooltipSlice.selectors;
