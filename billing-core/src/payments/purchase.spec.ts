import { expect } from 'chai';
import { orderDescription } from './purchase.js';

describe('what PayPal shows the buyer for an order (its description), in the buyer’s language', () => {
  it('English: the name as stored, then what is paid', () => {
    expect(orderDescription('Subscription 2026-03-10', 'period')).to.equal('Subscription 2026-03-10: licence period');
    expect(orderDescription('Subscription 2026-03-10', 'balance', 'en')).to.equal('Subscription 2026-03-10: change of plan');
  });

  it('Russian: the default name said as the account pages say it; a name someone typed is kept as typed', () => {
    expect(orderDescription('Subscription 2026-03-10', 'period', 'ru')).to.equal('Подписка от 10 мар. 2026 г.: период лицензии');
    expect(orderDescription('Studio A', 'balance', 'ru')).to.equal('Studio A: изменение тарифа');
  });
});
