import { paypalEnv, startPayPalStandIn } from './server.js';

/**
 * The stand-in as a process of its own (PayPal is another machine: in a bench it should not share the process of the
 * code it serves). STANDIN_SEED_WALLETS=n saves wallets VT-SEED-0 … VT-SEED-(n-1); STANDIN_DELAY_MS delays every
 * answer. Prints its environment as one
 * JSON line; on SIGTERM prints the number of wallet charges and exits.
 */
const standin = await startPayPalStandIn();
const seeded = Number(process.env.STANDIN_SEED_WALLETS ?? 0);
for (let i = 0; i < seeded; i++) standin.wallets.set(`VT-SEED-${i}`, `buyer${i}@example.com`);
// PayPal's own latency (STANDIN_DELAY_MS): every answer that much later.
standin.answerDelay(Number(process.env.STANDIN_DELAY_MS ?? 0));
console.log(JSON.stringify(paypalEnv(standin)));
process.once('SIGTERM', () => {
  console.log(JSON.stringify({ walletCharges: standin.walletCharges() }));
  void standin.close().then(() => process.exit(0));
});
