import { projectionsNamed } from '../projections/index.js';
import { rebuildProjection } from '../rebuild.js';
import { openStores } from './settings.js';

/**
 * npm run rebuild -w projections -- [name …]
 * Drops the named Redis read models (all when none is named) and replays them from position 0. Stop the
 * projection processes that write them first: each read model has one writer. (In-memory read models are
 * rebuilt by every start of the read-api and need no command.)
 */
async function main() {
  const projections = projectionsNamed(process.argv.slice(2).filter((a) => !a.startsWith('-')));
  const stores = await openStores();
  try {
    for (const projection of projections) {
      const { position, millis } = await rebuildProjection(stores.events, stores.readModels, projection);
      console.log(`rebuilt ${projection.name} to position ${position} in ${millis} ms`);
    }
  } finally {
    await stores.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
