import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import ProtocolMarkdown from '../../src/resources/clients/protocol/ProtocolMarkdown';
import { RevisionView } from '../../src/resources/clients/protocol/RevisionView';
import { buildTransferRevision } from '../support/clientBuilders';

const show = (body: string) => render(<ProtocolMarkdown text={body} />);

describe('a protocol’s text', () => {
  it('is formatted from its markdown: headings, lists, emphasis, links that open apart', async () => {
    show(
      '# cEEG monitoring protocol\n\n- Call **seizures** in within 10 minutes\n- [On-call list](https://example.org/oncall)',
    );
    expect(await screen.findByRole('heading', { name: 'cEEG monitoring protocol' })).toBeInTheDocument();
    expect(screen.queryByText(/^# cEEG/)).toBeNull();
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByText('seizures').tagName).toBe('STRONG');
    const link = screen.getByRole('link', { name: 'On-call list' });
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('starts its headings at level three, under its section: never a second level-one heading of the page', async () => {
    show('# Protocol\n\n## Seizures\n\n### Calls\n\n#### Who');
    expect(await screen.findByRole('heading', { name: 'Protocol', level: 3 })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Seizures', level: 4 })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Calls', level: 5 })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Who', level: 6 })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
  });

  it('never renders raw HTML or a script link from the text', async () => {
    const { container } = show(
      'Before <script>window.hacked = true</script><img src=x onerror="window.hacked=true"> after\n\n[click](javascript:alert(1))',
    );
    await screen.findByText(/Before/);
    expect(container.querySelector('script, img')).toBeNull();
    expect((window as unknown as { hacked?: boolean }).hacked).toBeUndefined();
    expect(screen.getByText('click').closest('a')?.getAttribute('href') ?? '').not.toMatch(/javascript/i);
  });

  it('is what a revision shows, once the formatter has loaded', async () => {
    render(<RevisionView revision={buildTransferRevision({ body: '## Handover\n\n1. Call the unit' })} />);
    expect(await screen.findByRole('heading', { name: 'Handover' })).toBeInTheDocument();
    expect(screen.getByRole('listitem')).toHaveTextContent('Call the unit');
  });
});
