/** Ports of the end-to-end server and its local identity; set E2E_PORT / E2E_IDENTITY_PORT to run two suites side by side. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 8099);
export const E2E_IDENTITY_PORT = Number(process.env.E2E_IDENTITY_PORT ?? 9349);
/**
 * The server's HL7 v2 (MLLP) listener; the hospital the interface story plays listens on the next two ports
 * (its MLLP and FHIR endpoints). Set E2E_MLLP_PORT beside E2E_PORT to run two suites side by side.
 */
export const E2E_MLLP_PORT = Number(process.env.E2E_MLLP_PORT ?? 2585);
/** Every code the local identity would e-mail or text is this one in the end-to-end run. */
export const FIXED_CODE = '123456';
export const DEMO_PASSWORD = 'Vigil!demo2026';
export const TEMP_PASSWORD = 'Vigil!temp2026';
/** Short-lived access and id tokens, so a test can see the app refresh them. */
export const E2E_TOKEN_SECONDS = 45;
