import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { reachesDocument } from './support/emotionStyles';

/** The text of every emotion rule in the document. */
const emotionRules = () =>
  [...document.head.querySelectorAll('style[data-emotion]')]
    .map((tag) => tag.textContent ?? '')
    .filter(Boolean);

describe('the CSS a component test sees (setup.ts)', () => {
  it('lets through the rules that declare display, visibility, opacity or pointer events, and no other', () => {
    expect(reachesDocument('.css-1{display:none;}')).toBe(true);
    expect(reachesDocument('.css-2{color:red;visibility:hidden;}')).toBe(true);
    expect(reachesDocument('.css-3{opacity: 0;}')).toBe(true);
    expect(reachesDocument('.css-4.Mui-disabled{pointer-events:none;cursor:default;}')).toBe(true);
    expect(reachesDocument('@media (min-width:600px){.css-5{display:block;}}')).toBe(true);
    expect(reachesDocument('.css-6{color:red;font-family:monospace;}')).toBe(false);
    expect(reachesDocument('.css-7{grid-template-areas:"display";}')).toBe(false);
  });

  it('keeps an element that CSS hides out of reach, and drops the rules that cannot hide it', () => {
    render(
      <>
        <Box component="button" sx={{ display: 'none' }}>
          Hidden by its class
        </Box>
        <Box component="button" sx={{ color: 'rgb(1, 2, 3)' }}>
          Coloured by its class
        </Box>
      </>,
    );
    expect(screen.queryByRole('button', { name: 'Hidden by its class' })).toBeNull();
    expect(screen.getByText('Hidden by its class')).not.toBeVisible();
    const coloured = screen.getByRole('button', { name: 'Coloured by its class' });
    expect(getComputedStyle(coloured).color).not.toBe('rgb(1, 2, 3)');
    const rules = emotionRules();
    expect(rules.some((rule) => rule.includes('display:none'))).toBe(true);
    expect(rules.some((rule) => rule.includes('rgb(1, 2, 3)'))).toBe(false);
  });

  it("keeps MUI's pointer-events rule, so user-event still refuses to click through it", async () => {
    render(
      <Box sx={{ pointerEvents: 'none' }}>
        <Button>Behind a layer that takes no clicks</Button>
      </Box>,
    );
    await expect(
      userEvent.click(screen.getByRole('button', { name: 'Behind a layer that takes no clicks' })),
    ).rejects.toThrow(/pointer-events: none/);
  });
});
