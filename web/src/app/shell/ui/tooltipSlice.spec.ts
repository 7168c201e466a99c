import { expect } from 'chai';
import { TOOLTIP } from '@relaycast/contracts/constants';
import { tooltipPosition } from './Tooltip.js';
import { tooltipHidden, tooltipShown, tooltipSlice, tooltipUnmounted } from './tooltipSlice.js';

const show = tooltipShown({ text: 'Copy', x: 10, y: 20, placement: 'top', targetId: 't1' });

describe('tooltipSlice and placement', () => {
  it('mounts visible, fades out on hide, and unmounts afterwards', () => {
    let s = tooltipSlice.reducer(undefined, show);
    expect(s).to.include({ mounted: true, visible: true, text: 'Copy', targetId: 't1' });
    s = tooltipSlice.reducer(s, tooltipHidden());
    expect(s).to.include({ mounted: true, visible: false });
    s = tooltipSlice.reducer(s, tooltipUnmounted());
    expect(s).to.include({ mounted: false, visible: false, targetId: null });
  });

  it('does not unmount a tooltip that was shown again before the unmount delay ran out', () => {
    let s = tooltipSlice.reducer(undefined, show);
    s = tooltipSlice.reducer(s, tooltipHidden());
    s = tooltipSlice.reducer(s, tooltipShown({ text: 'Other', x: 1, y: 2, placement: 'bottom', targetId: 't2' }));
    s = tooltipSlice.reducer(s, tooltipUnmounted());
    expect(s).to.include({ mounted: true, visible: true, text: 'Other' });
  });

  it('sits 10 px above its target, or below when there is no room', () => {
    const above = tooltipPosition({ top: 200, bottom: 230, left: 100, width: 40 }, 0, 500);
    expect(above).to.deep.equal({ placement: 'top', x: 120, y: 700 - TOOLTIP.offsetPx });
    const below = tooltipPosition({ top: 10, bottom: 40, left: 0, width: 20 }, 5, 0);
    expect(below).to.deep.equal({ placement: 'bottom', x: 15, y: 40 + TOOLTIP.offsetPx });
    expect(TOOLTIP).to.deep.equal({ offsetPx: 10, fadeMs: 300, unmountDelayMs: 150, hoverThrottleMs: 50 });
  });
});
