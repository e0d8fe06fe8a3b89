import { describe, expect, it } from 'vitest';
import { breadcrumbsFor, menuFor, titleOfSegment } from '../../server/domain/navigation';

describe('navigation', () => {
  it('gives a user with a role the menu, Home first', () => {
    expect(menuFor(['reader'])).toEqual([
      { title: 'Home', url: '/' },
      { title: 'Clients', url: '/continuous-monitoring/clients' },
      { title: 'Intake', url: '/continuous-monitoring/cases/intake' },
      { title: 'Monitoring', url: '/continuous-monitoring/cases/monitoring' },
      { title: 'Preview', url: '/continuous-monitoring/cases/preview' },
      { title: 'Reviewed', url: '/continuous-monitoring/cases/reviewed' },
      { title: 'Closed', url: '/continuous-monitoring/cases/closed' },
      { title: 'Assignments', url: '/continuous-monitoring/cases/assignments' },
      { title: 'Bugs', url: '/bugs' },
    ]);
  });

  it('gives an admin the administration pages too: users, backups, the access log, the hospital messages, bugs and the self-checks', () => {
    expect(menuFor(['admin'])?.slice(-8)).toEqual([
      { title: 'Billing', url: '/billing' },
      { title: 'Reporting', url: '/reporting' },
      { title: 'Users', url: '/users' },
      { title: 'Backups', url: '/backups' },
      { title: 'Access log', url: '/access-log' },
      { title: 'Hospital messages', url: '/interfaces/messages' },
      { title: 'Bugs', url: '/bugs' },
      { title: 'Self-checks', url: '/bugs/integration-testing' },
    ]);
    for (const role of ['technologist', 'reader', 'billing'] as const) {
      const urls = menuFor([role])?.map((item) => item.url);
      expect(urls).not.toContain('/users');
      expect(urls).not.toContain('/backups');
      expect(urls).not.toContain('/access-log');
      expect(urls).not.toContain('/interfaces/messages');
    }
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
    const caseNames = new Map([['/continuous-monitoring/cases/monitoring/42', 'LGH-2026-0042']]);
    expect(breadcrumbsFor('/continuous-monitoring/cases/monitoring/42/activity', caseNames)).toEqual([
      { title: 'Home', url: '/' },
      { title: 'Continuous monitoring', url: '/continuous-monitoring' },
      { title: 'Cases', url: '/continuous-monitoring/cases' },
      { title: 'Monitoring', url: '/continuous-monitoring/cases/monitoring' },
      { title: 'LGH-2026-0042', url: '/continuous-monitoring/cases/monitoring/42' },
      { title: 'Activity', url: '/continuous-monitoring/cases/monitoring/42/activity' },
    ]);
    expect(breadcrumbsFor('/')).toEqual([{ title: 'Home', url: '/' }]);
  });

  it('names the self-checks page as the menu does', () => {
    expect(breadcrumbsFor('/bugs/integration-testing').at(-1)).toEqual({
      title: 'Self-checks',
      url: '/bugs/integration-testing',
    });
  });

  it('gives billing staff the billing and reporting pages, technologists neither', () => {
    const cases = ['Intake', 'Monitoring', 'Preview', 'Reviewed', 'Closed', 'Assignments'];
    expect(menuFor(['billing'])?.map((item) => item.title)).toEqual([
      'Home',
      'Clients',
      ...cases,
      'Billing',
      'Reporting',
      'Bugs',
    ]);
    expect(menuFor(['technologist'])?.map((item) => item.title)).toEqual([
      'Home',
      'Clients',
      ...cases,
      'Bugs',
    ]);
  });

  it('titles every page segment as the menu names it', () => {
    const lists = ['intake', 'monitoring', 'preview', 'reviewed', 'closed', 'assignments', 'create'];
    expect(lists.map(titleOfSegment).join(', ')).toBe(
      'Intake, Monitoring, Preview, Reviewed, Closed, Assignments, Create',
    );
    const pages = ['billing', 'reporting', 'users', 'backups', 'access-log', 'bugs', 'unauthorized'];
    expect(pages.map(titleOfSegment).join(', ')).toBe(
      'Billing, Reporting, Users, Backups, Access log, Bugs, Unauthorized',
    );
  });

  it('titles unknown segments readably', () => {
    expect(titleOfSegment('transfer-protocol')).toBe('Transfer protocol');
    expect(titleOfSegment('billable_hours')).toBe('Billable hours');
    expect(titleOfSegment('night--shift__notes')).toBe('Night shift notes');
    expect(titleOfSegment('caf%C3%A9-notes')).toBe('Café notes');
    // A malformed %-escape is shown as typed.
    expect(titleOfSegment('100%-done')).toBe('100% done');
  });
});
