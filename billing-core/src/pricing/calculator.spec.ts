import { expect } from 'chai';
import { CALCULATOR_DEFAULTS, CALCULATOR_LIMITS } from '@relaycast/contracts/constants';
import {
  estimateCalculator,
  initialCalculatorState,
  setHours,
  setProvider,
  setPublishers,
  setReStreams,
  setRecordings,
  setTranscode,
  setViewers,
} from './calculator.js';

describe('pricing calculator (seed §3 and §4)', () => {
  it('starts from the seed’s defaults', () => {
    expect(initialCalculatorState()).to.deep.equal({
      publishers: 1, viewers: 1, recordings: 0, reStreams: 0, videoMode: 2, transcode: false, hours: 5, dataTransferCostPerHour: 0, provider: 'none',
    });
    expect(initialCalculatorState()).to.not.equal(CALCULATOR_DEFAULTS);
  });

  it('rule 1: setting publishers below recordings lowers recordings to match', () => {
    let s = setRecordings(setPublishers(initialCalculatorState(), 5), 4);
    s = setPublishers(s, 2);
    expect(s).to.include({ publishers: 2, recordings: 2 });
    expect(setPublishers(s, 3)).to.include({ publishers: 3, recordings: 2 });
  });

  it('rule 2: setting recordings above publishers raises publishers to match', () => {
    const s = setRecordings(initialCalculatorState(), 6);
    expect(s).to.include({ publishers: 6, recordings: 6 });
    expect(setRecordings(s, 3)).to.include({ publishers: 6, recordings: 3 });
  });

  it('rule 3: toggling transcode re-applies the re-stream value under the new bound', () => {
    let s = setReStreams(initialCalculatorState(), 15);
    expect(s.reStreams).to.equal(15);
    s = setTranscode(s, true);
    expect(s).to.include({ transcode: true, reStreams: CALCULATOR_LIMITS.reStreams.maxWithTranscode });
    s = setTranscode(s, false);
    expect(s).to.include({ transcode: false, reStreams: CALCULATOR_LIMITS.reStreams.maxWithTranscode });
  });

  it('clamps inputs to their limits and whole numbers', () => {
    expect(setPublishers(initialCalculatorState(), 0).publishers).to.equal(1);
    expect(setViewers(initialCalculatorState(), Number.NaN).viewers).to.equal(1);
    expect(setHours(initialCalculatorState(), 2.6).hours).to.equal(3);
  });

  it('prices egress from the chosen provider and keeps it in the state', () => {
    const s = setProvider(setViewers(initialCalculatorState(), 100), 'aws');
    // 100 viewers × 6000 kbps × 3600 s = 270 GB an hour at $9 per 100 GB → 2430 cents.
    expect(s.dataTransferCostPerHour).to.equal(2430);
    expect(setProvider(s, 'none').dataTransferCostPerHour).to.equal(0);
  });

  it('estimates licence units and cloud cost', () => {
    const e = estimateCalculator(initialCalculatorState());
    expect(e.unitQuantity).to.equal(1);
    expect(e.selfHostedMonthlyCents).to.equal(500);
    expect(e.machines).to.equal(1);
    expect(e.cloudHourlyCents).to.equal(5);
    expect(e.cloudTotalCents).to.equal(25);
    const big = estimateCalculator(setTranscode(setPublishers(setViewers(initialCalculatorState(), 400), 6), true));
    expect(big.machines).to.equal(3);
    expect(big.unitQuantity).to.equal(6 + 7);
  });
});
