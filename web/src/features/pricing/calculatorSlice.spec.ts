import { expect } from 'chai';
import { CALCULATOR_DEFAULTS, CALCULATOR_LIMITS } from '@relaycast/contracts/constants';
import { STORES } from '../../test/stores.js';
import {
  calculatorReset,
  hoursChanged,
  providerChanged,
  publishersChanged,
  recordingsChanged,
  reStreamsChanged,
  selectCalculator,
  selectCalculatorEstimate,
  transcodeToggled,
  videoModeChanged,
  viewersChanged,
} from './calculatorSlice.js';

for (const [storeName, makeStore] of STORES) {
  describe(`calculatorSlice (through a real store) — ${storeName}`, () => {
    it("starts from the seed's state and defaults", () => {
      const store = makeStore();
      expect(selectCalculator(store.getState())).to.deep.equal({
        publishers: 1,
        viewers: 1,
        recordings: 0,
        reStreams: 0,
        videoMode: 2,
        transcode: false,
        hours: 5,
        dataTransferCostPerHour: 0,
        provider: 'none',
      });
      expect(selectCalculator(store.getState())).to.deep.equal(CALCULATOR_DEFAULTS);
    });

    it('rule 1: setting publishers lower than recordings lowers recordings to match', () => {
      const store = makeStore();
      store.dispatch(publishersChanged(6));
      store.dispatch(recordingsChanged(5));
      store.dispatch(publishersChanged(3));
      expect(selectCalculator(store.getState())).to.include({ publishers: 3, recordings: 3 });
      store.dispatch(publishersChanged(10));
      expect(selectCalculator(store.getState())).to.include({ publishers: 10, recordings: 3 });
    });

    it('rule 2: setting recordings higher than publishers raises publishers to match', () => {
      const store = makeStore();
      store.dispatch(recordingsChanged(4));
      expect(selectCalculator(store.getState())).to.include({ publishers: 4, recordings: 4 });
      store.dispatch(recordingsChanged(2));
      expect(selectCalculator(store.getState())).to.include({ publishers: 4, recordings: 2 });
    });

    it('rule 3: toggling transcode re-applies the re-stream value under the new bound', () => {
      const store = makeStore();
      store.dispatch(reStreamsChanged(15));
      expect(selectCalculator(store.getState()).reStreams).to.equal(15);
      store.dispatch(transcodeToggled(true));
      expect(selectCalculator(store.getState())).to.include({ transcode: true, reStreams: CALCULATOR_LIMITS.reStreams.maxWithTranscode });
      store.dispatch(reStreamsChanged(18));
      expect(selectCalculator(store.getState()).reStreams).to.equal(10);
      store.dispatch(transcodeToggled(false));
      expect(selectCalculator(store.getState())).to.include({ transcode: false, reStreams: 10 });
    });

    it('clamps inputs, recomputes the data-transfer cost and resets to the defaults', () => {
      const store = makeStore();
      store.dispatch(publishersChanged(0));
      store.dispatch(hoursChanged(10_000));
      store.dispatch(viewersChanged(1000));
      store.dispatch(videoModeChanged(3));
      store.dispatch(providerChanged('aws'));
      const s = selectCalculator(store.getState());
      expect(s.publishers).to.equal(CALCULATOR_LIMITS.publishers.min);
      expect(s.hours).to.equal(CALCULATOR_LIMITS.hours.max);
      expect(s.dataTransferCostPerHour).to.be.greaterThan(0);
      store.dispatch(calculatorReset());
      expect(selectCalculator(store.getState())).to.deep.equal(CALCULATOR_DEFAULTS);
    });

    it('the estimate prices the self-hosted units by the seed’s tiers, memoised', () => {
      const store = makeStore();
      store.dispatch(publishersChanged(25));
      store.dispatch(viewersChanged(400));
      const state = store.getState();
      const estimate = selectCalculatorEstimate(state);
      expect(selectCalculatorEstimate(state)).to.equal(estimate);
      // 25 publishers (units 1–20 at $5, 21–25 at $4) and 400 viewers (50 free, then 7 units, ordinals 26–32 at $4)
      expect(estimate.unitQuantity).to.equal(32);
      expect(estimate.selfHostedMonthlyCents).to.equal(14_800); // 20 × $5 + 12 × $4
    });
  });
}
