import { describe, expect, it } from 'vitest';
import { breadcrumbsFor, menuFor, titleOfSegment } from '../../server/domain/navigation';

describe('navigation', () => {
  it('gives a user with a role the menu, Home first', () => {
    expect(menuFor(['reader'])).toEqual([
      { title: 'Home', url: '/' },
      { title: 'Clients', url: '/continuous-monitoring/clients' },
    ]);
  });

  it('gives a user with no role no menu (the API answers Access denied)', () => {
    expect(menuFor([])).toBeUndefined();
  });

  it('builds a crumb per path segment, with record names where known', () => {
    const names = new Map([['/continuous-monitoring/clients/7', 'Lakeside General']]);
    expect(breadcrumbsFor('/continuous-monitoring/clients/7/useful-links?x=1', names)).toEqual([
      { title: 'Home', url: '/' },
      { title: 'Continuous monitoring', url: '/continuous-monitoring' },
      { title: 'Clients', url: '/continuous-monitoring/clients' },
      { title: 'Lakeside General', url: '/continuous-monitoring/clients/7' },
      { title: 'Useful links', url: '/continuous-monitoring/clients/7/useful-links' },
    ]);
    expect(breadcrumbsFor('/')).toEqual([{ title: 'Home', url: '/' }]);
  });

  it('titles unknown segments readably', () => {
    expect(titleOfSegment('transfer-protocol')).toBe('Transfer protocol');
    expect(titleOfSegment('billable_hours')).toBe('Billable hours');
  });
});
