/**
 * How many lenders the registry holds: the figure the site's copy states ("up to N banks and
 * licensed lenders"), so that it says one number everywhere. The server's registry is
 * `lenderRegistryFromEnv(process.env)` (LENDERS_CONFIG / LENDERS_CONFIG_FILE), else the sandbox's
 * catalogue (server/sandbox/lenders/catalogue.ts, SANDBOX_LENDERS); domain/ and the pages may not
 * import the server, so the figure lives here, and tests/e2e/disclosures.spec.ts fails when it
 * differs from the registry the test server runs with.
 */
export const LENDER_COUNT = 16;
