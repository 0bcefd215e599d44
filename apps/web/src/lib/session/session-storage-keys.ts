/**
 * Where the browser keeps the session (localStorage). Shared with the browser tests, which store a
 * session signed in through the API as the login page would.
 */
export const SESSION_TOKEN_KEY = 'ec.session';
/** The organization used last, auto-selected at the next sign-in (spec 1 §4.2). */
export const LAST_ORG_KEY = 'ec.lastOrgGuid';
