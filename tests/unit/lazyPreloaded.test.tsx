import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { lazyPreloaded } from '../../src/lazyWithReload';
import { preloadable } from '../../src/preloadable';

const Widget = ({ name }: { name: string }) => <p>Widget {name}</p>;
const Fallback = vi.fn(() => <p>Loading…</p>);

describe('chunks loaded ahead (issue 20: no suspense on the first screen once its chunks are in)', () => {
  it('loads a chunk once however often it is asked for, and again after a failure', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue({ Widget });
    const chunk = preloadable(load);
    expect(chunk.loaded?.()).toBeUndefined();
    await expect(chunk()).rejects.toThrow('offline');
    expect(chunk.loaded?.()).toBeUndefined();
    await Promise.all([chunk(), chunk()]);
    expect(load).toHaveBeenCalledTimes(2);
    expect(chunk.loaded?.()).toEqual({ Widget });
  });

  it('renders a chunk that has arrived at once, without showing the fallback', async () => {
    const chunk = preloadable(async () => ({ Widget }));
    await chunk();
    const Preloaded = lazyPreloaded(chunk, (module) => module.Widget);
    Fallback.mockClear();
    render(
      <Suspense fallback={<Fallback />}>
        <Preloaded name="A" />
      </Suspense>,
    );
    expect(screen.getByText('Widget A')).toBeInTheDocument();
    expect(Fallback).not.toHaveBeenCalled();
  });

  it('suspends on a chunk not yet loaded, then shows it', async () => {
    const chunk = preloadable(async () => ({ Widget }));
    const Preloaded = lazyPreloaded(chunk, (module) => module.Widget);
    Fallback.mockClear();
    render(
      <Suspense fallback={<Fallback />}>
        <Preloaded name="B" />
      </Suspense>,
    );
    expect(screen.getByText('Loading…')).toBeInTheDocument();
    expect(await screen.findByText('Widget B')).toBeInTheDocument();
    expect(Fallback).toHaveBeenCalled();
  });
});
