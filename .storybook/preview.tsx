import CssBaseline from '@mui/material/CssBaseline';
import { createTheme, ThemeProvider } from '@mui/material/styles';
import type { Preview } from '@storybook/react-vite';
import { lightTheme } from '../src/theme';

const theme = createTheme(lightTheme);

/** Stories render with the app's theme; stories of the whole app get theirs from <Admin>. */
const preview: Preview = {
  decorators: [
    (Story) => (
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <Story />
      </ThemeProvider>
    ),
  ],
};

export default preview;
