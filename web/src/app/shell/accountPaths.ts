/** The signed-in user's profile: names, language, password, sign out everywhere (under /user/, a client-only prefix). */
export const PROFILE_PATH = '/user/profile';
/** The signed-in user's own subscriptions: each with its invoices, what is owed and the way to pay it. */
export const SUBSCRIPTIONS_PATH = '/user/subscriptions';
/** The signed-in user's invoices and credit notes (PDFs) and the billing details invoices are made out to. */
export const INVOICES_PATH = '/user/invoices';
