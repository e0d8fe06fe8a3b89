/**
 * The app's name above the form, in its primary colour (Amplify's token, which follows the colour mode),
 * without MUI: the sign-in page loads none of it (issue 35, item 5). The icon is MUI's MonitorHeart, the
 * cases' icon in the app's menu, as markup.
 */
export const SignInHeader = () => (
  <div
    style={{
      display: 'flex',
      alignItems: 'center',
      justifyContent: 'center',
      gap: 8,
      marginBottom: 16,
      color: 'var(--amplify-colors-primary-80)',
    }}
  >
    <svg viewBox="0 0 24 24" width={35} height={35} fill="currentColor" aria-hidden="true" focusable="false">
      <path d="M15.11 12.45 14 10.24l-3.11 6.21c-.16.34-.51.55-.89.55s-.73-.21-.89-.55L7.38 13H2v5c0 1.1.9 2 2 2h16c1.1 0 2-.9 2-2v-5h-6c-.38 0-.73-.21-.89-.55" />
      <path d="M20 4H4c-1.1 0-2 .9-2 2v5h6c.38 0 .73.21.89.55L10 13.76l3.11-6.21c.34-.68 1.45-.68 1.79 0L16.62 11H22V6c0-1.1-.9-2-2-2" />
    </svg>
    <h1 style={{ margin: 0, fontSize: '1.5rem', fontWeight: 400, lineHeight: 1.334 }}>Vigil</h1>
  </div>
);
