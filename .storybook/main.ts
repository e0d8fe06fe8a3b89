import type { StorybookConfig } from '@storybook/react-vite';

/**
 * Designers' Storybook: each story with its accessibility (axe) panel and docs page; the story tests run
 * every story in Chromium through Vitest (`--project storybook`, see vitest.config.ts).
 */
const config: StorybookConfig = {
  framework: '@storybook/react-vite',
  stories: ['../src/**/*.stories.tsx'],
  addons: ['@storybook/addon-a11y', '@storybook/addon-docs', '@storybook/addon-vitest'],
  core: { disableTelemetry: true },
};

export default config;
