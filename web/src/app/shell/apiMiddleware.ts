import { createDynamicMiddleware } from '@reduxjs/toolkit';

/**
 * Middleware that joins the app's store at run time (Redux Toolkit): RTK Query's, when the api chunk loads
 * (app/shell/api.ts). The app's store runs it (app/store.ts); the islands' store has no RTK Query.
 */
export const dynamicMiddleware = createDynamicMiddleware();
