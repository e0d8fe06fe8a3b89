/** Every code the local identity would e-mail or text is this one in tests. */
export const FIXED_CODE = '123456';
export const DEMO_PASSWORD = 'Vigil!demo2026';
