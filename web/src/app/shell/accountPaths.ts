/** The signed-in user's profile: names, language, password, sign out everywhere (under /user/, a client-only prefix). */
export const PROFILE_PATH = '/user/profile';
