import { expect } from 'chai';
import { throttle } from './throttle.js';

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('throttle (hover throttling)', () => {
  it('runs the first call at once and the last call of a burst once at the end of the window', async () => {
    const calls: string[] = [];
    const t = throttle((v: string) => calls.push(v), 50);
    t('a');
    t('b');
    t('c');
    expect(calls).to.deep.equal(['a']);
    await wait(80);
    expect(calls).to.deep.equal(['a', 'c']);
    await wait(60);
    t('d');
    expect(calls).to.deep.equal(['a', 'c', 'd']);
  });

  it('cancel drops a pending call', async () => {
    const calls: number[] = [];
    const t = throttle((v: number) => calls.push(v), 30);
    t(1);
    t(2);
    t.cancel();
    await wait(50);
    expect(calls).to.deep.equal([1]);
  });
});
