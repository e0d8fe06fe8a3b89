import { describe, expect, it } from 'vitest';
import { personLabel } from '../../contract/people';

describe('personLabel', () => {
  it('names a person with their credentials after a comma', () => {
    expect(personLabel({ username: 'reader1', name: 'Ana Ruiz', credentials: 'MD, FACNS' })).toBe(
      'Ana Ruiz, MD, FACNS',
    );
  });

  it('gives the name alone when no credentials are recorded', () => {
    expect(personLabel({ username: 'reader1', name: 'Ana Ruiz', credentials: '' })).toBe('Ana Ruiz');
    expect(personLabel({ username: 'reader1', name: 'Ana Ruiz' })).toBe('Ana Ruiz');
  });

  it('falls back to the username when the name is unknown, whatever the credentials', () => {
    expect(personLabel({ username: 'reader1', name: '', credentials: 'MD' })).toBe('reader1');
    expect(personLabel({ username: 'reader1' })).toBe('reader1');
  });
});
