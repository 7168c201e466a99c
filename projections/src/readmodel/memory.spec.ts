import { readModelConformance } from '../../test/readmodel-conformance.js';
import { createMemoryReadModelStore } from './memory.js';

readModelConformance('memory', async () => {
  const store = createMemoryReadModelStore();
  return { store, cleanup: () => store.close() };
});
