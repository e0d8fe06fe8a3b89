import { render, screen } from '@testing-library/react';
import { expect, it } from 'vitest';

// setup.ts has jsdom remember each label's field until the document changes (support/labelControls.ts).

it('names a field by its label as the document is now, after ids, fors and fields change', () => {
  const { container } = render(
    <form>
      <label htmlFor="mrn">MRN</label>
      <input id="mrn" />
      <label>
        Room <input />
      </label>
    </form>,
  );
  const label = screen.getByText('MRN') as HTMLLabelElement;
  const mrn = screen.getByRole('textbox', { name: 'MRN' });
  expect(label.control).toBe(mrn);
  expect(screen.getByRole('textbox', { name: 'Room' })).toBeInTheDocument();

  mrn.id = 'other';
  expect(label.control).toBeNull();
  expect(screen.queryByRole('textbox', { name: 'MRN' })).toBeNull();

  label.htmlFor = 'other';
  expect(screen.getByRole('textbox', { name: 'MRN' })).toBe(mrn);

  const replacement = document.createElement('input');
  replacement.id = 'other';
  mrn.before(replacement);
  expect(label.control).toBe(replacement);
  expect(screen.getByRole('textbox', { name: 'MRN' })).toBe(replacement);

  replacement.type = 'hidden';
  expect(label.control).toBeNull();
  container.querySelector('form')?.append(label);
  expect(label.control).toBeNull();
});
